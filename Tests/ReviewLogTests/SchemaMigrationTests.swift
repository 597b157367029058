import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// Issue 21 item 3: one list of schema steps (`SchemaMigration`, each with its SQLite and its PostgreSQL DDL) and one
/// runner over both drivers (`SchemaMigrator`). Stores older than the code are made as the Gatehouse that shipped them
/// left them (`StoreKind.shippedStore`: the steps' DDL run by `sqlite3` or `psql`), and checked with the same clients.
@Suite("Schema migrations: one list of steps, one runner, both drivers")
struct SchemaMigrationTests {
    static let latest = SchemaMigration.latest.rawValue

    @Test("the steps are versions 1, 2, 3... without a gap, in order, and the newest is the current schema version")
    func contiguous() {
        let versions = SchemaMigration.allCases.map(\.rawValue)
        #expect(versions == Array(1...Int64(versions.count)))
        #expect(SchemaMigration.latest == SchemaMigration.allCases.last)
        #expect(Schema.currentVersion == SchemaMigration.latest.rawValue)
    }

    @Test("every step has DDL for SQLite and for PostgreSQL", arguments: SchemaMigration.allCases)
    func bothDialects(_ step: SchemaMigration) {
        for (dialect, ddl) in [("SQLite", step.sqlite), ("PostgreSQL", step.postgreSQL)] {
            #expect(!ddl.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(step) has no \(dialect) DDL")
        }
    }

    @Test(
        "at every version the SQLite and the PostgreSQL DDL make the same tables and columns",
        arguments: SchemaMigration.allCases.map(\.rawValue))
    func sameShape(_ version: Int64) throws {
        let directory = try TemporaryDirectory()
        let sqlite = try StoreKind.sqlite.schemaShape(
            at: StoreKind.sqlite.shippedStore(version: version, in: directory))
        let postgreSQL = try StoreKind.postgreSQL.schemaShape(
            at: StoreKind.postgreSQL.shippedStore(version: version, in: directory))
        #expect(!sqlite.isEmpty)
        #expect(sqlite == postgreSQL, "version \(version)")
    }

    @Test("a new SQLite store and a new PostgreSQL store end at the same version, with the same tables and columns")
    func newStores() throws {
        let directory = try TemporaryDirectory()
        var shapes: [[String: [String]]] = []
        for kind in StoreKind.allCases {
            let store = try kind.makeStore(in: directory)
            #expect(try kind.schemaVersion(at: store.location) == Self.latest, "\(kind)")
            let shape = try kind.schemaShape(at: store.location)
            // What the runner made is what the list of steps says.
            #expect(shape == (try kind.schemaShape(at: kind.shippedStore(version: Self.latest, in: directory))))
            shapes.append(shape)
        }
        #expect(shapes.count == 2 && shapes[0] == shapes[1])
    }

    /// Rows for the tables of schema `version`, in SQL both databases accept: two hand-logged events around an
    /// imported one (what version 6 seeds `logged_events` from), and a row in each table a later version added.
    static func rows(at version: Int64) -> String {
        var sql = [
            """
            INSERT INTO apps (id, name, bundle_id) VALUES (1, 'PriLingo', 'com.example.prilingo');
            INSERT INTO events (id, app_id, platform, version, build, state, at, note, source) VALUES
                (1, 1, 'iOS', '1.0', '7', 'WAITING_FOR_REVIEW', 1584234000, 'first', 'manual'),
                (2, 1, 'iOS', '1.0', NULL, 'IN_REVIEW', 1584838800, NULL, 'import'),
                (3, 1, 'iOS', '1.1', NULL, 'WAITING_FOR_REVIEW', 1584900000, NULL, 'manual');
            """
        ]
        if version >= 2 {
            sql.append(
                """
                UPDATE events SET observed = 1, observed_after = 1584838500, asc_version_id = 'v-1' WHERE id = 2;
                INSERT INTO sync_apps (app_id, asc_app_id, last_fetched_at) VALUES (1, 'a-1', 1584900000);
                INSERT INTO sync_versions (asc_version_id, app_id, platform, version, state, last_changed_at,
                    last_fetched_at) VALUES ('v-1', 1, 'IOS', '1.0', 'IN_REVIEW', 1584838800, 1584900000);
                """)
        }
        if version >= 3 {
            sql.append(
                """
                INSERT INTO notify_channels (id, kind, url) VALUES (1, 'slack', 'https://hooks.slack.com/services/x');
                INSERT INTO notify_outbox (id, channel_id, event_id, kind) VALUES (1, 1, 3, 'state-change');
                INSERT INTO notify_reminders (cycle_event_id, threshold, event_id) VALUES (1, '48h', 1);
                """)
        }
        if version >= 4 {
            sql.append(
                """
                INSERT INTO webhook_deliveries (delivery_id, kind, timestamp_ms, received_at)
                    VALUES ('d-1', 'ping', 1584900000000, 1584900000);
                """)
        }
        if version >= 5 {
            sql.append("UPDATE notify_outbox SET claimed_until = 1584900060, claimed_by = 'watch-1' WHERE id = 1;")
        }
        if version >= 6 {
            // What `log` recorded in a version 6 store (the step seeded the table empty when the store was made).
            sql.append("INSERT INTO logged_events (id, event_id) VALUES (1, 1), (2, 3);")
        }
        return sql.joined(separator: "\n")
    }

    /// The row count of every table, in `copiedTables` order, with `|` between them.
    static let counts =
        "SELECT "
        + RelationalReviewStore.copiedTables.map { "(SELECT count(*) FROM \($0.name))" }.joined(separator: ", ")

    @Test(
        "a store of every older shipped version upgrades in place to the current one, its rows kept",
        arguments: StoreKind.allCases, SchemaMigration.allCases.map(\.rawValue).dropLast())
    func upgrades(_ kind: StoreKind, from version: Int64) throws {
        let directory = try TemporaryDirectory()
        let location = try kind.shippedStore(version: version, in: directory, then: Self.rows(at: version))
        let newShape = try kind.schemaShape(at: kind.shippedStore(version: Self.latest, in: directory))
        let store = try kind.open(location)
        #expect(try kind.schemaVersion(at: location) == Self.latest)
        #expect(try kind.schemaShape(at: location) == newShape)
        let expected = RelationalReviewStore.copiedTables.map { table -> String in
            switch table.name {
            case "apps": "1"
            case "events": "3"
            case "logged_events": "2"  // seeded by version 6 with the hand-logged events, 1 and 3
            case "sync_apps", "sync_versions": version >= 2 ? "1" : "0"
            case "webhook_deliveries": version >= 4 ? "1" : "0"
            case let name where name.hasPrefix("signing_") || name == "settings": "0"  // version 7
            case "sync_builds": "0"  // version 8, the newest
            default: version >= 3 ? "1" : "0"  // the notification tables
            }
        }
        #expect(try kind.query(Self.counts, at: location) == expected.joined(separator: "|"))
        #expect(try kind.query("SELECT id, event_id FROM logged_events ORDER BY id", at: location) == "1|1\n2|3")
        // Columns added after the store's version have their defaults.
        #expect(
            try kind.query("SELECT id, observed FROM events ORDER BY id", at: location)
                == "1|0\n2|\(version >= 2 ? 1 : 0)\n3|0")
        // Every event of an older store is on the App Store track (version 8), its key's build empty.
        #expect(try kind.query("SELECT DISTINCT track, cycle_build FROM events", at: location) == "app-store|")
        // And the store reads it.
        let events = try store.events(app: nil)
        #expect(events.map(\.id) == [1, 2, 3] && events[0].note == "first" && events[0].build == "7")
        #expect(events[1].ascVersionID == (version >= 2 ? "v-1" : nil))
        #expect(events.allSatisfy { $0.track == .appStore && $0.ascBuildID == nil })
        #expect(try store.channels().count == (version >= 3 ? 1 : 0))
        // A channel of an older store takes signing alerts (version 7's default).
        #expect(try store.channels().allSatisfy(\.takesSigningAlerts))
        // Opening it again changes nothing.
        _ = try kind.open(location)
        #expect(try kind.schemaVersion(at: location) == Self.latest)
        #expect(try kind.query(Self.counts, at: location) == expected.joined(separator: "|"))
    }

    @Test(
        "a step that fails in the middle leaves the store at the version before it, with none of the step's changes",
        arguments: StoreKind.allCases)
    func failingStepThroughTheStore(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        // Version 2 adds four columns to events, then sync_apps, then sync_versions: a table of that name already
        // there makes its last statement fail, after the others ran.
        let location = try kind.shippedStore(
            version: 1, in: directory, then: "CREATE TABLE sync_versions (x BIGINT);" + Self.rows(at: 1))
        let before = try kind.schemaShape(at: location)
        let error = #expect(throws: ReviewError.self) { try kind.open(location) }
        #expect(
            error?.code == .storeFailure && error?.reason.contains("sync_versions") == true,
            "\(String(describing: error))")
        #expect(try kind.schemaVersion(at: location) == 1)
        #expect(try kind.schemaShape(at: location) == before)
        let rows = "SELECT (SELECT count(*) FROM apps), (SELECT count(*) FROM events)"
        #expect(try kind.query(rows, at: location) == "1|3")
    }

    @Test(
        "a version below 0, which no Gatehouse writes, is refused as a damaged store, naming it",
        arguments: StoreKind.allCases)
    func negativeVersion(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let location = try kind.shippedStore(version: 1, in: directory)
        try kind.query(
            kind == .sqlite ? "PRAGMA user_version = -1" : "UPDATE gatehouse_schema SET version = -1", at: location)
        let error = #expect(throws: ReviewError.self) { try kind.open(location) }
        #expect(error?.code == .corruptDatabase && error?.reason.contains("schema version -1") == true)
        #expect(try kind.schemaVersion(at: location) == -1)
    }

    // MARK: The runner's rules, on the real SQLite driver

    /// The SQLite driver, with a record of the hooks `SchemaMigrator` called; on request a step whose DDL fails after
    /// it ran (a statement on a table that does not exist), or another process's whole migration just before the
    /// first lock is taken.
    final class Probe: SchemaMigrationDriver {
        let base: SQLiteMigrationDriver
        var failing: SchemaMigration?
        var beforeFirstLock: (() throws(ReviewError) -> Void)?
        private(set) var calls: [String] = []

        init(_ location: String) throws {
            base = SQLiteMigrationDriver(connection: try SQLiteConnection(path: location, create: false))
        }

        var location: String { base.location }

        func ddl(of step: SchemaMigration) -> String {
            base.ddl(of: step) + (step == failing ? "\nINSERT INTO no_such_table VALUES (1);" : "")
        }

        func readVersion() throws(ReviewError) -> Int64 {
            calls.append("read")
            return try base.readVersion()
        }

        func writeVersion(_ version: Int64) throws(ReviewError) {
            calls.append("write \(version)")
            try base.writeVersion(version)
        }

        func execute(_ ddl: String) throws(ReviewError) {
            calls.append("execute")
            try base.execute(ddl)
        }

        func beginMigration() throws(ReviewError) {
            if let other = beforeFirstLock {
                beforeFirstLock = nil
                try other()
            }
            calls.append("begin")
            try base.beginMigration()
        }

        func commitMigration() throws(ReviewError) {
            calls.append("commit")
            try base.commitMigration()
        }

        func rollbackMigration() {
            calls.append("rollback")
            base.rollbackMigration()
        }
    }

    @Test("each step runs in a transaction of its own; a store that is up to date is read once and never locked")
    func idempotent() throws {
        let directory = try TemporaryDirectory()
        let location = try StoreKind.sqlite.shippedStore(version: 1, in: directory, then: Self.rows(at: 1))
        let probe = try Probe(location)
        try SchemaMigrator(driver: probe).migrate()
        let steps = (2...Self.latest).flatMap { ["begin", "read", "execute", "write \($0)", "commit"] }
        #expect(probe.calls == ["read"] + steps)
        let shape = try StoreKind.sqlite.schemaShape(at: location)
        let rows = try StoreKind.sqlite.query(Self.counts, at: location)
        for _ in 0..<2 {
            let again = try Probe(location)
            try SchemaMigrator(driver: again).migrate()
            #expect(again.calls == ["read"])
        }
        #expect(try StoreKind.sqlite.schemaVersion(at: location) == Self.latest)
        #expect(try StoreKind.sqlite.schemaShape(at: location) == shape)
        #expect(try StoreKind.sqlite.query(Self.counts, at: location) == rows)
    }

    @Test(
        "a step whose DDL fails is rolled back whole, version and tables as they were; a later run completes",
        arguments: SchemaMigration.allCases)
    func failingStep(_ step: SchemaMigration) throws {
        let directory = try TemporaryDirectory()
        let before = step.rawValue - 1
        let location = try StoreKind.sqlite.shippedStore(
            version: before, in: directory, then: before > 0 ? Self.rows(at: before) : "")
        let shape = try StoreKind.sqlite.schemaShape(at: location)
        let probe = try Probe(location)
        probe.failing = step
        let error = #expect(throws: ReviewError.self) { try SchemaMigrator(driver: probe).migrate() }
        #expect(error?.code == .storeFailure && error?.reason.contains("no_such_table") == true)
        #expect(probe.calls.suffix(3) == ["read", "execute", "rollback"])
        #expect(try StoreKind.sqlite.schemaVersion(at: location) == before)
        #expect(try StoreKind.sqlite.schemaShape(at: location) == shape)
        probe.failing = nil
        try SchemaMigrator(driver: probe).migrate()
        #expect(try StoreKind.sqlite.schemaVersion(at: location) == Self.latest)
    }

    @Test(
        "the version is read again once the lock is held: a migration another process made meanwhile is not run twice")
    func rereadUnderTheLock() throws {
        let directory = try TemporaryDirectory()
        let location = try StoreKind.sqlite.shippedStore(version: 1, in: directory)
        let probe = try Probe(location)
        probe.beforeFirstLock = { () throws(ReviewError) in
            try Schema.migrate(SQLiteConnection(path: location, create: false))
        }
        try SchemaMigrator(driver: probe).migrate()
        #expect(probe.calls == ["read", "begin", "read", "commit"])
        #expect(try StoreKind.sqlite.schemaVersion(at: location) == Self.latest)
    }
}
