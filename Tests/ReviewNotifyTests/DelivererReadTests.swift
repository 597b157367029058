import Foundation
import GatehouseHTTP
import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Synchronization
import Testing

/// What the deliverer reads of the store on a round (issue 21): the events of the apps it is notifying about, not
/// every event; every app's only for a message that compares an open cycle with the user's decided cycles (over all
/// apps, as the reminders judge them), once per round. The messages are the same as from the whole store.
@Suite("Notification delivery reads the notified apps' events")
struct DelivererReadTests {
    /// Twelve apps with one decided cycle each (Waiting for Review 100 hours ago, In Review at 90, Rejected at 80),
    /// logged before any channel exists, so none is in the outbox.
    static func seed(_ fixture: NotifyFixture) throws -> [String] {
        let apps = (0..<12).map { "App\($0)" }
        for (index, app) in apps.enumerated() {
            let offset = Int64(index)
            try fixture.log(.waitingForReview, hoursAgo: 100 + offset, app: app, version: "1.0")
            try fixture.log(.inReview, hoursAgo: 90 + offset, app: app, version: "1.0")
            try fixture.log(.rejected, hoursAgo: 80 + offset, app: app, version: "1.0")
        }
        return apps
    }

    @Test(
        "events(ofAppsOfEvents:): every event of those events' apps, by id; nothing for no ids or unknown ids",
        arguments: StoreKind.allCases)
    func query(_ kind: StoreKind) throws {
        let fixture = try NotifyFixture(kind)
        let apps = try Self.seed(fixture)
        let all = try fixture.store.events(app: nil)
        let wanted = Set([apps[3], apps[7]])
        let ids = all.filter { wanted.contains($0.app.name) }.map(\.id)
        let one = try #require(ids.first)
        let expected = all.filter { wanted.contains($0.app.name) }
        #expect(try fixture.store.events(ofAppsOfEvents: [ids.last ?? one, one]) == expected)
        #expect(try fixture.store.events(ofAppsOfEvents: [one, one]) == all.filter { $0.app.name == apps[3] })
        #expect(try fixture.store.events(ofAppsOfEvents: []).isEmpty)
        #expect(try fixture.store.events(ofAppsOfEvents: [Int64.max, -1]).isEmpty)
        // More ids than one statement takes (500): every id of every app, with unknown ones among them.
        let many = all.map(\.id) + (1...600).map { Int64(1_000_000 + $0) }
        #expect(try fixture.store.events(ofAppsOfEvents: many) == all)
    }

    @Test("a decided cycle's notification reads its app's events only, and says what a read of every event says")
    func decidedReadsTheAppOnly() async throws {
        let fixture = try NotifyFixture()
        let apps = try Self.seed(fixture)
        fixture.server.route("/hook", respond: .text("ok"))
        let channel = try fixture.channel(.webhook, path: "/hook")
        try fixture.log(.waitingForReview, hoursAgo: 30, app: apps[7], version: "2.0")
        try fixture.log(.inReview, hoursAgo: 20, app: apps[7], version: "2.0")
        // Only the rejection is left to send: the two before are delivered by a first round.
        let store = RecordingStore(fixture.store)
        let deliverer = NotificationDeliverer(store: store, http: CurlHTTPClient(), clock: fixture.clock)
        _ = try await deliverer.deliverPending()
        store.reset()
        let rejected = try fixture.log(.rejected, hoursAgo: 1, app: apps[7], version: "2.0").event

        let report = try await deliverer.deliverPending()

        #expect(report.deliveredCount == 1)
        let appEvents = try fixture.store.events(app: apps[7])
        #expect(store.calls == [.appsOfEvents([rejected.id], returned: appEvents.count)])
        let everyEvent = try fixture.store.events(app: nil)
        #expect(appEvents.count == 6 && everyEvent.count == 39)
        let expected = try Self.body(
            eventID: rejected.id, kind: .stateChange, store: fixture.store, channel: channel, now: fixture.now)
        #expect(fixture.server.requests(path: "/hook").last?.body == expected.body)
        #expect(expected.message.comparison == nil, "a decided cycle compares nothing")
    }

    @Test(
        "open cycles' notifications read every event once per round, for the comparison over every app's decided cycles"
    )
    func openCycleReadsEveryEventOnce() async throws {
        let fixture = try NotifyFixture()
        let apps = try Self.seed(fixture)
        fixture.server.route("/hook", respond: .text("ok"))
        fixture.server.route("/other", respond: .text("ok"))
        let channel = try fixture.channel(.webhook, path: "/hook")
        try fixture.channel(.webhook, path: "/other")
        let store = RecordingStore(fixture.store)
        let deliverer = NotificationDeliverer(store: store, http: CurlHTTPClient(), clock: fixture.clock)
        let waiting = try fixture.log(.waitingForReview, hoursAgo: 60, app: apps[7], version: "2.0").event
        let inReview = try fixture.log(.inReview, hoursAgo: 30, app: apps[7], version: "2.0").event
        let other = try fixture.log(.waitingForReview, hoursAgo: 26, app: apps[2], version: "2.0").event

        let report = try await deliverer.deliverPending()

        // Three events, two channels: six deliveries, one read of the two apps' events and one of every event.
        #expect(report.deliveredCount == 6)
        let appEvents = try fixture.store.events(ofAppsOfEvents: [waiting.id, other.id])
        #expect(store.calls.count == 2)
        #expect(
            Set(store.calls) == [
                .appsOfEvents(
                    [waiting.id, waiting.id, inReview.id, inReview.id, other.id, other.id], returned: appEvents.count),
                .everyEvent,
            ])
        let expected = try Self.body(
            eventID: inReview.id, kind: .stateChange, store: fixture.store, channel: channel, now: fixture.now)
        let comparison = try #require(expected.message.comparison)
        #expect(comparison.decidedCycles == 12, "every app's decided cycle is compared with")
        #expect(
            expected.message.isLongWait,
            "In Review 30 hours after submission, past Apple's 24: the text carries the comparison")
        let bodies = fixture.server.requests(path: "/hook").map(\.body)
        #expect(bodies.contains(expected.body))
    }

    /// The generic webhook's body for a notification worked out from every event of the store, as before issue 21.
    static func body(
        eventID: Int64, kind: NotificationMessage.Kind, store: RelationalReviewStore, channel: NotificationChannel,
        now: Timestamp
    ) throws -> (message: NotificationMessage, body: [UInt8]) {
        let message = try #require(
            NotificationMessage(kind: kind, eventID: eventID, events: try store.events(app: nil), now: now))
        let request = try NotificationPayload.request(for: message, channel: channel, sentAt: now, key: nil)
        return (message, request.body)
    }
}

/// The real store, every call passed through, with the reads of events recorded: the deliverer takes its store as
/// `any ReviewStore & NotificationOutbox & SigningStore`, so this is what it is given here.
final class RecordingStore: ReviewStore, NotificationOutbox, SigningStore, Sendable {
    /// A read of events.
    enum Call: Hashable {
        /// `events(ofAppsOfEvents:)`, with its ids and how many events it gave.
        case appsOfEvents([Int64], returned: Int)
        /// `events(app: nil)`.
        case everyEvent
        /// `events(app:)` for one app.
        case app(String)
    }

    private let base: RelationalReviewStore
    private let recorded = Mutex<[Call]>([])

    init(_ base: RelationalReviewStore) { self.base = base }

    var calls: [Call] { recorded.withLock { $0 } }

    func reset() { recorded.withLock { $0 = [] } }

    private func note(_ call: Call) { recorded.withLock { $0.append(call) } }

    func offload<T: Sendable>(_ calls: @escaping @Sendable () throws(ReviewError) -> T) async throws(ReviewError) -> T {
        try await base.offload(calls)
    }

    func events(app: String?) throws(ReviewError) -> [ReviewEvent] {
        note(app.map { .app($0) } ?? .everyEvent)
        return try base.events(app: app)
    }

    func events(ofAppsOfEvents eventIDs: [Int64]) throws(ReviewError) -> [ReviewEvent] {
        let events = try base.events(ofAppsOfEvents: eventIDs)
        note(.appsOfEvents(eventIDs.sorted(), returned: events.count))
        return events
    }

    func record(_ request: LogRequest) throws(ReviewError) -> LogResult { try base.record(request) }
    func app(named name: String) throws(ReviewError) -> App? { try base.app(named: name) }
    func appNames() throws(ReviewError) -> [String] { try base.appNames() }
    func deleteEvent(id: Int64) throws(ReviewError) -> ReviewEvent { try base.deleteEvent(id: id) }
    func importEvents(_ events: [ReviewEvent]) throws(ReviewError) -> ImportSummary { try base.importEvents(events) }
    func applySync(_ app: SyncedApp) throws(ReviewError) -> [SyncChange] { try base.applySync(app) }
    func syncedApps() throws(ReviewError) -> [SyncedAppState] { try base.syncedApps() }
    func testFlightLook(ascAppID: String) throws(ReviewError) -> TestFlightLook {
        try base.testFlightLook(ascAppID: ascAppID)
    }
    func apps() throws(ReviewError) -> [AppSummary] { try base.apps() }
    func renameApp(_ name: String, to newName: String) throws(ReviewError) -> App {
        try base.renameApp(name, to: newName)
    }
    func mergeApp(_ name: String, into target: String) throws(ReviewError) -> AppMerge {
        try base.mergeApp(name, into: target)
    }
    func editEvent(id: Int64, note: String?, at: Timestamp?) throws(ReviewError) -> EventEdit {
        try base.editEvent(id: id, note: note, at: at)
    }
    func undoLastManualEvent() throws(ReviewError) -> UndoResult { try base.undoLastManualEvent() }
    func addChannel(_ channel: NotificationChannel) throws(ReviewError) -> NotificationChannel {
        try base.addChannel(channel)
    }
    func channels() throws(ReviewError) -> [NotificationChannel] { try base.channels() }
    func removeChannel(id: Int64) throws(ReviewError) -> NotificationChannel { try base.removeChannel(id: id) }
    func notifications(statuses: Set<OutboxNotification.Status>) throws(ReviewError) -> [OutboxNotification] {
        try base.notifications(statuses: statuses)
    }
    func claimDueNotifications(now: Timestamp, lease: Int64, ignoringBackoff: Bool, eventIDs: [Int64]?)
        throws(ReviewError)
        -> [OutboxNotification]
    {
        try base.claimDueNotifications(now: now, lease: lease, ignoringBackoff: ignoringBackoff, eventIDs: eventIDs)
    }
    func markDelivered(id: Int64, at: Timestamp) throws(ReviewError) { try base.markDelivered(id: id, at: at) }
    func markFailedAttempt(id: Int64, at: Timestamp, error: String, retryAt: Timestamp?) throws(ReviewError) {
        try base.markFailedAttempt(id: id, at: at, error: error, retryAt: retryAt)
    }
    func importEvents(_ events: [ReviewEvent], notify: Bool) throws(ReviewError) -> ImportSummary {
        try base.importEvents(events, notify: notify)
    }
    func recordReminders(now: Timestamp) throws(ReviewError) -> Int { try base.recordReminders(now: now) }
    func applySigningListing(_ listing: SigningListing) throws(ReviewError) -> [SigningChange] {
        try base.applySigningListing(listing)
    }
    func trackSigningFile(_ sighting: SigningSighting, name: String?, at: Timestamp) throws(ReviewError)
        -> SigningItem
    {
        try base.trackSigningFile(sighting, name: name, at: at)
    }
    func recordSigningFileRead(id: Int64, _ sighting: SigningSighting?, at: Timestamp) throws(ReviewError)
        -> SigningChange?
    {
        try base.recordSigningFileRead(id: id, sighting, at: at)
    }
    func removeSigningItem(id: Int64) throws(ReviewError) -> SigningItem { try base.removeSigningItem(id: id) }
    func signingItems() throws(ReviewError) -> [SigningItem] { try base.signingItems() }
    func signingAlertDays() throws(ReviewError) -> [Int64] { try base.signingAlertDays() }
    func setSigningAlertDays(_ days: [Int64]) throws(ReviewError) -> [Int64] { try base.setSigningAlertDays(days) }
    func recordSigningAlerts(now: Timestamp) throws(ReviewError) -> Int { try base.recordSigningAlerts(now: now) }
    func claimDueSigningAlerts(now: Timestamp, lease: Int64, ignoringBackoff: Bool) throws(ReviewError)
        -> [OutboxSigningAlert]
    {
        try base.claimDueSigningAlerts(now: now, lease: lease, ignoringBackoff: ignoringBackoff)
    }
    func markSigningAlertDelivered(id: Int64, at: Timestamp) throws(ReviewError) {
        try base.markSigningAlertDelivered(id: id, at: at)
    }
    func markSigningAlertFailed(id: Int64, at: Timestamp, error: String, retryAt: Timestamp?) throws(ReviewError) {
        try base.markSigningAlertFailed(id: id, at: at, error: error, retryAt: retryAt)
    }
    func signingAlerts(statuses: Set<OutboxNotification.Status>) throws(ReviewError) -> [OutboxSigningAlert] {
        try base.signingAlerts(statuses: statuses)
    }
}
