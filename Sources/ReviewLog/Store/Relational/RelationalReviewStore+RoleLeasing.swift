extension RelationalReviewStore: RoleLeasing {
    /// Takes `role` with the driver's lock: on SQLite an advisory `flock(2)` on `<path>-<role>.lock` beside the store
    /// (created 0600, never removed), held by the process (so the store must be on a local file system, as SQLite's
    /// own locking requires); on PostgreSQL a session advisory lock held by this store object's connection.
    /// - Parameter role: the role (`watch`).
    /// - Returns: true when this process holds the role; false while another process holds it.
    /// - Throws: `ReviewError` `invalidValue` for a role name other than lower-case letters, digits and `-`;
    ///   `storeUnavailable` when the lock file cannot be created, opened or locked; the server's errors.
    public func holdRole(_ role: String) throws(ReviewError) -> Bool {
        try RoleName.check(role)
        return try database.holdRole(role)
    }
}
