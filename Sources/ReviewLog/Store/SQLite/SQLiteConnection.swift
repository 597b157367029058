internal import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One SQLite connection, owned by exactly one object: closed in `deinit`, or before a failed `init` throws.
///
/// Not thread-safe: a connection is used by one command at a time.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String

    /// Opens `path`.
    /// - Parameters:
    ///   - path: the file.
    ///   - create: whether to create the file when missing (else it must exist).
    /// - Throws: `ReviewError.storeUnavailable` with SQLite's message.
    init(path: String, create: Bool) throws(ReviewError) {
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &pointer, flags, nil)
        guard status == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            if let pointer { sqlite3_close_v2(pointer) }
            throw ReviewError(.storeUnavailable, "cannot open the review store \(path): \(message)")
        }
        handle = pointer
        self.path = path
        sqlite3_extended_result_codes(pointer, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Waits up to `milliseconds` for another connection's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// Runs SQL without results (several statements allowed).
    func execute(_ sql: String) throws(ReviewError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw error(status: status, message: text, doing: sql)
        }
    }

    /// Prepares one statement.
    func prepare(_ sql: String) throws(ReviewError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error(status: status, message: lastMessage, doing: sql)
        }
        return SQLiteStatement(handle: statement, connection: self)
    }

    /// The first column of the first row of a query, as text.
    func scalarText(_ sql: String) throws(ReviewError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// The first column of the first row of a query, as an integer.
    func scalarInt(_ sql: String) throws(ReviewError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(0)
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
    var changes: Int32 { sqlite3_changes(handle) }

    /// Maps a SQLite failure to the module's error: damage is `corruptDatabase`, a lock held beyond the busy timeout
    /// `storeLocked`, a read-only file or file system `readOnlyStore`, the rest `storeFailure`.
    func error(status: Int32, message: String, doing sql: String) -> ReviewError {
        let primary = status & 0xFF
        if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB {
            return ReviewError(
                .corruptDatabase,
                "the review store \(path) is damaged (SQLite: \(message)); it was not modified. Restore it from a "
                    + "backup or an export, or move it aside to start a new one")
        }
        if primary == SQLITE_BUSY || primary == SQLITE_LOCKED {
            return ReviewError(
                .storeLocked,
                "the review store \(path) stayed locked by another process beyond the busy timeout (SQLite: "
                    + "\(message)); try again")
        }
        if primary == SQLITE_READONLY
            || ((primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR) && DatabaseFile.isOnReadOnlyFileSystem(path))
        {
            return ReviewError(
                .readOnlyStore,
                "the review store \(path) is on a read-only file system or is read-only (SQLite: \(message)); "
                    + "nothing was written: remount it read-write")
        }
        if primary == SQLITE_FULL {
            return ReviewError(
                .storeFailure,
                "the disk holding the review store \(path) is full (SQLite: \(message)); the command's transaction "
                    + "was rolled back, so nothing of it was written: free some space and run it again")
        }
        let statement = sql.split(separator: " ").prefix(3).joined(separator: " ")
        return ReviewError(
            .storeFailure, "SQLite failed on the review store \(path) (\(statement) ...): \(message) (code \(status))")
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}
