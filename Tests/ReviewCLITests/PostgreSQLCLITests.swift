import Foundation
import GatehouseTesting
import ReviewLog
import ReviewPostgreSQL
import ReviewTesting
import Testing

/// The built `review` on one store, named by `--db` (a SQLite path or a PostgreSQL URL), in UTC, with `HOME` and
/// `REVIEW_DB` kept away from the machine's own.
struct ReviewOnStore {
    /// `--db`.
    let location: String
    /// The test's temporary folder.
    let directory: TemporaryDirectory

    /// The environment of every run: UTC, a home and data folder of the test's own, no `REVIEW_DB`.
    var environment: [String: String] {
        let home = directory.url.path
        return ["TZ": "UTC", "HOME": home, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home, "REVIEW_DB": ""]
    }

    /// Runs `review --db LOCATION [--now NOW] ARGUMENTS`.
    func callAsFunction(_ arguments: [String], now: String? = PostgreSQLCLITests.now) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            "review", ["--db", location] + (now.map { ["--now", $0] } ?? []) + arguments, environment: environment)
    }

    /// `export` (JSON), expected to succeed.
    func export() throws -> String {
        let result = try self(["export"])
        #expect(result.status == 0, "export of \(RelationalReviewStore.displayedLocation(location)): \(result)")
        return result.standardOutput
    }
}

extension ReviewOnStore {
    /// A new, empty store of `kind`, in a new temporary folder.
    init(new kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        self.init(location: try kind.newLocation(in: directory), directory: directory)
    }
}

/// Issue 14 end to end, through the built `review` and a real PostgreSQL server (the shared throwaway cluster of
/// `PostgreSQLServer`): the same output as SQLite for the same events, `review migrate` both ways, and what a
/// connection that fails looks like. Skipped where PostgreSQL cannot be started (failing when `CI=true`).
@Suite("review on PostgreSQL end to end: SQLite's output byte for byte, migrate, failed connections")
struct PostgreSQLCLITests {
    static let now = "2026-06-01T12:00:00Z"
    static var samples: URL { SharedResources.samplesDirectory.appendingPathComponent("review") }

    /// Every app of `script`, as the commands name them.
    static let apps = ["Tideline", "Kanji Garden", "Loop Timer", "PriLingo", "Fokus", "Éclair", "éclair"]

    /// The events of the comparison: both samples imported, then logged by hand, with a repeat, an undo followed by
    /// another log (so an id is freed and taken again), names in other cases, and `Éclair` beside `éclair` (two
    /// apps: SQLite's NOCASE folds ASCII letters only, and PostgreSQL must give the same apps).
    static let script: [[String]] = [
        ["import", samples.appendingPathComponent("history.csv").path],
        ["import", samples.appendingPathComponent("prilingo-2020.json").path],
        ["log", "Fokus", "waiting-for-review", "--version", "2.3", "--at", "2026-05-01T09:00:00Z", "--note", "first"],
        ["log", "Fokus", "waiting-for-review", "--version", "2.3", "--at", "2026-05-01T09:00:00Z", "--note", "first"],
        ["log", "fokus", "in-review", "--at", "2026-05-02T10:30:00Z"],
        ["undo"],
        ["log", "FOKUS", "in-review", "--at", "2026-05-02T11:15:00Z", "--json"],
        ["log", "Fokus", "rejected", "--at", "2026-05-03T08:00:00Z", "--note", "Guideline 4.3"],
        ["log", "Éclair", "waiting-for-review", "--version", "1.0", "--at", "2026-05-10T08:00:00Z"],
        ["log", "éclair", "waiting-for-review", "--version", "1.0", "--at", "2026-05-10T08:30:00Z", "--new-app"],
        ["log", "ÉCLAIR", "in-review", "--at", "2026-05-11T09:00:00Z", "--new-app"],
        ["log", "Éclair", "in-review", "--at", "2026-05-11T10:00:00Z"],
        ["log", "Tideline", "waiting-for-review", "--version", "9.0", "--platform", "iOS", "--at", "2026-05-30T07:00"],
        ["undo", "--json"],
        ["log", "Tideline", "waiting-for-review", "--version", "9.1", "--platform", "iOS", "--at", "2026-05-30T07:30"],
    ]

    /// The reading commands compared, each with the files it writes.
    static let readings: [(arguments: [String], file: String?)] =
        [
            (["status"], nil), (["status", "--all"], nil), (["status", "--json"], nil),
            (["status", "--all", "--json"], nil), (["stats"], nil),
            (["stats", "--include-open"], nil), (["stats", "--json"], nil),
            (["stats", "--by", "month", "--json"], nil),
            (["stats", "--by", "quarter"], nil), (["export"], nil), (["export", "--format", "csv"], nil),
            (["apps"], nil), (["apps", "--json"], nil), (["report", "--html", "REPORT"], "REPORT"),
        ]
        + apps.flatMap { app in
            [(["timeline", app], nil), (["timeline", app, "--all"], nil), (["timeline", app, "--json"], nil)]
        }

    @Test("the same events into SQLite and PostgreSQL: every reading command prints the same bytes")
    func identicalOutput() throws {
        let directory = try TemporaryDirectory()
        let server = try PostgreSQLServer.sharedOrSkip()
        let sqlite = ReviewOnStore(location: directory.file("review.sqlite3").path, directory: directory)
        let postgres = ReviewOnStore(location: try server.createDatabase().url, directory: directory)
        let displayed = RelationalReviewStore.displayedLocation(postgres.location)

        // The writing commands print the same, ids included, once the store's name is set aside.
        for arguments in Self.script {
            let expected = try sqlite(arguments)
            let actual = try postgres(arguments)
            #expect(expected.status == 0, "\(arguments) on SQLite: \(expected.standardError)")
            #expect(actual.status == expected.status, "\(arguments): \(actual.standardError)")
            let unnamed = { (text: String, name: String) in text.replacingOccurrences(of: name, with: "STORE") }
            #expect(
                unnamed(actual.standardOutput, displayed) == unnamed(expected.standardOutput, sqlite.location),
                "\(arguments)")
            #expect(
                unnamed(actual.standardError, displayed) == unnamed(expected.standardError, sqlite.location),
                "\(arguments)")
            #expect(!actual.standardOutput.contains(server.password) && !actual.standardError.contains(server.password))
        }

        for (arguments, file) in Self.readings {
            let paths = ["sqlite", "postgres"].map { directory.file("\($0)-\(file ?? "")").path }
            let replaced = { (path: String) in arguments.map { $0 == file ? path : $0 } }
            let expected = try sqlite(replaced(paths[0]))
            let actual = try postgres(replaced(paths[1]))
            #expect(expected.status == 0 && expected.standardError.isEmpty, "\(arguments): \(expected.standardError)")
            #expect(actual.status == expected.status, "\(arguments)")
            #expect(actual.standardError == expected.standardError, "\(arguments)")
            // The one difference allowed: the report's path, which each command names.
            #expect(
                actual.standardOutput.replacingOccurrences(of: paths[1], with: "FILE")
                    == expected.standardOutput.replacingOccurrences(of: paths[0], with: "FILE"), "\(arguments)")
            if file != nil {
                let written = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
                #expect(!written[0].isEmpty && written[0] == written[1], "\(arguments): the files differ")
            }
        }

        // And what they print is the right thing: the apps as SQLite's NOCASE makes them, ids without a gap.
        let apps = try postgres(["apps", "--json"]).standardOutput
        for name in ["\"Éclair\"", "\"éclair\"", "\"Fokus\""] {
            #expect(apps.components(separatedBy: name).count == 2, "\(name) once in \(apps)")
        }
        #expect(!apps.contains("\"fokus\"") && !apps.contains("\"FOKUS\"") && !apps.contains("\"ÉCLAIR\""))
        let exported = try postgres.export()
        let ids = exported.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "\"id\": ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }.sorted()
        #expect(ids.count > 420 && ids == Array(1...ids.count), "ids \(ids.prefix(5))… \(ids.suffix(5))")
    }

    @Test("migrate SQLite → PostgreSQL → a new SQLite file: the same export; again: nothing new; 65 and 64 refusals")
    func migrateRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let server = try PostgreSQLServer.sharedOrSkip()
        let sqlite = ReviewOnStore(location: directory.file("review.sqlite3").path, directory: directory)
        let database = try server.createDatabase()
        let postgres = ReviewOnStore(location: database.url, directory: directory)
        let copy = ReviewOnStore(location: directory.file("copy.sqlite3").path, directory: directory)
        for arguments in Self.script.prefix(8) { #expect(try sqlite(arguments).status == 0, "\(arguments)") }
        let original = try sqlite.export()
        var printed: [ProcessRunner.Result] = []

        let first = try sqlite(["migrate", "--to", database.url, "--json"])
        printed.append(first)
        #expect(first.status == 0, "\(first.standardError)")
        let shown = RelationalReviewStore.displayedLocation(database.url)
        #expect(shown.contains("127.0.0.1:\(server.port)") && !shown.contains(server.password), "\(shown)")
        #expect(first.standardOutput.contains("\"to\": \"\(shown)\""), "\(first.standardOutput)")
        let events = try Self.count(table: "events", in: first.standardOutput)
        #expect(events.copied > 420 && events.alreadyPresent == 0, "\(first.standardOutput)")
        #expect(try postgres.export() == original)
        let again = try sqlite(["migrate", "--to", database.url, "--json"])
        printed.append(again)
        #expect(again.status == 0)
        #expect(try Self.count(table: "events", in: again.standardOutput) == (0, events.copied))
        #expect(!again.standardOutput.contains("\"copied\": 1"), "copied again: \(again.standardOutput)")

        let back = try postgres(["migrate", "--to", copy.location])
        printed.append(back)
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.standardOutput.hasPrefix("Copied \(RelationalReviewStore.displayedLocation(database.url)) into "))
        #expect(try copy.export() == original)
        // What each store then prints is the same too.
        #expect(try copy(["status", "--all"]).standardOutput == sqlite(["status", "--all"]).standardOutput)
        #expect(try postgres(["stats"]).standardOutput == sqlite(["stats"]).standardOutput)

        // Into a database holding a different history: 65, and that database unchanged.
        let other = try server.createDatabase()
        let otherStore = ReviewOnStore(location: other.url, directory: directory)
        #expect(try otherStore(["log", "Ledger", "in-review", "--version", "1.0", "--at", "2026-01-05"]).status == 0)
        let before = try otherStore.export()
        let refused = try sqlite(["migrate", "--to", other.url])
        printed.append(refused)
        #expect(refused.status == 65, "\(refused)")
        #expect(!refused.standardError.isEmpty && refused.standardOutput.isEmpty)
        #expect(try otherStore.export() == before)
        let refusedBack = try postgres(["migrate", "--to", other.url, "--json"])
        printed.append(refusedBack)
        #expect(refusedBack.status == 65 && refusedBack.standardOutput.isEmpty, "\(refusedBack)")
        #expect(try otherStore.export() == before)

        // Into the store itself: a usage error, naming it without its password.
        let itself = try postgres(["migrate", "--to", database.url])
        printed.append(itself)
        #expect(itself.status == 64, "\(itself)")
        #expect(itself.standardError.contains(RelationalReviewStore.displayedLocation(database.url)))
        let sameFile = try sqlite(["migrate", "--to", sqlite.location])
        #expect(sameFile.status == 64, "\(sameFile)")

        for result in printed {
            #expect(!(result.standardOutput + result.standardError).contains(server.password), "\(result)")
        }
        #expect(try postgres.export() == original && sqlite.export() == original)
    }

    /// The `copied` and `alreadyPresent` counts of one table in `migrate --json`'s output.
    static func count(table: String, in json: String) throws -> (copied: Int, alreadyPresent: Int) {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let tables = try #require(object?["tables"] as? [[String: Any]], "\(json)")
        let row = try #require(tables.first { $0["table"] as? String == table }, "no \(table) in \(json)")
        return (
            (row["copied"] as? NSNumber)?.intValue ?? -1, (row["alreadyPresent"] as? NSNumber)?.intValue ?? -1
        )
    }

    @Test("connection refused, a wrong password, a missing database: 69 naming the host, never the password")
    func failedConnections() throws {
        let directory = try TemporaryDirectory()
        let server = try PostgreSQLServer.sharedOrSkip()
        let freePort = try LoopbackHTTPServer.unusedPort()
        let wrongPassword = "NotThePassword\(UInt32.random(in: 1000...9999))"
        let cases: [(name: String, url: String, host: String, cause: String)] = [
            (
                "nothing listening", "postgresql://gatehouse:\(server.password)@127.0.0.1:\(freePort)/postgres",
                "127.0.0.1:\(freePort)", "Connection refused"
            ),
            (
                "wrong password", "postgresql://gatehouse:\(wrongPassword)@127.0.0.1:\(server.port)/postgres",
                "127.0.0.1:\(server.port)", "password authentication failed"
            ),
            (
                "missing database", server.url(database: "no_such_database"), "127.0.0.1:\(server.port)",
                "database \"no_such_database\" does not exist"
            ),
        ]
        for (name, url, host, cause) in cases {
            for arguments in [["status"], ["log", "Fokus", "in-review", "--version", "1.0"]] {
                let result = try ReviewOnStore(location: url, directory: directory)(arguments)
                #expect(result.status == 69, "\(name), \(arguments): \(result)")
                #expect(result.standardOutput.isEmpty, "\(name)")
                #expect(result.standardError.contains(host), "\(name): \(result.standardError)")
                #expect(result.standardError.contains(cause), "\(name): \(result.standardError)")
                #expect(!result.standardError.contains(server.password), "\(name): the password was printed")
                #expect(!result.standardError.contains(wrongPassword), "\(name): the password was printed")
            }
        }
    }

    @Test("an empty database: reading is 66, nothing created; REVIEW_DB works as --db; a reading command connects once")
    func emptyDatabaseAndEnvironment() throws {
        let directory = try TemporaryDirectory()
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        let store = ReviewOnStore(location: database.url, directory: directory)
        for arguments in [["status"], ["export"], ["stats"], ["timeline", "Fokus"]] {
            let result = try store(arguments)
            #expect(result.status == 66, "\(arguments): \(result)")
            #expect(!result.standardError.contains(server.password))
        }
        let tables = "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
        #expect(try server.query(tables, database: database.name) == "0", "a reading command created the store")

        // REVIEW_DB names the store when --db does not.
        var environment = store.environment
        environment["REVIEW_DB"] = database.url
        let logged = try ProcessRunner.run(
            "review", ["log", "Fokus", "waiting-for-review", "--version", "2.3", "--at", "2026-05-01T09:00:00Z"],
            environment: environment)
        #expect(logged.status == 0, "\(logged)")
        #expect(logged.standardOutput.hasPrefix("Logged event 1: Fokus 2.3 (iOS) Waiting for Review"))
        let status = try ProcessRunner.run("review", ["--now", Self.now, "status", "--all"], environment: environment)
        #expect(status.status == 0 && status.standardOutput.contains("Fokus"), "\(status)")
        #expect(try server.query("SELECT count(*) FROM events", database: database.name) == "1")

        // Sessions of the database so far: counted when a session ends, a moment after its client exits; so read
        // until the count is at least `minimum` and has not moved for 0.3 s (10 s at most).
        let sessions = "SELECT sessions FROM pg_stat_database WHERE datname = '\(database.name)'"
        func settled(atLeast minimum: Int) throws -> Int {
            var previous = -1
            var count = Int(try server.query(sessions)) ?? -1
            for _ in 0..<33 where count < minimum || count != previous {
                Thread.sleep(forTimeInterval: 0.3)
                previous = count
                count = Int(try server.query(sessions)) ?? -1
            }
            return count
        }
        let before = try settled(atLeast: 1)
        #expect(try store(["status", "--all"]).standardOutput == status.standardOutput)
        #expect(try settled(atLeast: before + 1) == before + 1, "review status opened more than one session")
    }
}
