extension SQLiteReviewStore: RoleLeasing {
    /// Holds `role` with an advisory `flock(2)` on `<path>-<role>.lock` beside the store (created 0600, never
    /// removed), kept for the life of the process; the kernel releases it when the process ends, SIGKILL included.
    /// Every process that opens the store must see the same file, so the store must be on a local file system (as
    /// SQLite's own locking requires).
    /// - Parameter role: the role (`watch`).
    /// - Returns: true when this process holds the role; false while another process holds it.
    /// - Throws: `ReviewError` `invalidValue` for a role name other than lower-case letters, digits and `-`;
    ///   `storeUnavailable` when the lock file cannot be created, opened or locked.
    public func holdRole(_ role: String) throws -> Bool {
        try RoleName.check(role)
        return try FileRoleLease.hold(lockFile: "\(path)-\(role).lock", role: role)
    }
}
