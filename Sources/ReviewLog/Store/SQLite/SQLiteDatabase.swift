internal import CSQLite
internal import GatehouseCore
import Synchronization

/// Serialized access to one SQLite connection, the way GRDB's `DatabaseWriter` does it: every use of the
/// connection runs inside `read { }` or `write { }`, one at a time (a `Mutex`), so the store that owns it is
/// `Sendable` and `review serve` can call it from concurrent requests; `write` wraps its body in one
/// `BEGIN IMMEDIATE` transaction. Statements are prepared once per connection and reused (`SQLiteSession.with`).
///
/// Why synchronous: SQLite (and libpq, under the PostgreSQL store) are blocking C APIs, and a lock held for the length
/// of one short transaction is the simplest serialization. A one-shot command calls it on its own thread; async code
/// goes through `RelationalReviewStore.offload(_:)`, which runs the calls on the store's own queue, so that a wait for
/// another process's lock (the busy timeout) holds no thread of the concurrency pool.
///
/// The store in one SQLite file, safe for many processes at once:
/// - Durability: WAL journal with `synchronous = FULL`, so a logged event survives a crash or power loss as soon as
///   `record` returns (NORMAL would be crash-safe too but could lose the last commits on power loss).
/// - Concurrency: every write transaction begins with `BEGIN IMMEDIATE`, taking the write lock before it reads, so
///   concurrent writers queue on the busy timeout instead of failing the way a read-then-upgrade transaction does;
///   readers never block in WAL mode.
/// - Safety: a file that is not a Gatehouse store (checked from its header bytes before SQLite opens it) is refused and
///   never modified; damage SQLite detects (in the schema on open, or in the pages a command reads) is refused before
///   anything is written. `integrityCheck()` runs the full check on demand. A new store is created whole under a
///   temporary name and linked into place, so a half-created store is never seen.
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

    /// Opens the store at `path`, creating it (and its parent directories) when missing.
    /// - Parameters:
    ///   - path: the file.
    ///   - busyTimeoutMilliseconds: how long to wait for another process's lock.
    /// - Throws: `ReviewError` `notGatehouseDatabase`, `corruptDatabase`, `newerSchema`, `storeUnavailable`.
    convenience init(path: String, busyTimeoutMilliseconds: Int32) throws(ReviewError) {
        if try DatabaseFile.inspect(path) == .missing {
            try DatabaseFile.createParentDirectories(of: path)
            try Self.create(path)
        }
        let connection = try SQLiteConnection(path: path, create: false)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        // Reading the schema parses page 1 and sqlite_master: damage there is refused before any write. Damage
        // elsewhere is caught by SQLite on the pages a command touches (cell_size_check makes that stricter), and
        // the failing transaction rolls back without writing to the file. A full `quick_check` on every open
        // would cost time linear in the store's size on every `review log`.
        try connection.execute("PRAGMA cell_size_check = ON")
        let tables = try connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
        guard let tables, tables > 0 else {
            throw ReviewError(
                .corruptDatabase,
                "the review store \(path) has the Gatehouse header but no tables; it was not modified. Restore it "
                    + "from a backup or an export, or move it aside to start a new one")
        }
        let mode = try connection.scalarText("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw ReviewError(
                .storeUnavailable, "the review store \(path) cannot use WAL journaling (got \(mode ?? "nothing"))")
        }
        try connection.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        try Schema.migrate(connection)
        self.init(connection: connection)
    }

    /// Creates a complete store under a temporary name and links it into place unless another process won.
    private static func create(_ path: String) throws(ReviewError) {
        let temporary = DatabaseFile.temporarySibling(of: path)
        do {
            try DatabaseFile.createPrivateFile(temporary)
            let connection = try SQLiteConnection(path: temporary, create: true)
            try connection.execute("PRAGMA application_id = \(DatabaseFile.applicationID)")
            try Schema.migrate(connection)
            // WAL is recorded in the file header, so no opener ever needs the exclusive lock to switch modes.
            _ = try connection.scalarText("PRAGMA journal_mode = WAL")
        }
        _ = try DatabaseFile.place(temporary, at: path)
    }

    /// Holds `role` with an advisory `flock(2)` on `<path>-<role>.lock` beside the store (created 0600, never
    /// removed), kept for the life of the process; the kernel releases it when the process ends, SIGKILL included.
    /// Every process that opens the store must see the same file, so the store must be on a local file system (as
    /// SQLite's own locking requires).
    /// - Throws: `ReviewError.storeUnavailable` when the lock file cannot be created, opened or locked.
    func holdRole(_ role: String) throws(ReviewError) -> Bool {
        try FileRoleLease.hold(lockFile: "\(path)-\(role).lock", role: role)
    }

    /// Runs SQLite's full `PRAGMA integrity_check`.
    /// - Returns: `"ok"` for a sound file, else SQLite's first complaint.
    func integrityCheck() throws(ReviewError) -> String? {
        try read { (session: any SQLSession) throws(ReviewError) -> String in
            try session.text("PRAGMA integrity_check") ?? "no answer"
        }
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
