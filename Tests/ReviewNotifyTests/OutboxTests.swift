import Foundation
import GatehouseTesting
import ReviewNotify
import ReviewTesting
import Testing

@testable import ReviewLog

/// The transactional outbox: every path that records an event writes its notifications in the same transaction, and
/// an event whose notifications cannot be written is not committed either.
@Suite("Notification outbox: the event and its notifications commit together")
struct OutboxTests {
    /// Makes every insert into the outbox fail, from another connection as another process would (the sqlite3 shell
    /// on the store file, psql on the database): a fault in the middle of the event's transaction.
    static func refuseOutboxInserts(_ fixture: NotifyFixture, _ refuse: Bool = true) throws {
        if fixture.kind == .postgreSQL {
            let database = String(fixture.location.split(separator: "/").last ?? "")
            try PostgreSQLServer.shared().query(
                refuse
                    ? """
                    CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'outbox refused'; END $$;
                    CREATE TRIGGER refuse BEFORE INSERT ON notify_outbox FOR EACH ROW EXECUTE FUNCTION refuse();
                    """
                    : "DROP TRIGGER refuse ON notify_outbox; DROP FUNCTION refuse();",
                database: database)
            return
        }
        let path = fixture.location
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "sqlite3", path,
            refuse
                ? "CREATE TRIGGER refuse BEFORE INSERT ON notify_outbox BEGIN SELECT RAISE(ABORT, 'outbox refused'); END;"
                : "DROP TRIGGER refuse;",
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// With every insert into the outbox refused, `write` fails naming the refusal and commits no event.
    static func expectRefused(
        _ fixture: NotifyFixture, sourceLocation: SourceLocation = #_sourceLocation, _ write: () throws -> Void
    ) throws {
        try refuseOutboxInserts(fixture)
        let error = #expect(throws: ReviewError.self, sourceLocation: sourceLocation) { try write() }
        #expect(
            error?.reason.contains("outbox refused") == true, "\(String(describing: error))",
            sourceLocation: sourceLocation)
        #expect(try fixture.store.events(app: nil).isEmpty, sourceLocation: sourceLocation)
    }

    /// Fokus 2.3 on iOS in review, as a sync sees it at the fixture's now.
    static func fokusInReview(_ fixture: NotifyFixture) -> SyncedApp {
        SyncedApp(
            ascID: "1600000000", name: "Fokus", bundleID: "com.example.fokus", profile: nil, fetchedAt: fixture.now,
            versions: [
                SyncedVersion(ascID: "v1", platform: .iOS, version: "2.3", state: "IN_REVIEW")
            ])
    }

    @Test(
        "log: an event whose notification cannot be written is not committed; with the fault gone, both are",
        arguments: StoreKind.allCases)
    func record(_ kind: StoreKind) throws {
        let fixture = try NotifyFixture(kind)
        try fixture.channel(.webhook, path: "/hook")
        try Self.expectRefused(fixture) { _ = try fixture.log(.waitingForReview, hoursAgo: 1) }
        #expect(try fixture.store.notifications(statuses: []).isEmpty)
        try Self.refuseOutboxInserts(fixture, false)
        let event = try fixture.log(.waitingForReview, hoursAgo: 1).event
        #expect(try fixture.store.notifications(statuses: []).map(\.eventID) == [event.id])
    }

    @Test(
        "sync: a look whose notifications cannot be written records nothing, sync state included",
        arguments: StoreKind.allCases)
    func sync(_ kind: StoreKind) throws {
        let fixture = try NotifyFixture(kind)
        try fixture.channel(.slack, path: "/hook")
        try Self.expectRefused(fixture) { _ = try fixture.store.applySync(Self.fokusInReview(fixture)) }
        #expect(try fixture.store.syncedApps().isEmpty)
    }

    @Test(
        "log, sync and import --notify queue one notification per wanting channel; import without --notify none",
        arguments: StoreKind.allCases)
    func everyPath(_ kind: StoreKind) throws {
        let fixture = try NotifyFixture(kind)
        try fixture.channel(.webhook, path: "/a")
        try fixture.channel(.teams, path: "/b", states: [.inReview])
        let logged = try fixture.log(.waitingForReview, hoursAgo: 3).event
        var queued = try fixture.store.notifications(statuses: [.pending])
        #expect(queued.map(\.eventID) == [logged.id], "the Teams channel wants In Review only")
        let changes = try fixture.store.applySync(Self.fokusInReview(fixture))
        let synced = try #require(changes.first?.event)
        queued = try fixture.store.notifications(statuses: [.pending])
        #expect(queued.filter { $0.eventID == synced.id }.map(\.channel.id).sorted() == [1, 2])
        let imported = ReviewEvent(
            id: 0, app: App(name: "Ledger"), platform: .macOS, version: "1.0", state: .inReview,
            at: fixture.now, source: .import)
        _ = try fixture.store.importEvents([imported])
        #expect(try fixture.store.notifications(statuses: []).count == 3, "import without notify queues nothing")
        let second = ReviewEvent(
            id: 0, app: App(name: "Ledger"), platform: .macOS, version: "1.1", state: .inReview,
            at: fixture.now, source: .import)
        _ = try fixture.store.importEvents([second], notify: true)
        #expect(try fixture.store.notifications(statuses: []).count == 5)
        // Logging the same event again adds neither an event nor a notification.
        _ = try fixture.store.record(
            LogRequest(app: "Fokus", version: "2.3", state: .waitingForReview, at: logged.at))
        #expect(try fixture.store.notifications(statuses: []).count == 5)
    }

    @Test(
        "removing a channel or deleting an event removes their notifications; a new store file is mode 0600",
        arguments: StoreKind.allCases)
    func cascade(_ kind: StoreKind) throws {
        let fixture = try NotifyFixture(kind)
        let channel = try fixture.channel(.webhook, path: "/a")
        try fixture.channel(.discord, path: "/b")
        let event = try fixture.log(.waitingForReview, hoursAgo: 3).event
        #expect(try fixture.store.notifications(statuses: []).count == 2)
        _ = try fixture.store.removeChannel(id: channel.id)
        #expect(try fixture.store.notifications(statuses: []).count == 1)
        #expect(throws: ReviewError(.channelNotFound)) { try fixture.store.removeChannel(id: channel.id) }
        _ = try fixture.store.deleteEvent(id: event.id)
        #expect(try fixture.store.notifications(statuses: []).isEmpty)
        if kind == .sqlite {
            let attributes = try FileManager.default.attributesOfItem(atPath: fixture.location)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }
}
