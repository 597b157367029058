import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// The store's contract, on both stores (`StoreKind`), and the SQLite file's own rules (foreign, corrupt, newer files).
@Suite("Review store: SQLite and PostgreSQL")
struct StoreTests {
    static let at = Timestamp(iso8601: "2020-03-15T10:00:00+09:00")!

    func request(_ state: ReviewState, hours: Int64 = 0, version: String? = "1.0", app: String = "PriLingo")
        -> LogRequest
    {
        LogRequest(
            app: app, version: version, state: state,
            at: Timestamp(secondsSince1970: Self.at.secondsSince1970 + hours * 3600))
    }

    @Test(
        "logging creates the store (and a file's folders), and the same event twice is stored once",
        arguments: StoreKind.allCases)
    func idempotent(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.open(kind.newLocation(in: directory, name: "a/b/review.sqlite3"))
        let first = try store.record(request(.waitingForReview))
        #expect(first.inserted && first.previous == nil && first.event.id == 1)
        let again = try store.record(request(.waitingForReview))
        #expect(!again.inserted && again.event.id == first.event.id)
        let next = try store.record(request(.inReview, hours: 168))
        #expect(next.previous?.id == first.event.id && next.previousStateSeconds == Int64(7 * 86_400))
        #expect(try store.events(app: nil).count == 2)
        if kind == .sqlite { #expect(try store.integrityCheck() == "ok") }
    }

    @Test("without a version the app's latest is used; the first event needs one", arguments: StoreKind.allCases)
    func latestVersion(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        #expect {
            try store.record(request(.waitingForReview, version: nil))
        } throws: { error in
            (error as? ReviewError) == ReviewError(.versionRequired)
                && "\(error)".contains("PriLingo has no events yet") && !"\(error)".contains("--")
        }
        _ = try store.record(request(.waitingForReview, hours: 0, version: "1.0"))
        _ = try store.record(request(.waitingForReview, hours: 10, version: "1.1"))
        let result = try store.record(request(.inReview, hours: 20, version: nil, app: "prilingo"))
        #expect(result.event.version == "1.1" && result.event.app.name == "PriLingo")
    }

    @Test("values that cannot be stored are refused, naming the problem", arguments: StoreKind.allCases)
    func invalidValues(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        for (app, version, expected) in [
            ("", "1.0", "app name is empty"), (" Pad", "1.0", "leading or trailing spaces"),
            ("A", "1 0", "spaces or control characters"),
        ] {
            #expect {
                try store.record(request(.waitingForReview, version: version, app: app))
            } throws: { error in
                (error as? ReviewError) == ReviewError(.invalidValue) && "\(error)".contains(expected)
            }
        }
    }

    @Test("deleting an event removes it; an unknown id is not found", arguments: StoreKind.allCases)
    func delete(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let logged = try store.record(request(.waitingForReview))
        #expect(try store.deleteEvent(id: logged.event.id).state == .waitingForReview)
        #expect(try store.events(app: nil).isEmpty)
        #expect {
            try store.deleteEvent(id: 99)
        } throws: { error in
            (error as? ReviewError) == ReviewError(.eventNotFound) && "\(error)".contains("id 99")
        }
    }

    @Test("a store reopens with its events, and the schema version and application id are set")
    func reopen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("r.sqlite3").path
        do {
            let store = try RelationalReviewStore(sqlitePath: path)
            _ = try store.record(request(.waitingForReview))
        }
        let store = try RelationalReviewStore(sqlitePath: path)
        #expect(try store.events(app: "PRILINGO").count == 1)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[68..<72]) == [0x47, 0x48, 0x52, 0x56])  // "GHRV"
        #expect(Array(bytes[60..<64]) == [0, 0, 0, UInt8(Schema.currentVersion)])  // user_version
    }

    @Test("a version 1 store (before App Store Connect sync) upgrades in place to the current version, nothing lost")
    func migratesVersion1() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v1.sqlite3").path
        // A store exactly as 0.1.0 made it: application id, migration 1 only, user_version 1, WAL, two events.
        let script = """
            PRAGMA application_id = \(DatabaseFile.applicationID);
            \(SchemaMigration.appsAndEvents.sqlite)
            PRAGMA user_version = 1;
            PRAGMA journal_mode = WAL;
            INSERT INTO apps (id, name, bundle_id) VALUES (1, 'PriLingo', 'com.example.prilingo');
            INSERT INTO events (id, app_id, platform, version, build, state, at, note, source)
                VALUES (1, 1, 'iOS', '1.0', '7', 'WAITING_FOR_REVIEW', 1584234000, 'first', 'manual'),
                       (2, 1, 'iOS', '1.0', NULL, 'IN_REVIEW', 1584838800, NULL, 'import');
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let store = try RelationalReviewStore(sqlitePath: path)
        let events = try store.events(app: nil)
        #expect(events.count == 2)
        #expect(events[0].note == "first" && events[0].build == "7" && events[0].timing == .exact)
        #expect(events[1].source == .import && events[1].ascVersionID == nil)
        #expect(events[0].app.bundleID == "com.example.prilingo")
        // The new user_version lives in the WAL until a checkpoint: ask SQLite, not the header bytes.
        let query = Process()
        query.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        query.arguments = ["sqlite3", path, "PRAGMA user_version"]
        let output = Pipe()
        query.standardOutput = output
        try query.run()
        query.waitUntilExit()
        let version = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(version.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Schema.currentVersion)")
        #expect(try store.integrityCheck() == "ok")
        // And it keeps working: an observed event round-trips its timing.
        let observed = ReviewEvent(
            id: 0, app: App(name: "PriLingo"), platform: .iOS, version: "1.0", state: .rejected,
            at: Timestamp(secondsSince1970: 1_584_900_000), source: .sync,
            timing: .observed(after: Timestamp(secondsSince1970: 1_584_899_700)), ascVersionID: "v-1")
        #expect(try store.importEvents([observed]).inserted == 1)
        #expect(try store.events(app: "PriLingo").last?.timing == observed.timing)
        #expect(try store.events(app: "PriLingo").last?.ascVersionID == "v-1")
    }

    /// Files that are not Gatehouse stores, with what the error must say.
    static func foreignFiles(in directory: TemporaryDirectory) throws -> [(URL, String)] {
        let text = directory.file("notes.txt")
        try Data("PriLingo: waiting since Sunday\n".utf8).write(to: text)
        let empty = directory.file("empty.sqlite3")
        try Data().write(to: empty)
        let other = directory.file("other.sqlite3")
        do {
            let connection = try SQLiteConnection(path: other.path, create: true)
            try connection.execute("PRAGMA application_id = 42; CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        }
        let plain = directory.file("plain.sqlite3")
        do {
            let connection = try SQLiteConnection(path: plain.path, create: true)
            try connection.execute("CREATE TABLE events (x)")
        }
        return [
            (text, "not a SQLite database"), (empty, "empty file"), (other, "application id 0x2a"),
            (plain, "no application id"),
        ]
    }

    @Test("a foreign file is refused with a clear error and its bytes are unchanged")
    func foreign() throws {
        let directory = try TemporaryDirectory()
        for (url, expected) in try Self.foreignFiles(in: directory) {
            let before = try Data(contentsOf: url)
            #expect {
                try RelationalReviewStore(sqlitePath: url.path)
            } throws: { error in
                (error as? ReviewError) == ReviewError(.notGatehouseDatabase) && "\(error)".contains(expected)
                    && "\(error)".contains(url.path) && "\(error)".contains("not modified")
            }
            #expect(try Data(contentsOf: url) == before, "\(url.lastPathComponent) changed")
            #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        }
    }

    /// A real store whose pages after the header are overwritten: the header still says Gatehouse.
    static func corruptStore(in directory: TemporaryDirectory) throws -> URL {
        let url = directory.file("corrupt.sqlite3")
        do {
            let store = try RelationalReviewStore(sqlitePath: url.path)
            for hour in 0..<200 {
                _ = try store.record(
                    LogRequest(
                        app: "App \(hour % 7)", version: "1.\(hour)", state: .waitingForReview,
                        at: Timestamp(secondsSince1970: Int64(hour) * 3600), note: String(repeating: "n", count: 100)))
            }
        }
        var bytes = try [UInt8](Data(contentsOf: url))
        #expect(bytes.count > 8192)
        for index in 100..<bytes.count where index % 3 == 0 { bytes[index] = UInt8(truncatingIfNeeded: index * 31) }
        try Data(bytes).write(to: url)
        return url
    }

    @Test("a corrupt store is refused with a clear error and its bytes are unchanged")
    func corrupt() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.corruptStore(in: directory)
        let before = try Data(contentsOf: url)
        #expect {
            try RelationalReviewStore(sqlitePath: url.path)
        } throws: { error in
            (error as? ReviewError) == ReviewError(.corruptDatabase) && "\(error)".contains("damaged")
                && "\(error)".contains(url.path)
        }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test("a store with a newer schema is refused")
    func newerSchema() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("r.sqlite3").path
        do {
            _ = try RelationalReviewStore(sqlitePath: path)
            let connection = try SQLiteConnection(path: path, create: false)
            try connection.execute("PRAGMA user_version = 9")
        }
        #expect {
            try RelationalReviewStore(sqlitePath: path)
        } throws: { error in
            (error as? ReviewError) == ReviewError(.newerSchema) && "\(error)".contains("schema version 9")
        }
    }

    @Test("a path that cannot be created is a store error naming it")
    func unavailable() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.file("file")
        try Data("x".utf8).write(to: blocker)
        #expect {
            try RelationalReviewStore(sqlitePath: blocker.appendingPathComponent("review.sqlite3").path)
        } throws: { error in
            (error as? ReviewError) == ReviewError(.storeUnavailable) && "\(error)".contains(blocker.path)
        }
    }
}
