import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// Daily-use issue, item 7: near-miss app names, and listing, renaming and merging apps, editing and undoing events.
@Suite("Apps: near misses, list, rename, merge; events: edit, undo")
struct AppManagementTests {
    static let base = Timestamp(iso8601: "2025-06-01T10:00:00Z")!

    static func at(hours: Int64) -> Timestamp { Timestamp(secondsSince1970: base.secondsSince1970 + hours * 3600) }

    /// This test's own temporary folder (Swift Testing makes a suite value for each test and argument).
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// A new store of `kind`, with events logged by hand: (app, state, hours).
    func newStore(_ kind: StoreKind, seeded events: [(String, ReviewState, Int64)] = []) throws
        -> RelationalReviewStore
    {
        let store = try kind.makeStore(in: directory)
        for (app, state, hours) in events { try Self.log(store, app, state, hours: hours) }
        return store
    }

    /// Applies a sync of one app, seen `hours` after `base`.
    @discardableResult
    static func sync(
        _ store: RelationalReviewStore, ascID: String, name: String, bundleID: String, hours: Int64,
        versions: [SyncedVersion] = []
    ) throws -> [SyncChange] {
        try store.applySync(
            SyncedApp(ascID: ascID, name: name, bundleID: bundleID, fetchedAt: at(hours: hours), versions: versions))
    }

    @discardableResult
    static func log(
        _ store: RelationalReviewStore, _ app: String, _ state: ReviewState, hours: Int64, version: String = "1.0",
        source: EventSource = .manual
    ) throws -> ReviewEvent {
        try store.record(LogRequest(app: app, version: version, state: state, at: at(hours: hours), source: source))
            .event
    }

    @Test(
        "near misses: edit distance 2, or 1 for names of five characters or fewer; digits alone make names distinct",
        arguments: [
            ("Fokis", "Fokus", true), ("fokis", "FOKUS", true), ("Fokus", "fokus", false), ("Team1", "Team2", false),
            ("Fokus", "Fokus2", false), ("App 10", "App 9", false), ("Lumen", "Lumens", true), ("Tide", "Tidal", false),
            ("PriLingo", "PriLnigo", true), ("PriLingo", "PriLingoes", true), ("PriLingo", "PriLingoApp", false),
            ("Kanji Garden", "Kanji Gardens", true), ("Ab", "Abc", true), ("Abcdefgh", "Abcdefxyz", false),
            ("A", "B", false), ("A", "Ab", false), ("Abc", "Abd", true),
        ])
    func nearMiss(name: String, other: String, expected: Bool) {
        #expect(AppNameSimilarity.isNearMiss(name, other) == expected, "\(name) / \(other)")
        #expect(AppNameSimilarity.isNearMiss(other, name) == expected, "\(other) / \(name)")
    }

    @Test("the near misses of a name, closest first; none for an existing name")
    func nearMisses() {
        let names = ["Fokus", "Fokas", "Focus Timer", "Lumen"]
        #expect(AppNameSimilarity.nearMisses(of: "Fokis", among: names) == ["Fokas", "Fokus"])
        #expect(AppNameSimilarity.nearMisses(of: "fokus", among: names).isEmpty)
        #expect(AppNameSimilarity.nearMisses(of: "Tide", among: names).isEmpty)
    }

    @Test(
        "apps lists each app with its platforms, versions, events, times and whether it is synced",
        arguments: StoreKind.allCases)
    func list(_ kind: StoreKind) throws {
        let store = try newStore(kind)
        #expect(try store.apps().isEmpty)
        try Self.log(store, "Fokus", .waitingForReview, hours: 0)
        _ = try store.record(
            LogRequest(app: "Fokus", platform: .macOS, version: "2.0", state: .waitingForReview, at: Self.at(hours: 5)))
        try Self.log(store, "Fokus", .inReview, hours: 9)
        try Self.log(store, "Lumen", .waitingForReview, hours: 1)
        try Self.sync(store, ascID: "111", name: "Lumen", bundleID: "com.example.lumen", hours: 2)
        let apps = try store.apps()
        #expect(apps.map(\.app.name) == ["Fokus", "Lumen"])
        #expect(apps[0].events == 3 && apps[0].versions == 2 && apps[0].platforms == [.iOS, .macOS])
        #expect(apps[0].firstEventAt == Self.at(hours: 0) && apps[0].lastEventAt == Self.at(hours: 9))
        #expect(!apps[0].isSynced && apps[1].isSynced && apps[1].app.bundleID == "com.example.lumen")
    }

    @Test(
        "rename keeps the events; a case change is a rename; a taken, empty or unknown name is refused",
        arguments: StoreKind.allCases)
    func rename(_ kind: StoreKind) throws {
        let store = try newStore(kind, seeded: [("Fokis", .waitingForReview, 0), ("Lumen", .waitingForReview, 0)])
        #expect(try store.renameApp("fokis", to: "Fokus").name == "Fokus")
        #expect(try store.events(app: "Fokus").count == 1 && store.app(named: "Fokis") == nil)
        #expect(try store.renameApp("Fokus", to: "FOKUS").name == "FOKUS")
        #expect(try store.appNames() == ["FOKUS", "Lumen"])
        #expect(throws: ReviewError(.conflict)) { try store.renameApp("FOKUS", to: "lumen") }
        #expect(throws: ReviewError(.invalidValue)) { try store.renameApp("FOKUS", to: "") }
        #expect(throws: ReviewError(.appNotFound)) { try store.renameApp("Nope", to: "Other") }
        do {
            _ = try store.renameApp("FOKUS", to: "Lumen")
        } catch {
            // The store names the merge; `review apps rename` adds the command line that does it.
            #expect(
                error.reason.contains("merge FOKUS into Lumen") && !error.reason.contains("review "), "\(error.reason)")
        }
    }

    @Test(
        "a notification channel naming an app follows its rename and its merge (no duplicate names)",
        arguments: StoreKind.allCases)
    func channelsFollowApps(_ kind: StoreKind) throws {
        let store = try newStore(kind, seeded: [("Fokus", .waitingForReview, 0), ("Ledger", .inReview, 1)])
        let channel = try store.addChannel(
            NotificationChannel(kind: .webhook, url: "https://hooks.example.com/a", apps: ["fokus", "Ledger"]))
        let other = try store.addChannel(
            NotificationChannel(kind: .slack, url: "https://hooks.example.com/b", apps: ["Ledger"]))
        _ = try store.renameApp("Fokus", to: "Fokus Pro")
        func apps(_ id: Int64) throws -> [String] { try store.channels().first { $0.id == id }?.apps ?? [] }
        #expect(try apps(channel.id) == ["Fokus Pro", "Ledger"])
        #expect(try apps(other.id) == ["Ledger"])
        _ = try store.mergeApp("Ledger", into: "Fokus Pro")
        #expect(try apps(channel.id) == ["Fokus Pro"])
        #expect(try apps(other.id) == ["Fokus Pro"])
    }

    @Test(
        "merge moves every event and the sync state, fills missing identifiers, and removes the app merged",
        arguments: StoreKind.allCases)
    func merge(_ kind: StoreKind) throws {
        let store = try newStore(
            kind, seeded: [("Fokus", .waitingForReview, 0), ("Fokis", .inReview, 20), ("Fokis", .approved, 30)])
        try Self.sync(
            store, ascID: "999", name: "Fokis", bundleID: "com.example.fokus", hours: 31,
            versions: [SyncedVersion(ascID: "v1", platform: .iOS, version: "1.0", state: "APPROVED")])
        let merge = try store.mergeApp("fokis", into: "Fokus")
        #expect(merge.from.name == "Fokis" && merge.into.name == "Fokus" && merge.events == 2)
        #expect(merge.otherRows == ["sync_apps": 1, "sync_versions": 1])
        #expect(merge.into.bundleID == "com.example.fokus" && merge.into.appStoreID == "999")
        #expect(try store.appNames() == ["Fokus"])
        let timeline = VersionTimeline.timelines(of: try store.events(app: "Fokus"), now: Self.at(hours: 40))
        #expect(timeline.count == 1 && timeline[0].cycles.first?.decision?.state == .approved)
        #expect(try store.syncedApps().map(\.app.name) == ["Fokus"])
        if kind == .sqlite { #expect(try store.integrityCheck() == "ok") }
        #expect(throws: ReviewError(.invalidValue)) { try store.mergeApp("Fokus", into: "FOKUS") }
        #expect(throws: ReviewError(.appNotFound)) { try store.mergeApp("Fokis", into: "Fokus") }
    }

    @Test(
        "a table a later schema adds that refers to apps is merged too; a collision in it refuses the merge whole",
        arguments: StoreKind.allCases)
    func laterTables(_ kind: StoreKind) throws {
        let store = try newStore(kind, seeded: [("Fokus", .waitingForReview, 0), ("Fokis", .inReview, 5)])
        // What a notifications issue might add: one rule per app and channel.
        try store.database.write { (session: any SQLSession) throws(ReviewError) in
            try session.run(
                """
                CREATE TABLE rules (id \(kind == .sqlite ? "INTEGER PRIMARY KEY" : "BIGSERIAL PRIMARY KEY"),
                    app_id BIGINT NOT NULL REFERENCES apps(id), channel TEXT NOT NULL, UNIQUE (app_id, channel))
                """, [])
            try session.run("INSERT INTO rules (app_id, channel) SELECT id, 'mail' FROM apps", [])
        }
        do {
            _ = try store.mergeApp("Fokis", into: "Fokus")
            Issue.record("merged despite two rules for the same channel")
        } catch {
            #expect(error.code == .conflict && error.reason.contains("the rules rows of Fokis and Fokus collide"))
        }
        #expect(try store.appNames() == ["Fokis", "Fokus"] && store.events(app: "Fokis").count == 1)
        try store.database.write { (session: any SQLSession) throws(ReviewError) in
            try session.run("DELETE FROM rules WHERE app_id = (SELECT id FROM apps WHERE name = 'Fokus')", [])
        }
        let merge = try store.mergeApp("Fokis", into: "Fokus")
        #expect(merge.otherRows == ["rules": 1] && merge.events == 1)
        // Undo keeps an app a rule still refers to.
        _ = try store.undoLastManualEvent()
        let undone = try store.undoLastManualEvent()
        #expect(try !undone.removedApp && store.appNames() == ["Fokus"])
    }

    @Test(
        "a merge with colliding events, identifiers or two synced apps is refused naming them, changing nothing",
        arguments: StoreKind.allCases)
    func mergeCollisions(_ kind: StoreKind) throws {
        let store = try newStore(kind)
        let kept = try Self.log(store, "Fokus", .waitingForReview, hours: 0)
        let twin = try Self.log(store, "Fokis", .waitingForReview, hours: 0)
        try Self.log(store, "Fokis", .inReview, hours: 3)
        let before = try store.events(app: nil)
        do {
            _ = try store.mergeApp("Fokis", into: "Fokus")
            Issue.record("merged despite a collision")
        } catch {
            #expect(error.code == .conflict)
            #expect(error.reason.contains("event \(twin.id) and event \(kept.id)"), "\(error.reason)")
            #expect(error.reason.contains("Waiting for Review at 2025-06-01T10:00:00Z"))
        }
        #expect(try store.events(app: nil) == before && store.appNames() == ["Fokis", "Fokus"])
        _ = try store.deleteEvent(id: twin.id)
        for (ascID, name) in [("1", "Fokus"), ("2", "Fokis")] {
            try Self.sync(store, ascID: ascID, name: name, bundleID: "com.example.\(ascID)", hours: 5)
        }
        #expect(throws: ReviewError(.conflict)) { try store.mergeApp("Fokis", into: "Fokus") }
        #expect(try store.appNames() == ["Fokis", "Fokus"] && store.events(app: "Fokis").count == 1)
    }

    @Test(
        "edit changes the note and time; the idempotency key follows the new time; collisions and synced times are refused",
        arguments: StoreKind.allCases)
    func edit(_ kind: StoreKind) throws {
        let store = try newStore(kind)
        let waiting = try Self.log(store, "Fokus", .waitingForReview, hours: 0)
        let review = try Self.log(store, "Fokus", .inReview, hours: 20)
        let edit = try store.editEvent(id: review.id, note: "Guideline 4.2", at: Self.at(hours: 22))
        #expect(edit.before == review && edit.after.note == "Guideline 4.2" && edit.after.at == Self.at(hours: 22))
        #expect(try store.events(app: "Fokus").last == edit.after)
        // The key is the event's current values: its new time is a no-op, its old time a new event.
        #expect(try !store.record(LogRequest(app: "Fokus", state: .inReview, at: Self.at(hours: 22))).inserted)
        let old = try store.record(LogRequest(app: "Fokus", state: .inReview, at: Self.at(hours: 20)))
        #expect(old.inserted)
        #expect(throws: ReviewError(.conflict)) {
            try store.editEvent(id: old.event.id, note: nil, at: Self.at(hours: 22))
        }
        #expect(try store.editEvent(id: review.id, note: "", at: nil).after.note == nil)
        #expect(throws: ReviewError(.invalidValue)) { try store.editEvent(id: waiting.id, note: nil, at: nil) }
        #expect(throws: ReviewError(.invalidValue)) { try store.editEvent(id: waiting.id, note: "a\u{0}b", at: nil) }
        #expect(throws: ReviewError(.eventNotFound)) { try store.editEvent(id: 99, note: "x", at: nil) }
        let synced = try Self.sync(
            store, ascID: "1", name: "Fokus", bundleID: "com.example.fokus", hours: 30,
            versions: [SyncedVersion(ascID: "v1", platform: .iOS, version: "1.0", state: "REJECTED")])
        let syncedID = try #require(synced.first?.event?.id)
        #expect(throws: ReviewError(.timeNotEditable)) {
            try store.editEvent(id: syncedID, note: nil, at: Self.at(hours: 29))
        }
        #expect(try store.editEvent(id: syncedID, note: "4.3 spam", at: nil).after.note == "4.3 spam")
    }

    @Test(
        "undo removes the last event logged by hand, never an imported or synced one, and an app it leaves empty",
        arguments: StoreKind.allCases)
    func undo(_ kind: StoreKind) throws {
        let store = try newStore(kind)
        #expect(throws: ReviewError(.eventNotFound)) { try store.undoLastManualEvent() }
        let first = try Self.log(store, "Fokus", .waitingForReview, hours: 0)
        let second = try Self.log(store, "Fokus", .inReview, hours: 5)
        try Self.log(store, "Fokus", .rejected, hours: 9, source: .import)
        let typo = try Self.log(store, "Fokis", .approved, hours: 10)
        var undone = try store.undoLastManualEvent()
        #expect(undone.event == typo && undone.removedApp)
        #expect(try store.appNames() == ["Fokus"])
        undone = try store.undoLastManualEvent()
        #expect(undone.event == second && !undone.removedApp)
        undone = try store.undoLastManualEvent()
        #expect(undone.event == first && !undone.removedApp)  // the imported Rejected keeps the app
        #expect(try store.events(app: nil).map(\.state) == [.rejected])
        #expect(throws: ReviewError(.eventNotFound)) { try store.undoLastManualEvent() }
    }
}
