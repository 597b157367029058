internal import CPostgreSQL
import ReviewLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libpq connection, owned by exactly one object: closed in `deinit`. Not thread-safe: `PostgreSQLDatabase`
/// serializes its use.
///
/// Every failure becomes a `ReviewError` naming the server (host and port, never the password): a connection that
/// cannot be made or is lost is `serverUnavailable` (exit 69), anything the server refuses is `storeFailure` with its
/// message and SQLSTATE.
final class PostgreSQLConnection {
    private(set) var handle: OpaquePointer
    let url: PostgreSQLURL
    /// The SQLSTATE of the last failed statement (`40001` serialization failure, `40P01` deadlock: worth a retry).
    var lastSQLState: String?

    /// Connects with the URL's parts as libpq's keywords (the password one of them, never in a string libpq could
    /// quote back), and libpq's own rules for the rest of the environment (`PGPASSWORD`, `~/.pgpass`, `PGSSLMODE`...).
    /// - Parameter url: the server and database.
    /// - Throws: `ReviewError.serverUnavailable` naming the host and libpq's message.
    init(url: PostgreSQLURL) throws(ReviewError) {
        self.url = url
        let parameters = Self.parameters(url: url, environment: Self.libpqEnvironment())
        let connection = Self.withCStrings(parameters.map(\.0)) { keywordPointers in
            Self.withCStrings(parameters.map(\.1)) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 0)
            }
        }
        guard let connection else {
            throw ReviewError(.serverUnavailable, "cannot connect to \(url.redacted): libpq is out of memory")
        }
        // Checked before `handle` is set: once every property is, a throw runs deinit, which would finish it again.
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.message(PQerrorMessage(connection))
            PQfinish(connection)
            throw ReviewError(
                .serverUnavailable,
                "cannot connect to the PostgreSQL server of \(url.redacted): \(message); check that it runs, the host, "
                    + "port, user and database in the store's URL, and the password (in the URL, PGPASSWORD or "
                    + "~/.pgpass)")
        }
        handle = connection
        try prepareSession()
    }

    /// The keywords libpq knows (`PQconndefaults`), which a URL's parameters are checked against.
    static let knownKeywords: Set<String> = {
        guard let options = PQconndefaults() else { return [] }
        defer { PQconninfoFree(options) }
        var keywords: Set<String> = []
        var option = options
        while let keyword = option.pointee.keyword {
            keywords.insert(String(cString: keyword))
            option += 1
        }
        return keywords
    }()

    /// The keywords and values given to `PQconnectdbParams`: review's defaults, then the URL's parts and parameters,
    /// which override them (a later keyword wins). A keyword given here wins over libpq's environment variable for
    /// it, so a default is left out where that variable is set (libpq's documentation, "Environment Variables"): the
    /// user's `PGCONNECT_TIMEOUT` or `PGAPPNAME` applies, and a `connect_timeout` in the URL still wins over both.
    ///
    /// TCP keepalives (30 s idle, then 3 probes 10 s apart) and a 60 s TCP user timeout notice a server or network
    /// that vanished without a word, so a command fails with 69 instead of hanging; a connection attempt gives up
    /// after 10 s.
    /// - Parameters:
    ///   - url: the server and database.
    ///   - environment: libpq's environment variables that are set and not empty.
    /// - Returns: the keywords and values, the URL's last.
    static func parameters(url: PostgreSQLURL, environment: [String: String]) -> [(String, String)] {
        defaults.filter { $0.variable.map { environment[$0] == nil } ?? true }.map { ($0.keyword, $0.value) }
            + url.connectionParameters
    }

    /// review's connection defaults, each with libpq's environment variable for the same keyword, if it has one.
    private static let defaults: [(keyword: String, value: String, variable: String?)] = [
        ("connect_timeout", "10", "PGCONNECT_TIMEOUT"), ("application_name", "gatehouse-review", "PGAPPNAME"),
        ("keepalives", "1", nil), ("keepalives_idle", "30", nil), ("keepalives_interval", "10", nil),
        ("keepalives_count", "3", nil), ("tcp_user_timeout", "60000", nil),
    ]

    /// The environment variables of `defaults` that are set and not empty (libpq treats an empty one as unset).
    private static func libpqEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in defaults.compactMap(\.variable) {
            if let value = getenv(name), value.pointee != 0 { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// What every session (the first and each reconnection) sets: no notices on standard error, and limits on the
    /// server's side. A client that dies inside a transaction leaves its session idle in it, holding the writers'
    /// lock: the server ends such a session after 60 s. A writer waits 30 s at most for the lock (SQLite's busy
    /// timeout), then fails naming the cause.
    private func prepareSession() throws(ReviewError) {
        // Notices (a CREATE ... IF NOT EXISTS that skipped, say) are for a person at psql, not for review's output.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        try execute(
            "SET idle_in_transaction_session_timeout = '60s'; SET lock_timeout = '30s'; "
                + "SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3")
    }

    deinit { PQfinish(handle) }

    /// Whether the connection is still up.
    var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Reconnects a connection that was lost (a server restart while `review serve` or `watch` runs).
    /// - Throws: `ReviewError.serverUnavailable` when the server still cannot be reached.
    func reconnectIfLost() throws(ReviewError) {
        guard !isConnected else { return }
        PQreset(handle)
        guard isConnected else { throw lost(doing: "reconnecting") }
        try prepareSession()
    }

    /// Runs SQL without parameters or results (several statements allowed).
    func execute(_ sql: String) throws(ReviewError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw failure(result, doing: sql)
        }
    }

    /// The first column of the first row of a query without parameters.
    func scalar(_ sql: String) throws(ReviewError) -> String? {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_TUPLES_OK else { throw failure(result, doing: sql) }
        guard PQntuples(result) > 0, PQgetisnull(result, 0, 0) == 0 else { return nil }
        return String(cString: PQgetvalue(result, 0, 0))
    }

    /// The error of a failed result (or of the connection, when there is no result).
    func failure(_ result: OpaquePointer?, doing sql: String) -> ReviewError {
        let state = result.flatMap { PQresultErrorField($0, Self.sqlStateField) }.map { String(cString: $0) }
        lastSQLState = state
        if !isConnected || state.map(Self.meansServerGone) == true { return lost(doing: sql) }
        let message =
            result.flatMap { PQresultErrorField($0, Self.primaryMessageField) }.map { String(cString: $0) }
            ?? Self.message(PQerrorMessage(handle))
        if state == "55P03" {
            return ReviewError(
                .storeLocked,
                "the review store \(url.redacted) stayed locked by another writer beyond the lock timeout (30 s; "
                    + "PostgreSQL: \(message)); try again")
        }
        let statement = sql.split(whereSeparator: \.isWhitespace).prefix(3).joined(separator: " ")
        return ReviewError(
            .storeFailure,
            "PostgreSQL failed on the review store \(url.redacted) (\(statement) ...): \(message) (SQLSTATE "
                + "\(state ?? "none"))")
    }

    /// The error of a connection lost during a statement.
    func lost(doing sql: String) -> ReviewError {
        let message = Self.message(PQerrorMessage(handle))
        let during = sql == "COMMIT" ? "while committing" : "during the command"
        let outcome =
            sql == "COMMIT"
            ? "the change may or may not have been stored: read the store to check, and make it again (recording the "
                + "same event twice stores it once)"
            : "nothing of this command's transaction was committed; run it again when the server is back"
        return ReviewError(
            .serverUnavailable,
            "the PostgreSQL server of \(url.redacted) went away \(during) (\(message.isEmpty ? "connection lost" : message)); \(outcome)"
        )
    }

    /// Class 08 (connection exception), 57P01-57P03 (shutdown, crash shutdown, cannot connect now), 53 (insufficient
    /// resources): the server cannot be used, whatever the statement was (PostgreSQL documentation, Appendix A).
    private static func meansServerGone(_ state: String) -> Bool {
        state.hasPrefix("08") || state.hasPrefix("57P0") || state.hasPrefix("53")
    }

    static let sqlStateField = Int32(UInt8(ascii: "C"))  // PG_DIAG_SQLSTATE
    static let primaryMessageField = Int32(UInt8(ascii: "M"))  // PG_DIAG_MESSAGE_PRIMARY

    static func message(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer).split(whereSeparator: \.isNewline)
            .map { line in line.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// Calls `body` with a NULL-terminated array of C strings, valid during the call.
    static func withCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

@available(*, unavailable)
extension PostgreSQLConnection: Sendable {}
