import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

@testable import ReviewPostgreSQL

/// What only the PostgreSQL store has: URLs and what is shown of them, connection failures (69, never the password),
/// the schema's creation and version, the bounded retry of writers, a session the server closed. The store's contract
/// itself runs on both stores in ReviewLogTests and the other suites (`StoreKind`).
@Suite("PostgreSQL store: connections, schema, retries")
struct PostgreSQLStoreTests {
    static let at = Timestamp(iso8601: "2026-03-01T10:00:00Z")!

    static func request(_ version: String, _ state: ReviewState = .waitingForReview) -> LogRequest {
        LogRequest(app: "Fokus", version: version, state: state, at: at)
    }

    /// The database's name in a URL from `createDatabase()`.
    static func name(_ url: String) -> String { String(url.split(separator: "/").last ?? "") }

    @Test(
        "a URL is shown rebuilt from its parts, without its password, in the user part or as a parameter",
        arguments: [
            ("postgres://u:secret@db.example.com:5432/review", "postgres://u:***@db.example.com:5432/review"),
            ("postgresql://u@h/d?sslmode=require", "postgresql://u@h/d?sslmode=require"),
            (
                "postgresql://h/d?user=u&password=secret&sslmode=verify-full",
                "postgresql://h/d?user=u&password=***&sslmode=verify-full"
            ),
            ("postgresql:///review", "postgresql:///review"),
            ("postgresql://h/d?%70assword=secret", "postgresql://h/d?password=***"),
            ("postgresql://h/d?sslpassword=secret&ssl=true", "postgresql://h/d?sslpassword=***&sslmode=require"),
            ("POSTGRES://u:se%2Fcret@h/d", "postgres://u:***@h/d"),
            ("postgresql://u:secret@[::1]:5433,h2/d%20b", "postgresql://u:***@[::1]:5433,h2/d%20b"),
            ("postgresql://%2Fvar%2Frun%2Fpostgresql/d", "postgresql://%2Fvar%2Frun%2Fpostgresql/d"),
        ])
    func redaction(url: String, shown: String) throws {
        #expect(try PostgreSQLURL(parsing: url).redacted == shown)
        #expect(RelationalReviewStore.displayedLocation(url) == shown)
        #expect(!shown.contains("secret") && !shown.contains("cret"))
    }

    @Test("the password goes to libpq as a keyword of its own, decoded; the parts as theirs; parameters after them")
    func keywords() throws {
        let url = try PostgreSQLURL(parsing: "postgresql://u%40x:p%2Fw@h1:1,[::1]/d%3F?password=q&sslmode=require")
        #expect(
            url.connectionParameters.map { "\($0.0)=\($0.1)" } == [
                "user=u@x", "password=p/w", "host=h1,::1", "port=1,", "dbname=d?", "password=q", "sslmode=require",
            ])
        #expect(try PostgreSQLURL(parsing: "postgresql://h/d") == PostgreSQLURL(parsing: "POSTGRES://h/%64"))
    }

    @Test(
        "a URL whose authority does not parse is invalidValue (64), quoting none of it, naming what to encode",
        arguments: [
            "postgres://rv:S3cretPW@[::1:5432/rv", "postgres://rv:S3c%zzretPW@127.0.0.1/rv",
            "postgres://rv:S3c/retPW@127.0.0.1:5432/rv", "postgres://rv:S3c@retPW@127.0.0.1/rv",
            "postgres://rv:S3c?retPW@127.0.0.1/rv", "postgres://rv:S3c#retPW@127.0.0.1/rv",
            "postgres://rv:S3cretPW@127.0.0.1:0/rv", "postgres://127.0.0.1/rv?password=S3c&retPW",
            "postgres://127.0.0.1/rv?password=S3c&retPW=1",
        ])
    func unreadable(url: String) {
        let error = #expect(throws: ReviewError.self) { try RelationalReviewStore(postgreSQLURL: url) }
        #expect(error?.code == .invalidValue)
        let reason = error?.reason ?? ""
        for part in ["S3c", "retPW", "rv:", "127.0.0.1", "5432"] {
            #expect(!reason.contains(part), "\(part) shown: \(reason)")
        }
        #expect(reason.contains("percent-encod") || reason.contains("percent-encode"), "\(reason)")
        #expect(StoreLocation.displayed(url) == "(a store URL that does not parse)")
    }

    @Test(
        "a value libpq would refuse is invalidValue (64) before any connection, naming the parameter, not its value",
        arguments: [
            ("postgresql://h/d?sslmode=nonsense", "sslmode"), ("postgresql://h/d?sslmode=Require", "sslmode"),
            ("postgresql://h/d?port=99999", "port"), ("postgresql://h/d?port=x", "port"),
            ("postgresql://h/d?port=5432,0", "port"), ("postgresql://h/d?connect_timeout=10s", "connect_timeout"),
            ("postgresql://h/d?keepalives_idle=", "keepalives_idle"),
            ("postgresql://h/d?tcp_user_timeout=99999999999", "tcp_user_timeout"),
            ("postgresql://h/d?gssencmode=always", "gssencmode"),
            ("postgresql://h/d?target_session_attrs=writable", "target_session_attrs"),
            ("postgresql://h/d?ssl_min_protocol_version=TLSv1.4", "ssl_min_protocol_version"),
            ("postgresql://h/d?ssl=false", "ssl"),
            ("postgresql://h1,h2,h3/d?port=1,2", "3 hosts"), ("postgresql://h1:1,h2:2/d?host=a,b,c", "3 hosts"),
            (
                "postgresql://h/d?ssl_min_protocol_version=TLSv1.3&ssl_max_protocol_version=TLSv1.2",
                "ssl_max_protocol_version"
            ),
        ])
    func libpqValues(url: String, named: String) {
        let error = #expect(throws: ReviewError.self) { try PostgreSQLURL(parsing: url) }
        #expect(error?.code == .invalidValue)
        let reason = error?.reason ?? ""
        #expect(reason.contains(named), "\(reason)")
        for value in ["nonsense", "Require", "99999", "10s", "always", "writable", "TLSv1.4", "false"] {
            #expect(!reason.contains(value), "the value is quoted: \(reason)")
        }
        #expect(throws: ReviewError.self) { try RelationalReviewStore(postgreSQLURL: url) }
    }

    @Test(
        "the values libpq accepts still parse",
        arguments: [
            "postgresql://h/d?sslmode=verify-full", "postgresql://h/d?port=5433", "postgresql://h1,h2/d?port=1,2",
            "postgresql://h1,h2/d?port=5432", "postgresql://h1,h2/d?port=1,",
            "postgresql://h/d?connect_timeout=%2010%20",
            "postgresql://h/d?connect_timeout=-1", "postgresql://h/d?keepalives=0&keepalives_count=3",
            "postgresql://h/d?ssl=true", "postgresql://h/d?ssl_min_protocol_version=TLSv1.2&ssl_max_protocol_version=",
            "postgresql://h/d?target_session_attrs=read-write", "postgresql://h1:1,h2:2/d",
        ])
    func libpqValuesAccepted(url: String) throws {
        _ = try PostgreSQLURL(parsing: url)
    }

    @Test("a path is a SQLite file, not a URL; a URL's scheme is postgres or postgresql")
    func recognition() throws {
        #expect(
            RelationalReviewStore.isPostgreSQLURL("postgres://h/d")
                && RelationalReviewStore.isPostgreSQLURL("postgresql://h/d"))
        #expect(
            !RelationalReviewStore.isPostgreSQLURL("/var/lib/review.sqlite3")
                && !RelationalReviewStore.isPostgreSQLURL("pg://h/d"))
        #expect(
            RelationalReviewStore.isPostgreSQLURL("Postgres://h/d")
                && RelationalReviewStore.isPostgreSQLURL("POSTGRESQL://h/d"))
        #expect(throws: ReviewError(.invalidValue)) { try StoreLocation("pg://u:pw@h/d") }
        #expect(try StoreLocation("./pg://h/d") == .sqliteFile("./pg://h/d"))
        #expect(try StoreLocation("Postgres://h/d") == .postgreSQL(PostgreSQLURL(parsing: "postgresql://h/d")))
        #expect(RelationalReviewStore.displayedLocation("/tmp/a:b@c.sqlite3") == "/tmp/a:b@c.sqlite3")
        #expect(throws: ReviewError(.invalidValue)) { try RelationalReviewStore(postgreSQLURL: "/tmp/x.sqlite3") }
    }

    @Test(
        "nothing listening, a wrong password, a missing database: serverUnavailable naming the host, never the password"
    )
    func unavailable() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        // A port of 127.0.0.1 bound, never listened on, for the life of the test process: a connection is refused.
        let closed = try LoopbackHTTPServer.unusedPort()
        let cases = [
            ("postgresql://gatehouse:\(server.password)@127.0.0.1:\(closed)/postgres", "Connection refused"),
            ("postgresql://gatehouse:wrong-\(server.password)@127.0.0.1:\(server.port)/postgres", "password"),
            ("postgresql://gatehouse:\(server.password)@127.0.0.1:\(server.port)/nosuchdb", "nosuchdb"),
        ]
        for (url, cause) in cases {
            let error = #expect(throws: ReviewError.self) { try RelationalReviewStore(postgreSQLURL: url) }
            #expect(error?.code == .serverUnavailable)
            let reason = error?.reason ?? ""
            #expect(reason.contains("127.0.0.1") && reason.contains(cause), "\(reason)")
            #expect(!reason.contains(server.password), "the password leaked: \(reason)")
        }
    }

    @Test("an empty database gets the schema at the current version; hasStore says so without creating it")
    func schema() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        #expect(try !RelationalReviewStore.hasStore(postgreSQLURL: database.url))
        #expect(try server.query("SELECT to_regclass('gatehouse_schema') IS NULL", database: database.name) == "t")
        let store = try RelationalReviewStore(postgreSQLURL: database.url)
        #expect(try RelationalReviewStore.hasStore(postgreSQLURL: database.url))
        #expect(
            try server.query("SELECT version FROM gatehouse_schema", database: database.name)
                == "\(Schema.currentVersion)")
        #expect(store.location == "postgresql://gatehouse:***@127.0.0.1:\(server.port)/\(database.name)")
        #expect(!store.location.contains(server.password))
        // Every table SQLite's schema has, with the same columns (what review migrate copies).
        for table in RelationalReviewStore.copiedTables {
            let columns = try server.query(
                "SELECT string_agg(column_name, ',' ORDER BY column_name) FROM information_schema.columns "
                    + "WHERE table_name = '\(table.name)'", database: database.name)
            #expect(columns == table.columns.map(\.name).sorted().joined(separator: ","), "\(table.name)")
        }
    }

    @Test("a newer schema is refused, naming both versions; nothing is changed")
    func newerSchema() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        _ = try RelationalReviewStore(postgreSQLURL: database.url)
        try server.query("UPDATE gatehouse_schema SET version = \(Schema.currentVersion + 1)", database: database.name)
        let error = #expect(throws: ReviewError.self) { try RelationalReviewStore(postgreSQLURL: database.url) }
        #expect(error?.code == .newerSchema)
        #expect(
            error?.reason.contains("\(Schema.currentVersion + 1)") == true && error?.reason.contains("upgrade") == true)
        #expect(
            try server.query("SELECT version FROM gatehouse_schema", database: database.name)
                == "\(Schema.currentVersion + 1)")
    }

    @Test("eight store objects opening a new database at once create its schema once, and all of them work")
    func concurrentCreation() async throws {
        let database = try PostgreSQLServer.sharedOrSkip().createDatabase()
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let store = try RelationalReviewStore(postgreSQLURL: database.url)
                    return try store.record(Self.request("1.\(index)")).inserted
                }
            }
            for try await inserted in group { #expect(inserted) }
        }
        let store = try RelationalReviewStore(postgreSQLURL: database.url)
        #expect(try store.events(app: nil).map(\.id) == Array(1...8))
    }

    /// A trigger on events raising `state` for the first `failures` inserts (a sequence counts them: sequences are
    /// not rolled back with the transaction), as a conflicting client would; called again, it starts counting anew.
    static func failInserts(_ server: PostgreSQLServer, _ database: String, state: String, failures: Int) throws {
        try server.query(
            """
            CREATE SEQUENCE IF NOT EXISTS tries;
            SELECT setval('tries', 1, false);
            CREATE OR REPLACE FUNCTION flaky() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF nextval('tries') <= \(failures) THEN
                    RAISE EXCEPTION 'conflict for the test' USING ERRCODE = '\(state)';
                END IF;
                RETURN NEW;
            END $$;
            CREATE OR REPLACE TRIGGER flaky BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION flaky();
            """, database: database)
    }

    @Test(
        "a serialization failure or deadlock is retried, up to 5 attempts; the 5th failure is an error naming SQLSTATE",
        arguments: ["40001", "40P01"])
    func retries(state: String) throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        let store = try RelationalReviewStore(postgreSQLURL: database.url)
        try Self.failInserts(server, database.name, state: state, failures: 4)
        #expect(try store.record(Self.request("1.0")).inserted, "4 failures, then the 5th attempt commits")
        #expect(try server.query("SELECT last_value FROM tries", database: database.name) == "5")
        try Self.failInserts(server, database.name, state: state, failures: 1_000)
        let error = #expect(throws: ReviewError.self) { try store.record(Self.request("1.1")) }
        #expect(error?.code == .storeFailure && error?.reason.contains(state) == true, "\(String(describing: error))")
        #expect(try server.query("SELECT last_value FROM tries", database: database.name) == "5", "5 attempts, no more")
        #expect(try store.events(app: nil).map(\.version) == ["1.0"])
    }

    @Test("a query run while another still streams its rows: the first takes its rest into memory, nothing is lost")
    func nestedQueries() throws {
        let store = try RelationalReviewStore(postgreSQLURL: PostgreSQLServer.sharedOrSkip().createDatabase().url)
        let (sum, inner) = try store.database.read {
            (session: any SQLSession) throws(ReviewError) -> (Int64, [Int64]) in
            try session.with("SELECT n, n * 2 FROM generate_series(1, ?) AS n") {
                (outer: any SQLStatement) throws(ReviewError) -> (Int64, [Int64]) in
                try outer.bind([.integer(10_000)])
                var sum: Int64 = 0
                var inner: [Int64] = []
                while try outer.step() {
                    sum += outer.int64(1)
                    if outer.int64(0) % 2_500 == 0 {
                        inner.append(try session.integer("SELECT ? + 1", [.integer(outer.int64(0))]) ?? -1)
                    }
                }
                return (sum, inner)
            }
        }
        #expect(sum == 2 * (10_000 * 10_001 / 2))
        #expect(inner == [2_501, 5_001, 7_501, 10_001])
        // A statement left half-read is drained: the connection serves the next query.
        let first = try store.database.read { (session: any SQLSession) throws(ReviewError) -> Int64? in
            try session.with("SELECT generate_series(1, 100000)") {
                (statement: any SQLStatement) throws(ReviewError) -> Int64? in
                try statement.bind([])
                return try statement.step() ? statement.int64(0) : nil
            }
        }
        #expect(first == 1)
        #expect(try store.events(app: nil).isEmpty)
    }

    @Test("a session the server ended is reconnected for the next read and write; a dead server is 69 naming it")
    func sessionEnded() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        let store = try RelationalReviewStore(postgreSQLURL: database.url)
        _ = try store.record(Self.request("1.0"))
        let terminate =
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(database.name)' "
            + "AND application_name = 'gatehouse-review'"
        #expect(try server.query(terminate) == "1")
        #expect(try store.events(app: nil).count == 1, "a read after the session ended")
        #expect(try server.query(terminate) == "1")
        #expect(try store.record(Self.request("1.1")).inserted, "a write after the session ended")
        #expect(try store.events(app: nil).count == 2)
    }

    @Test("opening an existing store: nil, creating nothing, in an empty database; the store once one is there")
    func existingStore() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        #expect(try RelationalReviewStore(existingPostgreSQLURL: database.url) == nil)
        #expect(
            try !RelationalReviewStore.hasStore(postgreSQLURL: database.url), "opening an existing store created one")
        _ = try RelationalReviewStore(postgreSQLURL: database.url).record(Self.request("1.0"))
        let existing = try #require(try RelationalReviewStore(existingPostgreSQLURL: database.url))
        #expect(try existing.events(app: nil).count == 1)
        #expect(throws: ReviewError(.invalidValue)) {
            try RelationalReviewStore(existingPostgreSQLURL: "/tmp/x.sqlite3")
        }
    }

    @Test(
        "review's connection defaults give way to libpq's environment (PGCONNECT_TIMEOUT, PGAPPNAME); the URL comes last"
    )
    func connectionDefaults() throws {
        let url = try PostgreSQLURL(parsing: "postgresql://u@h/d?connect_timeout=3")
        let plain = PostgreSQLConnection.parameters(url: url, environment: [:])
        #expect(
            plain.map(\.0) == [
                "connect_timeout", "application_name", "keepalives", "keepalives_idle", "keepalives_interval",
                "keepalives_count", "tcp_user_timeout", "user", "host", "dbname", "connect_timeout",
            ])
        #expect(plain.first { $0.0 == "connect_timeout" }?.1 == "10")
        #expect(plain.last { $0.0 == "connect_timeout" }?.1 == "3", "the URL's parameter comes after the default")
        #expect(plain.first { $0.0 == "application_name" }?.1 == "gatehouse-review")
        let environment = ["PGCONNECT_TIMEOUT": "3", "PGAPPNAME": "team-box"]
        let deferring = PostgreSQLConnection.parameters(url: url, environment: environment)
        #expect(deferring.map(\.0) == plain.map(\.0).dropFirst(2).filter { $0 != "application_name" })
        #expect(PostgreSQLConnection.parameters(url: url, environment: ["PGAPPNAME": "x"]).count == plain.count - 1)
    }

    @Test("a live session: application_name is review's default, and a URL's own application_name wins over it")
    func sessionParameters() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        let plain = try PostgreSQLConnection(url: try PostgreSQLURL(parsing: database.url))
        #expect(try plain.scalar("SHOW application_name") == "gatehouse-review")
        #expect(try plain.scalar("SHOW lock_timeout") == "30s")
        let separator = database.url.contains("?") ? "&" : "?"
        let named = try PostgreSQLConnection(
            url: try PostgreSQLURL(parsing: database.url + separator + "application_name=team-box"))
        #expect(try named.scalar("SHOW application_name") == "team-box")
    }
}
