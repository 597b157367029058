import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

/// The store's side of `review serve`: deliveries kept once per id, pending until resolved, and a webhook's exact
/// time taking the place of a sync's observation of the same state.
@Suite("webhook deliveries in the store")
struct WebhookStoreTests {
    /// This test's own temporary folder (Swift Testing makes a suite value for each test and argument).
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static let version = WebhookVersion(
        ascAppID: "1000", appName: "Fokus", bundleID: "com.example.fokus", platform: .iOS, version: "2.3", build: "41")

    static func delivery(_ id: String, _ state: String, milliseconds: Int64, versionID: String = "v23")
        -> WebhookDelivery
    {
        WebhookDelivery(
            id: id, kind: .stateChange(ascVersionID: versionID, oldValue: nil, newValue: state),
            timestampMilliseconds: milliseconds, receivedAt: Timestamp(secondsSince1970: milliseconds / 1000 + 2))
    }

    @Test(
        "a delivery is recorded once: the repeat is a duplicate and adds nothing",
        arguments: StoreKind.allCases)
    func once(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let delivery = Self.delivery("d1", "WAITING_FOR_REVIEW", milliseconds: 1_795_150_852_745)
        let event = try #require(try store.recordWebhookDelivery(delivery, version: Self.version).event, "not recorded")
        #expect(event.at.secondsSince1970 == 1_795_150_852 && event.source == .webhook && event.timing == .exact)
        #expect(event.build == "41" && event.ascVersionID == "v23" && event.app.bundleID == "com.example.fokus")
        #expect(try store.recordWebhookDelivery(delivery, version: Self.version) == .duplicate)
        #expect(try store.webhookDeliveryStatus(id: "d1") == .resolved(eventID: event.id))
        #expect(try store.events(app: nil).count == 1)
    }

    @Test(
        "a webhook event commits with its notifications, recorded at once or resolved later; a repeat adds none",
        arguments: StoreKind.allCases)
    func notifies(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let channel = try store.addChannel(NotificationChannel(kind: .webhook, url: "https://hooks.example.com/x"))
        let delivery = Self.delivery("n1", "IN_REVIEW", milliseconds: 1_795_150_852_745)
        let event = try #require(try store.recordWebhookDelivery(delivery, version: Self.version).event, "not recorded")
        #expect(try store.recordWebhookDelivery(delivery, version: Self.version) == .duplicate)
        let queued = try store.notifications(statuses: [.pending])
        #expect(queued.map(\.eventID) == [event.id])
        #expect(queued.map(\.channel.id) == [channel.id])
        // Pending, then resolved in the background: the event and its notification still commit together.
        let later = Self.delivery("n2", "REJECTED", milliseconds: 1_795_160_000_000)
        #expect(try store.recordWebhookDelivery(later, version: nil) == .pending)
        #expect(try store.notifications(statuses: [.pending]).count == 1)
        let now = Timestamp(secondsSince1970: 1_795_170_000)
        let resolved = try store.resolvePendingWebhookDelivery(later, version: Self.version, at: now)
        let rejected = try #require(resolved.event, "n2 not resolved")
        #expect(try store.notifications(statuses: [.pending]).map(\.eventID) == [event.id, rejected.id])
    }

    @Test(
        "deliveries that keep failing to resolve go after the others, so they never hold back newer ones",
        arguments: StoreKind.allCases)
    func failingLast(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        for (index, id) in ["old", "mid", "new"].enumerated() {
            let delivery = Self.delivery(id, "IN_REVIEW", milliseconds: 1_795_150_000_000 + Int64(index) * 1_000)
            #expect(try store.recordWebhookDelivery(delivery, version: nil) == .pending)
        }
        #expect(try store.pendingWebhookDeliveries(limit: 2).map(\.id) == ["old", "mid"])
        try store.noteWebhookResolutionFailure(id: "old", reason: "version gone")
        try store.noteWebhookResolutionFailure(id: "mid", reason: "version gone")
        #expect(try store.pendingWebhookDeliveries(limit: 2).map(\.id) == ["new", "old"])
        #expect(try store.pendingWebhookDeliveries(limit: 5).map(\.id) == ["new", "old", "mid"])
    }

    @Test(
        "pending until resolved; a retry that brings the version resolves it; resolving twice is a no-op",
        arguments: StoreKind.allCases)
    func pending(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let first = Self.delivery("p1", "IN_REVIEW", milliseconds: 1_795_160_000_000)
        let second = Self.delivery("p2", "WAITING_FOR_REVIEW", milliseconds: 1_795_150_000_000)
        #expect(try store.recordWebhookDelivery(first, version: nil) == .pending)
        #expect(try store.recordWebhookDelivery(second, version: nil) == .pending)
        #expect(try store.recordWebhookDelivery(first, version: nil) == .duplicate)
        // Oldest event first.
        #expect(try store.pendingWebhookDeliveries(limit: 10).map(\.id) == ["p2", "p1"])
        try store.noteWebhookResolutionFailure(id: "p2", reason: "not found")
        try #require(
            try store.recordWebhookDelivery(first, version: Self.version).event != nil, "the retry did not resolve p1")
        let now = Timestamp(secondsSince1970: 1_795_170_000)
        let resolved = try store.resolvePendingWebhookDelivery(second, version: Self.version, at: now)
        try #require(resolved.event != nil, "p2 not resolved")
        #expect(try store.resolvePendingWebhookDelivery(second, version: Self.version, at: now) == .duplicate)
        #expect(try store.pendingWebhookDeliveries(limit: 10).isEmpty)
        #expect(try store.events(app: nil).map(\.state) == [.inReview, .waitingForReview])
    }

    @Test(
        "a sync's observed state takes the webhook's exact time; a state already current adds nothing",
        arguments: StoreKind.allCases)
    func observedBecomesExact(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        // Sync sees 2.3 In Review at 10:00, after a look at 08:00 (observed, approximate).
        let look = Timestamp(secondsSince1970: 1_795_168_800)
        _ = try store.applySync(
            SyncedApp(
                ascID: "1000", name: "Fokus", bundleID: "com.example.fokus", fetchedAt: look.advanced(-7200),
                versions: [.init(ascID: "v23", platform: .iOS, version: "2.3", state: "WAITING_FOR_REVIEW")]))
        _ = try store.applySync(
            SyncedApp(
                ascID: "1000", name: "Fokus", bundleID: "com.example.fokus", fetchedAt: look,
                versions: [.init(ascID: "v23", platform: .iOS, version: "2.3", state: "IN_REVIEW")]))
        let observed = try #require(try store.events(app: nil).last)
        #expect(observed.state == .inReview && observed.timing.isObserved)
        // The webhook of that change arrives late: the same event, now exact at 09:12:34.
        let webhook = Self.delivery("late", "IN_REVIEW", milliseconds: (look.secondsSince1970 - 2846) * 1000 + 500)
        let exact = try #require(try store.recordWebhookDelivery(webhook, version: Self.version).event, "not recorded")
        #expect(exact.id == observed.id && exact.timing == .exact && exact.source == .webhook)
        #expect(exact.at.secondsSince1970 == look.secondsSince1970 - 2846)
        #expect(try store.events(app: nil).filter { $0.state == .inReview }.count == 1)
        // The same change under another delivery id: the version is already in that state, nothing is added.
        let again = Self.delivery("again", "IN_REVIEW", milliseconds: (look.secondsSince1970 - 1000) * 1000)
        #expect(try store.recordWebhookDelivery(again, version: Self.version) == .resolvedWithoutEvent)
        #expect(try store.events(app: nil).count == 2)
    }

    @Test(
        "a state this review does not know is kept as a resolved delivery, never an event; pings are pings",
        arguments: StoreKind.allCases)
    func unknownStateAndPing(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let odd = Self.delivery("odd", "SOMETHING_NEW", milliseconds: 1_795_150_000_000)
        #expect(try store.recordWebhookDelivery(odd, version: Self.version) == .resolvedWithoutEvent)
        #expect(try store.webhookDeliveryStatus(id: "odd") == .resolved(eventID: nil))
        let ping = WebhookDelivery(
            id: "ping", kind: .ping, timestampMilliseconds: 0, receivedAt: Timestamp(secondsSince1970: 5))
        #expect(try store.recordWebhookDelivery(ping, version: nil) == .ping)
        #expect(try store.recordWebhookDelivery(ping, version: nil) == .duplicate)
        #expect(try store.webhookDeliveryStatus(id: "ping") == .ping)
        #expect(try store.events(app: nil).isEmpty)
    }

    @Test(
        "out of order: a state skipped as current is recorded once an earlier change arrives; true repeats stay out",
        arguments: StoreKind.allCases)
    func outOfOrder(_ kind: StoreKind) throws {
        let store = try kind.makeStore(in: directory)
        let hour: Int64 = 3_600_000
        let base: Int64 = 1_795_150_800_000
        let arrivals = [
            Self.delivery("w1", "WAITING_FOR_REVIEW", milliseconds: base + 1 * hour),
            Self.delivery("w3", "WAITING_FOR_REVIEW", milliseconds: base + 3 * hour),  // a resubmission
            Self.delivery("w3-again", "WAITING_FOR_REVIEW", milliseconds: base + 3 * hour + 500),  // its repeat
            Self.delivery("r2", "REJECTED", milliseconds: base + 2 * hour),  // arrives last
        ]
        for delivery in arrivals { _ = try store.recordWebhookDelivery(delivery, version: Self.version) }
        let events = try store.events(app: nil)
        #expect(events.map(\.state) == [.waitingForReview, .rejected, .waitingForReview])
        let seconds: [Int64] = [1, 2, 3].map { (hours: Int64) -> Int64 in (base + hours * hour) / 1000 }
        #expect(events.map(\.at.secondsSince1970) == seconds)
        let resubmission = try #require(events.last)
        #expect(try store.webhookDeliveryStatus(id: "w3") == .resolved(eventID: resubmission.id))
        #expect(try store.webhookDeliveryStatus(id: "w3-again") == .resolved(eventID: nil))
        // Delivered again, nothing changes.
        for delivery in arrivals {
            #expect(try store.recordWebhookDelivery(delivery, version: Self.version) == .duplicate)
        }
        #expect(try store.events(app: nil) == events)
    }
}

extension WebhookOutcome {
    /// The event recorded, for `#require`: nil for every other outcome.
    fileprivate var event: ReviewEvent? {
        guard case .recorded(let event) = self else { return nil }
        return event
    }
}

extension Timestamp {
    fileprivate func advanced(_ seconds: Int64) -> Timestamp { Timestamp(secondsSince1970: secondsSince1970 + seconds) }
}
