import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// `review migrate`'s copy: every row of every table, between any two stores, all or nothing, idempotent.
@Suite("Store copy (review migrate): SQLite and PostgreSQL, both ways")
struct StoreCopyTests {
    static let at = Timestamp(iso8601: "2026-02-01T09:00:00Z")!

    static func hours(_ count: Int64) -> Timestamp { Timestamp(secondsSince1970: at.secondsSince1970 + count * 3600) }

    /// A store holding a row in every table: hand-logged, imported, synced (observed) and webhook events, sync state,
    /// a channel with its outbox, a reminder, and a pending webhook delivery; and an id gap (an undone event).
    static func populated(_ store: RelationalReviewStore) throws {
        _ = try store.addChannel(NotificationChannel(kind: .webhook, url: "https://example.com/hook", apps: ["Fokus"]))
        _ = try store.record(LogRequest(app: "Fokus", version: "1.0", state: .waitingForReview, at: hours(0)))
        _ = try store.record(LogRequest(app: "Fokus", version: "1.0", state: .inReview, at: hours(30)))
        _ = try store.record(LogRequest(app: "Éclair", version: "1.0", state: .waitingForReview, at: hours(1)))
        _ = try store.record(LogRequest(app: "éclair", version: "1.0", state: .waitingForReview, at: hours(1)))
        _ = try store.record(LogRequest(app: "Gone", version: "1.0", state: .waitingForReview, at: hours(2)))
        _ = try store.undoLastManualEvent()
        _ = try store.importEvents([
            ReviewEvent(
                id: 40, app: App(name: "Ledger", bundleID: "com.example.ledger"), platform: .macOS, version: "2.0",
                build: "7", state: .rejected, at: hours(3), note: "guideline 2.1, \"metadata\"", source: .import)
        ])
        _ = try store.applySync(
            SyncedApp(
                ascID: "1600000000", name: "Lumen", bundleID: "com.example.lumen", profile: "team",
                fetchedAt: hours(5),
                versions: [SyncedVersion(ascID: "v1", platform: .iOS, version: "3.1", state: "IN_REVIEW")]))
        // TestFlight (schema 8): a hand-logged build, and a synced one with its sync state.
        _ = try store.record(
            LogRequest(
                app: "Fokus", version: "2.4", build: "118", state: .waitingForReview, at: hours(4), track: .testFlight))
        _ = try store.applySync(
            SyncedApp(
                ascID: "1600000000", name: "Lumen", bundleID: "com.example.lumen", profile: "team",
                fetchedAt: hours(5), versions: [],
                testFlight: SyncedTestFlight(builds: [
                    SyncedBuild(
                        ascID: "b-1", platform: .iOS, version: "3.2", build: "40", uploadedAt: hours(1),
                        reviewState: "IN_REVIEW", externalState: "IN_BETA_REVIEW",
                        submission: SyncedSubmission(ascID: "s-1", submittedAt: hours(2)))
                ])))
        _ = try store.recordWebhookDelivery(
            WebhookDelivery(
                id: "d-pending", kind: .stateChange(ascVersionID: "v9", oldValue: nil, newValue: "IN_REVIEW"),
                timestampMilliseconds: hours(6).secondsSince1970 * 1000 + 250, receivedAt: hours(6)),
            version: nil)
        _ = try store.recordWebhookDelivery(
            WebhookDelivery(id: "ping-1", kind: .ping, timestampMilliseconds: 5, receivedAt: hours(7)), version: nil)
        _ = try store.recordReminders(now: hours(24 * 9))
        // The signing tracker's tables: items with their history, a source's last pass, an alert and its outbox row,
        // the alert days, a gone certificate (its last seen kept).
        _ = try store.applySigningListing(
            SigningListing(
                source: "app-store-connect:team", at: hours(8),
                certificates: [
                    SigningSighting(
                        kind: .certificate, reference: "c1", name: "Apple Distribution: Example",
                        detail: "DISTRIBUTION",
                        ownExpires: hours(24 * 20), renewalGroup: "DISTRIBUTION"),
                    SigningSighting(
                        kind: .certificate, reference: "c2", name: "Apple Development: Example", detail: "DEVELOPMENT",
                        ownExpires: hours(24 * 300), renewalGroup: "DEVELOPMENT"),
                ],
                profiles: []))
        _ = try store.applySigningListing(
            SigningListing(
                source: "app-store-connect:team", at: hours(9),
                certificates: [
                    SigningSighting(
                        kind: .certificate, reference: "c1", name: "Apple Distribution: Example",
                        detail: "DISTRIBUTION",
                        ownExpires: hours(24 * 20), renewalGroup: "DISTRIBUTION")
                ], profiles: []))
        _ = try store.setSigningAlertDays([30, 7])
        _ = try store.recordSigningAlerts(now: hours(10))
    }

    /// Every row of every copied table, as read back from the store.
    static func contents(_ store: RelationalReviewStore) throws -> [String: [[SQLValue]]] {
        try store.database.read { (session: any SQLSession) throws(ReviewError) -> [String: [[SQLValue]]] in
            var all: [String: [[SQLValue]]] = [:]
            for table in RelationalReviewStore.copiedTables {
                all[table.name] = try RelationalReviewStore.rows(of: table, in: session)
            }
            return all
        }
    }

    static let pairs: [(StoreKind, StoreKind)] = [(.sqlite, .postgreSQL), (.postgreSQL, .sqlite), (.sqlite, .sqlite)]

    @Test("every row of every table arrives, ids and all; a second copy adds nothing", arguments: pairs)
    func wholeCopy(from source: StoreKind, to target: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let from = try source.open(source.newLocation(in: directory, name: "from.sqlite3"))
        try Self.populated(from)
        let to = try target.open(target.newLocation(in: directory, name: "to.sqlite3"))
        let copy = try from.copy(to: to)
        let expected = try Self.contents(from)
        #expect(try Self.contents(to) == expected)
        for table in RelationalReviewStore.copiedTables {
            #expect(copy.table(table.name)?.copied == expected[table.name]?.count, "\(table.name)")
            #expect(expected[table.name]?.isEmpty == false, "the fixture leaves \(table.name) empty")
        }
        #expect(try to.events(app: nil) == from.events(app: nil))
        // Byte order after ASCII case folding, on both stores: "É" (C3 89) and "é" (C3 A9) after every ASCII letter.
        #expect(try to.appNames() == ["Fokus", "Ledger", "Lumen", "Éclair", "éclair"])
        let again = try from.copy(to: to)
        #expect(again.tables.allSatisfy { $0.copied == 0 })
        #expect(again.tables.map(\.alreadyPresent) == copy.tables.map(\.copied))
        // The copy's ids continue where the source's left off.
        let next = try to.record(LogRequest(app: "Fokus", version: "1.1", state: .waitingForReview, at: Self.hours(60)))
        #expect(
            next.event.id
                == (expected["events"]?.compactMap { row -> Int64? in
                    if case .integer(let id) = row.first { id } else { nil }
                }.max() ?? 0) + 1)
    }

    @Test(
        "a target holding a different history is refused, naming the row, and nothing of the copy is written",
        arguments: [StoreKind.sqlite, .postgreSQL])
    func conflict(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let from = try StoreKind.sqlite.makeStore(in: directory)
        try Self.populated(from)
        let to = try kind.open(kind.newLocation(in: directory, name: "to.sqlite3"))
        _ = try to.record(LogRequest(app: "Other", version: "9", state: .inReview, at: Self.hours(100)))
        let before = try Self.contents(to)
        let error = #expect(throws: ReviewError.self) { try from.copy(to: to) }
        #expect(error?.code == .conflict)
        #expect(error?.reason.contains("the apps row with id 1") == true, "\(String(describing: error))")
        #expect(try Self.contents(to) == before)
    }

    @Test("a store is not copied into itself")
    func itself() throws {
        let directory = try TemporaryDirectory()
        let store = try StoreKind.sqlite.makeStore(in: directory)
        #expect(throws: ReviewError(.invalidValue)) { try store.copy(to: store) }
        let other = try RelationalReviewStore(sqlitePath: store.location)
        #expect(throws: ReviewError(.invalidValue)) { try store.copy(to: other) }
    }

    @Test("the copied tables are exactly the SQLite schema's tables and columns")
    func coversSchema() throws {
        let directory = try TemporaryDirectory()
        let store = try StoreKind.sqlite.makeStore(in: directory)
        let schema = try store.database.read { (session: any SQLSession) throws(ReviewError) -> [String: [String]] in
            var tables: [String: [String]] = [:]
            try session.with(
                "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p "
                    + "WHERE m.type = 'table' ORDER BY m.name, p.name"
            ) {
                (statement: any SQLStatement) throws(ReviewError) in
                try statement.bind([])
                while try statement.step() {
                    tables[statement.text(0) ?? "", default: []].append(statement.text(1) ?? "")
                }
            }
            return tables
        }
        var copied: [String: [String]] = [:]
        for table in RelationalReviewStore.copiedTables { copied[table.name] = table.columns.map(\.name).sorted() }
        #expect(schema == copied)
    }
}
