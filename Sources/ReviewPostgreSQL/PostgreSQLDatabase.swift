internal import CPostgreSQL
internal import GatehouseCore
import ReviewLog
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serialized access to one PostgreSQL connection, as `SQLiteDatabase` gives SQLite's: a `Mutex` around the session,
/// `read { }` in autocommit, `write { }` in one transaction.
///
/// Writers take one transaction-scoped advisory lock (`pg_advisory_xact_lock`) as their first statement, so writes to
/// a store are serialized across every process and machine exactly as `BEGIN IMMEDIATE` serializes them on SQLite,
/// and the store's read-then-write logic (does the app exist, which event came before) is never raced; under READ
/// COMMITTED each later statement sees every commit made before the lock was granted. Readers take no lock. A
/// transaction that still fails with a serialization failure (40001) or a deadlock (40P01), which other clients of
/// the same database can cause, is rolled back and run again, at most `maxAttempts` times.
final class PostgreSQLDatabase: SQLDatabase {
    /// How many times a write transaction is tried.
    static let maxAttempts = 5
    /// The advisory lock key of the store's writers: "gatehous" in ASCII, so it is recognizable in `pg_locks`.
    static let writeLockKey: Int64 = 0x6761_7465_686F_7573

    let dialect = SQLDialect.postgreSQL
    private let session: Mutex<PostgreSQLSession>

    /// Takes ownership of an open connection.
    init(connection: sending PostgreSQLConnection) {
        session = Mutex(PostgreSQLSession(connection: connection))
    }

    func read<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T {
        try session.withLockVisibleToTSan { (session: inout PostgreSQLSession) throws(ReviewError) -> sending T in
            let connection = session.connection
            try connection.reconnectIfLost()
            do throws(ReviewError) {
                return try body(session)
            } catch  where !connection.isConnected {
                // The server closed the session since the last command (a restart under `review serve` or `watch`):
                // a read changes nothing, so it is run once more on a new connection.
                try connection.reconnectIfLost()
                return try body(session)
            }
        }
    }

    func readSnapshot<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T {
        try session.withLockVisibleToTSan { (session: inout PostgreSQLSession) throws(ReviewError) -> sending T in
            let connection = session.connection
            try connection.reconnectIfLost()
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            do throws(ReviewError) {
                let result = try body(session)
                try connection.execute("COMMIT")
                return result
            } catch {
                if connection.isConnected { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
    }

    func write<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T {
        try session.withLockVisibleToTSan { (session: inout PostgreSQLSession) throws(ReviewError) -> sending T in
            let connection = session.connection
            try connection.reconnectIfLost()
            var attempt = 1
            while true {
                do throws(ReviewError) {
                    try begin(connection)
                    try connection.execute("SELECT pg_advisory_xact_lock(\(Self.writeLockKey))")
                    let result = try body(session)
                    try connection.execute("COMMIT")
                    return result
                } catch {
                    let state = connection.lastSQLState
                    if connection.isConnected { try? connection.execute("ROLLBACK") }
                    guard connection.isConnected, state == "40001" || state == "40P01", attempt < Self.maxAttempts
                    else { throw error }
                    // A short, growing, jittered pause, so that two retrying writers do not collide again.
                    usleep(UInt32.random(in: 1_000...5_000) * UInt32(attempt))
                    attempt += 1
                }
            }
        }
    }

    /// Begins a write transaction. A connection the server closed since the last command (a restart under `review
    /// serve` or `watch`) fails here, before anything of the transaction was sent: it is reconnected and the
    /// transaction begun again.
    private func begin(_ connection: PostgreSQLConnection) throws(ReviewError) {
        connection.lastSQLState = nil
        do throws(ReviewError) {
            try connection.execute("BEGIN")
        } catch  where !connection.isConnected {
            try connection.reconnectIfLost()
            try connection.execute("BEGIN")
        }
    }

    /// Holds a role (the active `review watch`) with a session-level advisory lock on this connection: PostgreSQL
    /// releases it when the session ends, whether the process exits, crashes or is killed, or (once TCP keepalives give
    /// up on it, about a minute) its machine or network is gone, so a standby on another machine takes over at its
    /// next try.
    ///
    /// The lock uses the two-key form (`pg_try_advisory_lock(int, int)`), a key space apart from the writers' one-key
    /// lock: the first key says "a Gatehouse role", the second is the role's name hashed (FNV-1a, 31 bits). A lock
    /// this session already holds is confirmed from `pg_locks` rather than taken again (a session's advisory locks
    /// stack). The role is held by this store object's connection: `review` opens one store per process.
    func holdRole(_ role: String) throws(ReviewError) -> Bool {
        let key = Self.roleKey(role)
        let sql = """
            SELECT CASE WHEN EXISTS (
                SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted
                    AND classid = \(Self.roleLockClass) AND objid = \(key) AND objsubid = 2)
            THEN true ELSE pg_try_advisory_lock(\(Self.roleLockClass), \(key)) END
            """
        return try withConnection { (connection: PostgreSQLConnection) throws(ReviewError) -> Bool in
            try connection.scalar(sql) == "t"
        }
    }

    /// The first key of every role's lock: "role" in ASCII.
    static let roleLockClass: Int32 = 0x726F_6C65

    /// The role's name hashed to a non-negative 32-bit integer (FNV-1a), the lock's second key.
    static func roleKey(_ role: String) -> Int32 {
        var hash: UInt32 = 2_166_136_261
        for byte in role.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int32(bitPattern: hash & 0x7FFF_FFFF)
    }

    /// None: PostgreSQL checks a page's header as it reads it (and its checksum, where the cluster has them), and
    /// offers no check of a whole database short of the `amcheck` extension, which a store's user need not have.
    func integrityCheck() throws(ReviewError) -> String? { nil }

    /// Runs `body` with the bare connection, outside the store's sessions (schema migration, advisory locks).
    func withConnection<T>(_ body: (PostgreSQLConnection) throws(ReviewError) -> sending T) throws(ReviewError)
        -> sending T
    {
        try session.withLockVisibleToTSan { (session: inout PostgreSQLSession) throws(ReviewError) -> sending T in
            try session.connection.reconnectIfLost()
            return try body(session.connection)
        }
    }
}

/// The connection as seen inside `read` / `write`: it runs one query at a time, the one `streaming` names.
final class PostgreSQLSession: SQLSession {
    let connection: PostgreSQLConnection
    /// The statement whose rows the connection is still delivering, if any.
    var streaming: PostgreSQLStatement?
    var changes = 0
    /// SQL with `?` parameters, translated once to PostgreSQL's `$n`.
    private var translated: [String: String] = [:]

    init(connection: PostgreSQLConnection) { self.connection = connection }

    func with<T>(_ sql: String, _ body: (any SQLStatement) throws(ReviewError) -> T) throws(ReviewError) -> T {
        let text: String
        if let known = translated[sql] {
            text = known
        } else {
            text = Self.numberedParameters(sql)
            translated[sql] = text
        }
        let statement = PostgreSQLStatement(sql: text, session: self)
        defer { statement.reset() }
        return try body(statement)
    }

    /// Sends a statement's query in single-row mode, after the statement still streaming (if any) buffered its rows.
    func start(_ statement: PostgreSQLStatement, values: [SQLValue]) throws(ReviewError) {
        streaming?.buffer()
        let texts: [String?] = values.map { value in
            switch value {
            case .null: nil
            case .integer(let number): String(number)
            case .text(let text): text
            }
        }
        let sent = PostgreSQLConnection.withCStrings(texts) { pointers in
            PQsendQueryParams(
                connection.handle, statement.sql, Int32(texts.count), nil, pointers, nil, nil, 0)
        }
        guard sent == 1 else { throw connection.failure(nil, doing: statement.sql) }
        streaming = statement
        // libpq refuses only when not called right after sending, as it is here; the rows would then come in one
        // result, which the statement does not read: refused, it is an error, never rows silently dropped.
        guard PQsetSingleRowMode(connection.handle) == 1 else {
            finishStreaming()
            throw ReviewError(.storeFailure, "libpq refused single-row mode for \(statement.sql)")
        }
    }

    /// Reads and frees whatever is left of the streaming query, freeing the connection.
    func finishStreaming() {
        while let result = PQgetResult(connection.handle) { PQclear(result) }
        streaming = nil
    }

    /// `?` parameters numbered `$1`, `$2`, ... outside quoted text and identifiers.
    static func numberedParameters(_ sql: String) -> String {
        var result = ""
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}

@available(*, unavailable)
extension PostgreSQLSession: Sendable {}

extension SQLDialect {
    /// PostgreSQL: every text column is `COLLATE "C"` (bytes, as SQLite's BINARY), and `lower()` under "C" folds
    /// ASCII letters only, as SQLite's NOCASE does; `apps` has a unique index on `lower(name)`.
    static let postgreSQL = SQLDialect(
        nameEquals: { "lower(\($0)) = lower(?::text COLLATE \"C\")" },
        nameOrder: { "lower(\($0))" },
        distinctList: { "string_agg(DISTINCT \($0), ',')" },
        foreignKeysToApps: """
            SELECT c.relname::text, a.attname::text FROM pg_constraint k
            JOIN pg_class c ON c.oid = k.conrelid
            JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
            WHERE k.contype = 'f' AND k.confrelid = 'apps'::regclass
            ORDER BY c.relname::text COLLATE "C"
            """,
        nextID: { table in "(SELECT coalesce(max(id), 0) + 1 FROM \(table))" })
}
