/// A store that lets one process among many hold a role: the active `review watch` among several watching the same
/// store, on one machine or many. The others ask again now and then, and take the role over once its holder is gone.
///
/// A role is released when its holder ends, however it ends (exit, crash, SIGKILL), never by a timeout while the
/// holder runs. There is no release call: a process that no longer wants a role ends. What holds it is up to the
/// database (`RelationalReviewStore`'s driver):
///
/// - On SQLite: the process (every store object of that process on the same store is told it holds it), with
///   an advisory lock (`flock(2)`) on a file beside the store (`<store>-<role>.lock`), which the kernel releases with
///   the holder's last descriptor; two processes never hold it at once.
/// - On PostgreSQL: the store object's database session, with a session advisory lock, which the server
///   releases when the session ends: with the process, or when the server or network cuts the session (a server
///   restart; a machine gone, once TCP keepalives give up). A holder whose session was cut learns it at its next
///   `holdRole(_:)`, and until then may act as the holder beside the one that took over: callers must stay correct
///   then (two watchers polling record each state once).
public protocol RoleLeasing: OffloadingStore {
    /// Takes `role` for this process, or confirms that it still holds it.
    /// - Parameter role: the role's name: lower-case ASCII letters, digits and `-` (`watch`).
    /// - Returns: true when this process holds the role (it took it now or held it already); false while another
    ///   live process holds it.
    /// - Throws: `ReviewError` `invalidValue` for a role name outside that alphabet; `storeUnavailable` when it
    ///   cannot be told who holds the role (the lock file cannot be created or locked, the server cannot be
    ///   reached). The caller then does not act as the holder.
    func holdRole(_ role: String) throws(ReviewError) -> Bool
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
