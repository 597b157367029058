internal import CPostgreSQL
import ReviewLog

/// One statement on a `PostgreSQLSession`, the way the store uses SQLite's: bind, step through rows, read columns.
///
/// Rows stream in libpq's single-row mode, so reading 500,000 events never holds them all in memory. libpq runs one
/// query at a time on a connection; when another statement starts while this one is still streaming (the store reads
/// a row, then queries inside the loop), this one first takes the rest of its rows into memory (`buffer()`).
final class PostgreSQLStatement: SQLStatement {
    private let session: PostgreSQLSession
    /// The SQL with `$1`, `$2`, ... for the `?` parameters.
    let sql: String
    private var values: [SQLValue] = []
    private var phase = Phase.idle
    /// The current row (a single-tuple result), if any.
    private var current: OpaquePointer?
    /// Rows taken in advance, and how the query ended, once `buffer()` ran.
    private var buffered: [OpaquePointer?] = []
    /// The next of `buffered` to read.
    private var next = 0
    private var ending: Ending?

    private enum Phase { case idle, streaming, finished }
    private enum Ending {
        case done(changes: Int)
        case failed(ReviewError)
    }

    init(sql: String, session: PostgreSQLSession) {
        self.sql = sql
        self.session = session
    }

    deinit { reset() }

    func bind(_ values: [SQLValue]) throws(ReviewError) {
        reset()
        self.values = values
    }

    func step() throws(ReviewError) -> Bool {
        clearCurrent()
        if phase == .idle {
            try session.start(self, values: values)
            phase = .streaming
        }
        if next < buffered.count {
            current = buffered[next]
            buffered[next] = nil
            next += 1
            return true
        }
        if phase == .streaming {
            if session.streaming === self {
                switch try nextResult() {
                case .row(let row):
                    current = row
                    return true
                case .end(let end):
                    ending = end
                }
            }
            phase = .finished
        }
        switch ending {
        case .failed(let error):
            ending = .done(changes: 0)
            throw error
        case .done(let changes):
            session.changes = changes
            return false
        case nil:
            return false
        }
    }

    /// Reads the rest of the rows into memory, freeing the connection for another statement.
    func buffer() {
        while session.streaming === self {
            do throws(ReviewError) {
                switch try nextResult() {
                case .row(let row): buffered.append(row)
                case .end(let end): ending = end
                }
            } catch {
                ending = .failed(error)
            }
        }
    }

    private enum Next {
        case row(OpaquePointer)
        case end(Ending)
    }

    /// The next result of the streaming query: a row, or how it ended (after which the connection is free).
    private func nextResult() throws(ReviewError) -> Next {
        let connection = session.connection
        guard let result = PQgetResult(connection.handle) else {
            session.streaming = nil
            return .end(.done(changes: 0))
        }
        switch PQresultStatus(result) {
        case PGRES_SINGLE_TUPLE:
            return .row(result)
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
            let changes = Int(String(cString: PQcmdTuples(result))) ?? 0
            PQclear(result)
            session.finishStreaming()
            return .end(.done(changes: changes))
        default:
            let error = connection.failure(result, doing: sql)
            PQclear(result)
            session.finishStreaming()
            return .end(.failed(error))
        }
    }

    /// Ends the statement: frees its rows and, if it is still streaming, drains the connection.
    func reset() {
        clearCurrent()
        buffered.forEach { row in if let row { PQclear(row) } }
        buffered = []
        next = 0
        if phase == .streaming, session.streaming === self { session.finishStreaming() }
        phase = .idle
        ending = nil
    }

    private func clearCurrent() {
        if let current { PQclear(current) }
        current = nil
    }

    func int64(_ column: Int32) -> Int64 {
        guard let current, PQgetisnull(current, 0, column) == 0, let value = PQgetvalue(current, 0, column) else {
            return 0
        }
        return Self.integer(value)
    }

    func isNull(_ column: Int32) -> Bool {
        guard let current else { return true }
        return PQgetisnull(current, 0, column) != 0
    }

    func text(_ column: Int32) -> String? {
        guard let current, PQgetisnull(current, 0, column) == 0, let value = PQgetvalue(current, 0, column) else {
            return nil
        }
        let count = Int(PQgetlength(current, 0, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// An integer in PostgreSQL's text format; a boolean (`t`, `f`) reads as 1 or 0.
    private static func integer(_ text: UnsafePointer<CChar>) -> Int64 {
        var pointer = text
        if pointer.pointee == CChar(UInt8(ascii: "t")) { return 1 }
        var negative = false
        if pointer.pointee == CChar(UInt8(ascii: "-")) {
            negative = true
            pointer += 1
        }
        var value: Int64 = 0
        while pointer.pointee >= CChar(UInt8(ascii: "0")) && pointer.pointee <= CChar(UInt8(ascii: "9")) {
            value = value &* 10 &+ Int64(pointer.pointee - CChar(UInt8(ascii: "0")))
            pointer += 1
        }
        return negative ? -value : value
    }
}

@available(*, unavailable)
extension PostgreSQLStatement: Sendable {}
