/// A store that lets one process among many hold a role: the active `review watch` among several watching the same
/// store, on one machine or many. The others ask again now and then, and take the role over once its holder is gone.
///
/// A role is held by a process, not by a store object or a thread: once a process holds it, every store object of
/// that process on the same store is told it holds it. A role is released when its holder's process ends, however it
/// ends (exit, crash, SIGKILL, a machine losing its connection to the database server), never by a timeout while
/// the holder runs, so two processes never hold it at once. There is no release call: a process that no longer wants
/// a role ends.
///
/// The SQLite store holds a role with an advisory lock (`flock(2)`) on a file beside the store
/// (`<store>-<role>.lock`), which the kernel releases with the holder's last descriptor.
public protocol RoleLeasing: Sendable {
    /// Takes `role` for this process, or confirms that it still holds it.
    /// - Parameter role: the role's name: lower-case ASCII letters, digits and `-` (`watch`).
    /// - Returns: true when this process holds the role (it took it now or held it already); false while another
    ///   live process holds it.
    /// - Throws: `ReviewError` `invalidValue` for a role name outside that alphabet; `storeUnavailable` when it
    ///   cannot be told who holds the role (the lock file cannot be created or locked, the server cannot be
    ///   reached). The caller then does not act as the holder.
    func holdRole(_ role: String) throws -> Bool
}

/// The names a role may have, checked by every `RoleLeasing` store: they become part of a file name (SQLite) or a
/// lock key (PostgreSQL).
package enum RoleName {
    /// - Throws: `ReviewError.invalidValue` unless `role` is 1 to 64 lower-case ASCII letters, digits and `-`.
    package static func check(_ role: String) throws(ReviewError) {
        let allowed = role.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        guard allowed, (1...64).contains(role.utf8.count) else {
            throw ReviewError(
                .invalidValue,
                "\"\(role)\" cannot name a role of the review store: use 1 to 64 lower-case letters, digits and -")
        }
    }
}
