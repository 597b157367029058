internal import CSQLite
internal import GatehouseCore
import Synchronization

/// Serialized access to one SQLite connection, the way GRDB's `DatabaseWriter` does it: every use of the
/// connection runs inside `read { }` or `write { }`, one at a time (a `Mutex`), so the store that owns it is
/// `Sendable` and `review serve` can call it from concurrent requests; `write` wraps its body in one
/// `BEGIN IMMEDIATE` transaction. Statements are prepared once per connection and reused (`SQLiteSession.with`).
///
/// Why synchronous rather than `async`: SQLite (and libpq, under the PostgreSQL store) are blocking
/// C APIs. An `async` veneer would only move the blocking call to another thread; a lock held for the length of one
/// short transaction is simpler, and a caller that must not block an executor (the HTTP server's threads are its
/// own, not the Swift concurrency pool) does not need more.
final class SQLiteDatabase: SQLDatabase {
    /// SQLite's fragments.
    let dialect = SQLDialect.sqlite
    /// The file.
    let path: String
    private let session: Mutex<SQLiteSession>

    /// Takes ownership of an open connection.
    init(connection: sending SQLiteConnection) {
        path = connection.path
        session = Mutex(SQLiteSession(connection: connection))
    }

    /// Runs `body` with the connection, outside any explicit transaction (each statement reads a consistent
    /// snapshot; readers never block in WAL mode).
    func read<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T {
        try session.withLockVisibleToTSan { (session: inout SQLiteSession) throws(ReviewError) -> sending T in
            try body(session)
        }
    }

    /// Runs `body` in one deferred transaction: in WAL mode its reads share the snapshot of its first read.
    func readSnapshot<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T {
        try transaction("BEGIN", body)
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction (the write lock is taken before anything is read, so
    /// concurrent writers queue on the busy timeout), committing when it returns and rolling back when it throws.
    func write<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` between `begin` and a commit, rolling back when it throws.
    private func transaction<T>(_ begin: String, _ body: (any SQLSession) throws(ReviewError) -> sending T)
        throws(ReviewError) -> sending T
    {
        try session.withLockVisibleToTSan { (session: inout SQLiteSession) throws(ReviewError) -> sending T in
            let connection = session.connection
            try connection.execute(begin)
            do throws(ReviewError) {
                let result = try body(session)
                try connection.execute("COMMIT")
                return result
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}

/// The connection as seen inside `read` / `write`, with its prepared statements.
final class SQLiteSession: SQLSession {
    let connection: SQLiteConnection
    private var statements: [String: SQLiteStatement] = [:]

    init(connection: SQLiteConnection) { self.connection = connection }

    /// Runs `body` with the statement for `sql`, prepared on first use and kept; it is reset when `body` returns,
    /// so no half-stepped statement keeps a read snapshot open between calls.
    func with<T>(_ sql: String, _ body: (any SQLStatement) throws(ReviewError) -> T) throws(ReviewError) -> T {
        let statement: SQLiteStatement
        if let cached = statements[sql] {
            statement = cached
        } else {
            statement = try connection.prepare(sql)
            statements[sql] = statement
        }
        defer { statement.reset() }
        return try body(statement)
    }

    var changes: Int { Int(connection.changes) }
}

@available(*, unavailable)
extension SQLiteSession: Sendable {}
