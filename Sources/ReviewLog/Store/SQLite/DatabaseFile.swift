import GatehouseCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File-system work on the store's path, done with plain system calls before SQLite touches the file.
enum DatabaseFile {
    /// "GHRV": the `PRAGMA application_id` every Gatehouse review store carries (SQLite file format, offset 68).
    static let applicationID: Int32 = 0x4748_5256

    /// What the first bytes of an existing file say.
    enum Inspection: Equatable {
        case missing
        case gatehouse
    }

    /// Reads the file's header without opening it with SQLite, so a foreign file is never written to.
    ///
    /// A Gatehouse store is created whole and then linked into place, so its header always carries the
    /// application id; anything else (an empty file, not SQLite, SQLite of another application) is refused.
    /// - Throws: `ReviewError.notGatehouseDatabase` naming what the file is, `storeUnavailable` when unreadable.
    static func inspect(_ path: String) throws(ReviewError) -> Inspection {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return .missing }
            throw ReviewError(.storeUnavailable, "cannot read the review store \(path): \(errorText(errno))")
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        var filled = 0
        while filled < header.count {
            let count = header.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReviewError(.storeUnavailable, "cannot read the review store \(path): \(errorText(errno))")
            }
            if count == 0 { break }
            filled += count
        }
        let fix = "; it was not modified"
        if filled == 0 {
            throw ReviewError(.notGatehouseDatabase, "\(path) is an empty file, not a Gatehouse review store\(fix)")
        }
        let magic = Array("SQLite format 3\0".utf8)
        guard filled == 100, Array(header[0..<16]) == magic else {
            throw ReviewError(
                .notGatehouseDatabase, "\(path) is not a SQLite database, so not a Gatehouse review store\(fix)")
        }
        let found = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard Int32(bitPattern: found) == applicationID else {
            let what = found == 0 ? "no application id" : "application id 0x\(String(found, radix: 16))"
            throw ReviewError(
                .notGatehouseDatabase,
                "\(path) is a SQLite database of another application (\(what); a Gatehouse review store has "
                    + "0x\(String(applicationID, radix: 16)))\(fix)")
        }
        return .gatehouse
    }

    /// Creates the parent directories of `path` (mode 0700 for new ones), relative to the working directory unless
    /// absolute (`FilePath`, the rule every path option shares).
    static func createParentDirectories(of path: String) throws(ReviewError) {
        do { try FilePath.createMissingFolders(of: path) } catch {
            throw ReviewError(
                .storeUnavailable,
                "cannot create the directory \(error.path) for the review store: \(errorText(error.errorNumber))")
        }
    }

    /// Creates an empty file at `path` readable and writable by its owner only (0600, whatever the umask): a store
    /// holds notification channel URLs, whose path is the credential (Slack's and Discord's webhook URLs). SQLite
    /// gives its `-wal` and `-shm` files the database file's mode.
    static func createPrivateFile(_ path: String) throws(ReviewError) {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            throw ReviewError(.storeUnavailable, "cannot create the review store \(path): \(errorText(errno))")
        }
        defer { close(descriptor) }
        // open(2) applies the umask, which can only remove bits: 0600 stays 0600 or less; fchmod makes it exact.
        if fchmod(descriptor, 0o600) != 0 {
            throw ReviewError(.storeUnavailable, "cannot set mode 0600 on \(path): \(errorText(errno))")
        }
    }

    /// Puts the fully created file `temporary` at `path` unless a file is already there (`link` never replaces),
    /// then removes `temporary`. Returns whether this call placed it.
    static func place(_ temporary: String, at path: String) throws(ReviewError) -> Bool {
        defer { unlink(temporary) }
        if link(temporary, path) == 0 { return true }
        if errno == EEXIST { return false }
        // No fallback: without link(2) the creation cannot be made atomic, so fail closed.
        throw ReviewError(.storeUnavailable, "cannot create the review store \(path): \(errorText(errno))")
    }

    /// A name for a temporary sibling of `path`, unique to this process and call.
    static func temporarySibling(of path: String) -> String {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let random = UInt64(truncatingIfNeeded: clock.tv_nsec) ^ UInt64(truncatingIfNeeded: clock.tv_sec) << 30
        return "\(path).creating-\(getpid())-\(String(random, radix: 16))"
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Whether the file system holding `path` is mounted read-only: SQLite then reports "unable to open database
    /// file" for the WAL index it cannot create, which would not tell the user why.
    static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }
}
