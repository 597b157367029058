internal import CSQLite

/// One prepared statement, finalized in `deinit`. Keeps its connection alive.
final class SQLiteStatement: SQLStatement {
    let handle: OpaquePointer
    let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to parameters 1, 2, ... after resetting the statement.
    func bind(_ values: [SQLValue]) throws(ReviewError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null:
                status = sqlite3_bind_null(handle, index)
            case .integer(let number):
                status = sqlite3_bind_int64(handle, index, number)
            case .text(let text):
                let length = Int32(text.utf8.count)
                status = text.withCString { gatehouse_sqlite3_bind_text_transient(handle, index, $0, length) }
            }
            guard status == SQLITE_OK else {
                throw connection.error(status: status, message: connection.lastMessage, doing: "bind")
            }
        }
    }

    /// Steps once: `true` when a row is available, `false` when done.
    func step() throws(ReviewError) -> Bool {
        let status = sqlite3_step(handle)
        if status == SQLITE_ROW { return true }
        if status == SQLITE_DONE { return false }
        let message = connection.lastMessage
        sqlite3_reset(handle)
        throw connection.error(status: status, message: message, doing: String(cString: sqlite3_sql(handle)))
    }

    /// Resets the statement and clears its bindings, ending any read it holds open.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// Whether a column of the current row is NULL.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}
