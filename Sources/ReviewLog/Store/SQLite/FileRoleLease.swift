internal import GatehouseCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Roles held with an advisory `flock(2)` lock on a lock file, for the life of the process: the system-call side of
/// the SQLite store's `RoleLeasing`.
///
/// - `flock(LOCK_EX | LOCK_NB)` belongs to the open file description, so the kernel releases it when the last
///   descriptor of that description closes, which it does when the process ends however it ends (SIGKILL included;
///   flock(2), "NOTES"). Nothing is written to the file and it is never removed: removing a lock file lets a newcomer
///   lock a new file while the holder still locks the old one.
/// - A second `open` of the same file in the same process is another description, which `flock` refuses like
///   another process's. So the descriptors held are kept in one process-wide table, keyed by the file's device and
///   inode (an inode cannot be reused while a descriptor holds it open), and a file already locked by this process
///   is confirmed from the table, whatever path spelling or store object asks.
/// - A lock file removed or replaced while held (by hand) is noticed at the next call: the file now at the path is
///   not in the table, so it is locked afresh, and refused while another process has locked that new file.
/// - Descriptors are opened `O_CLOEXEC`: a child process never inherits (and so never keeps alive) a lock.
enum FileRoleLease {
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ status: stat) {
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
        }
    }

    private struct HeldLock {
        var descriptor: Int32
        var path: String
    }

    private static let held = Mutex<[FileIdentity: HeldLock]>([:])

    /// Locks the file at `path` (created 0600 when missing) for this process, or confirms that this process has.
    /// - Parameters:
    ///   - path: the lock file.
    ///   - role: the role's name, for messages.
    /// - Returns: true when this process holds the lock; false while another process holds it.
    /// - Throws: `ReviewError.storeUnavailable` when the file cannot be created, opened or locked.
    static func hold(lockFile path: String, role: String) throws(ReviewError) -> Bool {
        try held.withLockVisibleToTSan { (held: inout [FileIdentity: HeldLock]) throws(ReviewError) -> Bool in
            if let current = identity(of: path), held[current] != nil { return true }
            let descriptor = try openLockFile(path, role: role)
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                let code = errno
                close(descriptor)
                throw failure(path, role: role, doing: "inspect", code)
            }
            let identity = FileIdentity(status)
            // Created or replaced between the two looks, by another thread's call of this process: already ours.
            if held[identity] != nil {
                close(descriptor)
                return true
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                close(descriptor)
                if code == EWOULDBLOCK { return false }
                throw failure(path, role: role, doing: "lock", code)
            }
            // Locks of files that were at this path before (removed or replaced by hand) guard nothing any more.
            for (stale, lock) in held where lock.path == path {
                close(lock.descriptor)
                held[stale] = nil
            }
            held[identity] = HeldLock(descriptor: descriptor, path: path)
            return true
        }
    }

    /// The device and inode of the file at `path`, if there is one.
    private static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// Opens the lock file, creating it readable and writable by its owner only when missing.
    private static func openLockFile(_ path: String, role: String) throws(ReviewError) -> Int32 {
        let created = open(path, O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if created >= 0 {
            // open(2) applies the umask, which can only remove bits; fchmod makes the mode exactly 0600.
            if fchmod(created, 0o600) != 0 {
                let code = errno
                close(created)
                throw failure(path, role: role, doing: "set mode 0600 on", code)
            }
            return created
        }
        guard errno == EEXIST else { throw failure(path, role: role, doing: "create", errno) }
        let existing = open(path, O_RDONLY | O_CLOEXEC)
        guard existing >= 0 else { throw failure(path, role: role, doing: "open", errno) }
        return existing
    }

    private static func failure(_ path: String, role: String, doing: String, _ code: Int32) -> ReviewError {
        ReviewError(
            .storeUnavailable,
            "cannot \(doing) the lock file \(path), which says which process holds the role \"\(role)\" of the "
                + "review store: \(DatabaseFile.errorText(code)). Make the store's directory writable by this user, "
                + "or move aside what is at that path if it is not a regular file")
    }
}
