import Foundation
import GatehouseHTTP
import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Synchronization
import Testing

/// Signing alerts through the outbox (issue 22), on both stores: at least once, never twice, with the review
/// notifications' backoff; each threshold once as the clock moves, only the smallest of several reached at once, none
/// to a channel added with `--no-signing`, none after a renewal, and what was recorded by a process that died before
/// delivering sent by the next deliverer.
@Suite("Signing alerts: delivered once through the outbox")
struct SigningAlertDeliveryTests {
    static let day: Int64 = 86_400

    /// Records the alerts due at the clock's now and delivers one round.
    static func pass(_ fixture: NotifyFixture, _ deliverer: NotificationDeliverer) async throws -> DeliveryReport {
        _ = try fixture.store.recordSigningAlerts(now: fixture.now)
        return try await deliverer.deliverPending()
    }

    @Test(
        "thresholds crossed one by one as the clock moves: 30, 14, 7 and 1 days, then expired, each sent once",
        arguments: StoreKind.allCases)
    func oneByOne(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook")
        // Expires 40 days and an hour from now.
        let item = try fixture.trackSecret(expiringIn: 40 * Self.day + 3600)
        let deliverer = fixture.deliverer()
        // Checked twice a day, for 42 days: every check records and delivers what is due.
        var sentAtDaysLeft: [String: Int64] = [:]
        for _ in 0..<84 {
            let report = try await Self.pass(fixture, deliverer)
            #expect(report.outcomes.isEmpty && report.signingGivenUp.isEmpty && report.signingRetrying.isEmpty)
            for outcome in report.signingOutcomes {
                sentAtDaysLeft[outcome.id] = item.daysLeft(at: fixture.now)
            }
            fixture.clock.advance(TimeInterval(Self.day / 2))
        }
        let ids = ["expiring-30", "expiring-14", "expiring-7", "expiring-1", "expired"].map {
            "signing-\(item.id)-\($0)"
        }
        #expect(fixture.receivedIDs("/hook") == ids)
        #expect(sentAtDaysLeft == [ids[0]: 30, ids[1]: 14, ids[2]: 7, ids[3]: 1, ids[4]: -1])
        let bodies = try fixture.server.requests(path: "/hook").map(NotifyFixture.object)
        #expect(bodies.map { $0["threshold"] as? Int } == [30, 14, 7, 1, nil])
        #expect(bodies.map { $0["alert"] as? String } == ["expiring", "expiring", "expiring", "expiring", "expired"])
        let stored = try fixture.store.signingAlerts(statuses: [])
        #expect(stored.count == 5 && stored.allSatisfy { $0.status == .delivered && $0.attempts == 1 })
    }

    @Test(
        "several thresholds reached at once give one alert, the smallest: 3 days left is the 7-day alert, then the 1-day",
        arguments: StoreKind.allCases)
    func severalAtOnce(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook")
        let item = try fixture.trackSecret(expiringIn: 3 * Self.day + 3600)
        let deliverer = fixture.deliverer()
        #expect(try await Self.pass(fixture, deliverer).signingDeliveredCount == 1)
        #expect(fixture.receivedIDs("/hook") == ["signing-\(item.id)-expiring-7"])
        // Again at once: nothing more; the 30- and 14-day alerts are recorded, never sent.
        #expect(try await Self.pass(fixture, deliverer).isEmpty)
        fixture.clock.advance(TimeInterval(2 * Self.day))
        #expect(try await Self.pass(fixture, deliverer).signingDeliveredCount == 1)
        #expect(fixture.receivedIDs("/hook") == ["signing-\(item.id)-expiring-7", "signing-\(item.id)-expiring-1"])
        #expect(try fixture.store.signingAlerts(statuses: []).map(\.alert.threshold) == [7, 1])
    }

    @Test("a channel that takes no signing alerts (notify add --no-signing) gets none; the others get each once")
    func noSigningChannel() async throws {
        let fixture = try NotifyFixture()
        fixture.server.route("/signing", respond: .text("ok"))
        fixture.server.route("/reviews", respond: .text("ok"))
        let takes = try fixture.channel(.slack, path: "/signing")
        let refuses = try fixture.channel(.webhook, path: "/reviews", takesSigningAlerts: false)
        #expect(takes.takesSigningAlerts && !refuses.takesSigningAlerts)
        #expect(try fixture.store.channels().map(\.takesSigningAlerts) == [true, false], "stored as given")
        try fixture.trackSecret(expiringIn: 10 * Self.day)
        try fixture.log(.inReview, hoursAgo: 1)
        let report = try await Self.pass(fixture, fixture.deliverer())
        #expect(report.signingDeliveredCount == 1 && report.deliveredCount == 2)
        #expect(report.signingOutcomes.map(\.alert.channel.id) == [takes.id])
        #expect(fixture.server.requestCount(path: "/signing") == 2, "the review notification and the signing alert")
        #expect(fixture.server.requestCount(path: "/reviews") == 1, "the review notification only")
        #expect(try fixture.store.signingAlerts(statuses: []).map(\.channel.id) == [takes.id])
    }

    @Test(
        "a channel down, then up: every signing alert is retried with the backoff and arrives once",
        arguments: StoreKind.allCases)
    func downThenUp(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        let up = LoopbackFlag()
        fixture.server.route("/hook") { _ in up.isSet ? .text("ok") : .text("busy", status: 503) }
        try fixture.channel(.webhook, path: "/hook")
        let soon = try fixture.trackSecret(expiringIn: 5 * Self.day, path: "/tmp/gatehouse-test/soon.jwt")
        let expired = try fixture.trackSecret(expiringIn: -Self.day, path: "/tmp/gatehouse-test/expired.jwt")
        let deliverer = fixture.deliverer(policy: RetryPolicy(firstDelay: 30, maximumDelay: 600))
        var delays: [Int64] = []
        for round in 0..<3 {
            let report = try await Self.pass(fixture, deliverer)
            #expect(report.signingDeliveredCount == 0 && report.signingRetrying.count == 2, "round \(round)")
            let next = try #require(report.signingRetrying.first?.retryAt)
            delays.append(fixture.now.seconds(until: next))
            #expect(try await Self.pass(fixture, deliverer).isEmpty, "not due before its backoff: round \(round)")
            fixture.clock.advance(TimeInterval(fixture.now.seconds(until: next)))
        }
        #expect(delays == [30, 60, 120])
        #expect(fixture.server.requestCount(path: "/hook") == 6)
        let pending = try fixture.store.signingAlerts(statuses: [.pending])
        #expect(pending.count == 2 && pending.allSatisfy { $0.attempts == 3 && $0.lastError?.contains("503") == true })
        up.set()
        #expect(try await Self.pass(fixture, deliverer).signingDeliveredCount == 2)
        #expect(try await deliverer.deliverPending(ignoringBackoff: true).isEmpty, "delivered ones are not sent again")
        let delivered = fixture.server.requests(path: "/hook").suffix(2).compactMap {
            $0.header("X-Gatehouse-Event-Id")
        }
        // Recorded soonest expiry first, so the expired one first.
        #expect(delivered == ["signing-\(expired.id)-expired", "signing-\(soon.id)-expiring-7"])
        let stored = try fixture.store.signingAlerts(statuses: [])
        #expect(stored.count == 2 && stored.allSatisfy { $0.status == .delivered && $0.attempts == 4 })
    }

    @Test(
        "recorded by a process that died before delivering: the next deliverer, on a new connection, sends each once",
        arguments: StoreKind.allCases)
    func diedBeforeDelivering(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook")
        let item = try fixture.trackSecret(expiringIn: 12 * Self.day)
        // The pass that records, on a store object of its own that is then dropped (its process gone).
        do {
            let dying = try kind.open(fixture.location)
            #expect(try dying.recordSigningAlerts(now: fixture.now) == 1)
        }
        #expect(fixture.server.requestCount(path: "/hook") == 0)
        let store = try kind.open(fixture.location)
        let deliverer = NotificationDeliverer(store: store, http: CurlHTTPClient(), clock: fixture.clock)
        #expect(try await deliverer.deliverPending().signingDeliveredCount == 1)
        #expect(try await deliverer.deliverPending().isEmpty)
        #expect(try store.recordSigningAlerts(now: fixture.now) == 0, "recorded once: not due again")
        #expect(try await deliverer.deliverPending(ignoringBackoff: true).isEmpty)
        #expect(fixture.receivedIDs("/hook") == ["signing-\(item.id)-expiring-14"])
    }

    @Test(
        "claimed by a deliverer that died mid-send: another takes it once the lease has passed; delivered once",
        arguments: StoreKind.allCases)
    func diedMidSend(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook")
        try fixture.trackSecret(expiringIn: 20 * Self.day)
        _ = try fixture.store.recordSigningAlerts(now: fixture.now)
        // The dead deliverer's claim, never marked.
        let claimed = try fixture.store.claimDueSigningAlerts(now: fixture.now, lease: 120, ignoringBackoff: false)
        #expect(claimed.count == 1)
        let deliverer = fixture.deliverer()
        #expect(try await deliverer.deliverPending().isEmpty, "left to its deliverer while the lease lasts")
        #expect(
            try await deliverer.deliverPending(ignoringBackoff: true).isEmpty,
            "a flush leaves a live deliverer's claim alone")
        fixture.clock.advance(121)
        #expect(try await deliverer.deliverPending().signingDeliveredCount == 1)
        #expect(try await deliverer.deliverPending(ignoringBackoff: true).isEmpty)
        #expect(fixture.server.requestCount(path: "/hook") == 1)
    }

    @Test("a renewal closes the open alerts: a re-read file with a new date, and an item a newer one replaces")
    func renewalCloses() async throws {
        let fixture = try NotifyFixture()
        let up = LoopbackFlag()
        fixture.server.route("/hook") { _ in up.isSet ? .text("ok") : .text("busy", status: 503) }
        try fixture.channel(.webhook, path: "/hook")
        let path = "/tmp/gatehouse-test/renewed.jwt"
        let item = try fixture.trackSecret(expiringIn: 5 * Self.day, path: path)
        let deliverer = fixture.deliverer()
        // The 7-day alert fails once and stays pending.
        #expect(try await Self.pass(fixture, deliverer).signingRetrying.count == 1)
        // The file is replaced by one valid for six months: a new generation, with nothing due.
        let renewed = try fixture.trackSecret(expiringIn: 180 * Self.day, path: path)
        #expect(renewed.id == item.id && renewed.generation == 2)
        up.set()
        fixture.clock.advance(3600)
        // Claimed before any recording closes it (a round between the renewal and the next check): not sent.
        #expect(try await deliverer.deliverPending(ignoringBackoff: true).isEmpty)
        // The next recording closes it.
        #expect(try fixture.store.recordSigningAlerts(now: fixture.now) == 0)
        #expect(try fixture.store.signingAlerts(statuses: []).isEmpty)
        #expect(fixture.server.requestCount(path: "/hook") == 1, "only the failed try")

        // An App Store Connect certificate with a pending alert, replaced by a newer one of its type: renewed.
        let source = "app-store-connect:work"
        func certificate(_ id: String, days: Int64) -> SigningSighting {
            SigningSighting(
                kind: .certificate, reference: id, name: "Apple Distribution: Example", detail: "DISTRIBUTION",
                ownExpires: Timestamp(secondsSince1970: fixture.now.secondsSince1970 + days * Self.day),
                renewalGroup: "DISTRIBUTION")
        }
        _ = try fixture.store.applySigningListing(
            SigningListing(source: source, at: fixture.now, certificates: [certificate("OLD", days: 6)], profiles: []))
        #expect(try fixture.store.recordSigningAlerts(now: fixture.now) == 1)
        _ = try fixture.store.applySigningListing(
            SigningListing(
                source: source, at: fixture.now,
                certificates: [certificate("OLD", days: 6), certificate("NEW", days: 365)], profiles: []))
        #expect(try await Self.pass(fixture, deliverer).isEmpty)
        #expect(try fixture.store.signingAlerts(statuses: []).isEmpty)
        #expect(fixture.server.requestCount(path: "/hook") == 1)
    }

    @Test("the background rounds record the signing alerts due and send them, once")
    func rounds() async throws {
        let fixture = try NotifyFixture()
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook")
        let item = try fixture.trackSecret(expiringIn: 13 * Self.day)
        let stop = Mutex(false)
        let reports = Mutex<[DeliveryReport]>([])
        let deliverer = fixture.deliverer()
        let running = Task {
            await deliverer.run(
                every: .milliseconds(50), remindingEvery: 0, isStopped: { stop.withLock { $0 } },
                report: { report in reports.withLock { $0.append(report) } },
                failure: { error in Issue.record("a round failed: \(error)") })
        }
        let deadline = Date().addingTimeInterval(20)
        while fixture.server.requestCount(path: "/hook") == 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        // A few more rounds: each records again (remindingEvery 0) and finds nothing new.
        try await Task.sleep(for: .milliseconds(300))
        stop.withLock { $0 = true }
        await running.value
        #expect(fixture.receivedIDs("/hook") == ["signing-\(item.id)-expiring-14"])
        #expect(reports.withLock { $0.map(\.signingDeliveredCount) } == [1])
    }
}
