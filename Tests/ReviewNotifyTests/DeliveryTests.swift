import Foundation
import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Synchronization
import Testing

/// The outbox's delivery: a channel down for a while loses nothing, backoff grows, a day of failures is given up and
/// listed as failed, and a claimed notification is not taken by a second deliverer until its lease passes.
@Suite("Notification delivery: outages, backoff, giving up")
struct DeliveryTests {
    @Test(
        "a channel answering 503 for a while, then 200: every notification arrives, none lost, each marked delivered",
        arguments: StoreKind.allCases)
    func outage(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        let up = LoopbackFlag()
        fixture.server.route("/hook") { _ in up.isSet ? .text("ok") : .text("busy", status: 503) }
        try fixture.channel(.webhook, path: "/hook")
        var ids: [String] = []
        for (index, state) in [ReviewState.waitingForReview, .inReview, .rejected, .waitingForReview, .inReview]
            .enumerated()
        {
            ids.append(NotificationMessage.id(of: try fixture.log(state, hoursAgo: Int64(10 - index)).event))
        }
        let deliverer = fixture.deliverer(policy: RetryPolicy(firstDelay: 30, maximumDelay: 600))
        var delays: [Int64] = []
        for round in 0..<4 {
            let report = try await deliverer.deliverPending()
            #expect(report.deliveredCount == 0 && report.retrying.count == 5, "round \(round)")
            let next = try #require(report.retrying.first?.retryAt)
            delays.append(fixture.now.seconds(until: next))
            // Not due before its backoff: a round now tries nothing.
            #expect(try await deliverer.deliverPending().outcomes.isEmpty, "round \(round)")
            fixture.clock.advance(TimeInterval(fixture.now.seconds(until: next)))
        }
        #expect(delays == [30, 60, 120, 240])
        #expect(fixture.server.requestCount(path: "/hook") == 20)
        up.set()
        let report = try await deliverer.deliverPending()
        #expect(report.deliveredCount == 5)
        let received = try fixture.server.requests(path: "/hook").suffix(5).map {
            try NotifyFixture.object($0)["id"] as? String
        }
        #expect(received.compactMap { $0 } == ids)
        let stored = try fixture.store.notifications(statuses: [])
        #expect(stored.count == 5 && stored.allSatisfy { $0.status == .delivered && $0.attempts == 5 })
        #expect(try await deliverer.deliverPending().outcomes.isEmpty, "delivered ones are not sent again")
    }

    @Test(
        "a 2xx whose body is over the response cap is delivered, not retried; a 5xx with one is a failure naming it",
        arguments: [LoopbackResponse.Delivery.whole, .untilClose])
    func largeAnswer(_ delivery: LoopbackResponse.Delivery) async throws {
        // Declared (Content-Length over the cap: libcurl stops before the body) and close-delimited (the body is
        // counted as it arrives and the transfer stopped at the cap): either way the status is the answer.
        let fixture = try NotifyFixture()
        let large = [UInt8](repeating: 0x61, count: 64 << 10)
        fixture.server.route("/ok", respond: LoopbackResponse(status: 200, body: large, delivery: delivery))
        fixture.server.route("/down", respond: LoopbackResponse(status: 502, body: large, delivery: delivery))
        try fixture.channel(.slack, path: "/ok")
        try fixture.channel(.discord, path: "/down")
        try fixture.log(.waitingForReview, hoursAgo: 1)
        let deliverer = fixture.deliverer(maxResponseBytes: 1024)
        let report = try await deliverer.deliverPending()
        let byPath = Dictionary(uniqueKeysWithValues: report.outcomes.map { ($0.notification.channel.url, $0) })
        let delivered = try #require(byPath[fixture.server.url("/ok")])
        #expect(delivered.failure == nil && delivered.retryAt == nil, "\(String(describing: delivered.failure))")
        let failed = try #require(byPath[fixture.server.url("/down")])
        #expect(failed.failure?.hasSuffix("answered 502") == true, "\(String(describing: failed.failure))")
        #expect(failed.retryAt != nil)
        // Delivered once: a flush sends the 2xx channel nothing more, the 502 one again.
        _ = try await deliverer.deliverPending(ignoringBackoff: true)
        #expect(fixture.server.requestCount(path: "/ok") == 1)
        #expect(fixture.server.requestCount(path: "/down") == 2)
        let stored = try fixture.store.notifications(statuses: [.delivered])
        #expect(stored.map(\.channel.url) == [fixture.server.url("/ok")])
    }

    @Test("failing for a day: the notification is failed, kept with its last error, and no longer tried")
    func givesUp() async throws {
        let fixture = try NotifyFixture()
        fixture.server.route("/hook", respond: .text("gone", status: 410))
        try fixture.channel(.discord, path: "/hook")
        try fixture.log(.waitingForReview, hoursAgo: 1)
        let deliverer = fixture.deliverer()
        var rounds = 0
        while try fixture.store.notifications(statuses: [.pending]).count == 1, rounds < 100 {
            _ = try await deliverer.deliverPending(ignoringBackoff: true)
            fixture.clock.advance(3 * 3600)
            rounds += 1
        }
        #expect(rounds == 9, "tried every 3 h from the first try until a day had passed")
        let failed = try fixture.store.notifications(statuses: [.failed])
        #expect(failed.count == 1)
        #expect(failed.first?.lastError?.contains("answered 410") == true)
        #expect(failed.first?.lastError?.contains("/hook") == false, "the URL's path is never written out")
        #expect(try await deliverer.deliverPending(ignoringBackoff: true).outcomes.isEmpty)
        #expect(fixture.server.requestCount(path: "/hook") == 9)
    }

    @Test(
        "a claimed notification is left to its deliverer until the lease passes; flush ignores backoff, not claims",
        arguments: StoreKind.allCases)
    func lease(_ kind: StoreKind) async throws {
        let fixture = try NotifyFixture(kind)
        try fixture.channel(.webhook, path: "/hook")
        try fixture.log(.inReview, hoursAgo: 1)
        // How many notifications a deliverer claims at `now` for a 120 s lease; with `flush`, a flush (backoff
        // ignored), for the events `eventIDs` (nil: all).
        func claimed(at now: Timestamp, flush: Bool = false, eventIDs: [Int64]? = nil) throws -> Int {
            try fixture.store.claimDueNotifications(now: now, lease: 120, ignoringBackoff: flush, eventIDs: eventIDs)
                .count
        }
        #expect(try claimed(at: fixture.now) == 1)
        #expect(try claimed(at: fixture.now) == 0, "taken by the first deliverer")
        let later = Timestamp(secondsSince1970: fixture.now.secondsSince1970 + 121)
        #expect(try claimed(at: later) == 1)
        // A flush ignores backoff, never a live deliverer's claim: the notification is being sent.
        #expect(try claimed(at: later, flush: true) == 0)
        let lapsed = Timestamp(secondsSince1970: later.secondsSince1970 + 121)
        #expect(try claimed(at: lapsed, flush: true, eventIDs: [999]) == 0)
        #expect(try claimed(at: lapsed, flush: true) == 1)
        // A flush's claim: a deliverer leaves it alone; another flush takes it (flushes run one at a time, so the
        // flush that holds it is dead).
        #expect(try claimed(at: lapsed) == 0)
        #expect(try claimed(at: lapsed, flush: true) == 1)
    }

    @Test("channels are served at once; one channel's notifications arrive in order, one at a time")
    func channelsInParallel() async throws {
        let fixture = try NotifyFixture()
        for path in ["/a", "/b"] {
            fixture.server.route(path, respond: LoopbackResponse(status: 204, delay: .milliseconds(500)))
            try fixture.channel(.webhook, path: path)
        }
        var ids: [String] = []
        for (index, state) in [ReviewState.waitingForReview, .inReview, .pendingDeveloperRelease].enumerated() {
            ids.append(NotificationMessage.id(of: try fixture.log(state, hoursAgo: Int64(5 - index)).event))
        }
        let report = try await fixture.deliverer().deliverPending()
        #expect(report.deliveredCount == 6)
        #expect(report.outcomes.map(\.notification.id) == report.outcomes.map(\.notification.id).sorted())
        #expect(fixture.server.maxConcurrentRequests == 2, "one request in flight per channel, both channels at once")
        for path in ["/a", "/b"] {
            #expect(
                fixture.server.requests(path: path).map { $0.header("X-Gatehouse-Event-Id") ?? "" } == ids, "\(path)")
        }
    }

    @Test("backoff doubles from the first delay up to the maximum, and stops after giveUpAfter")
    func backoff() {
        let policy = RetryPolicy(firstDelay: 30, maximumDelay: 3600, giveUpAfter: 86_400)
        let start = Timestamp(secondsSince1970: 1_000_000)
        let delays = (1...10).map {
            policy.retryAt(attempts: $0, firstAttemptAt: start, now: start)!.secondsSince1970 - start.secondsSince1970
        }
        #expect(delays == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
        let dayLater = Timestamp(secondsSince1970: start.secondsSince1970 + 86_400)
        #expect(policy.retryAt(attempts: 3, firstAttemptAt: start, now: dayLater) == nil)
    }
}

/// A flag a test flips while a loopback handler reads it.
final class LoopbackFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }

    @Test("an event id the store reuses after an undo never repeats a notification id")
    func idsNeverRepeat() async throws {
        let fixture = try NotifyFixture()
        try fixture.channel(.webhook, path: "/hook")
        let wrong = try fixture.log(.rejected, hoursAgo: 2).event
        _ = try await fixture.deliverer().deliverPending()
        _ = try fixture.store.undoLastManualEvent()
        let right = try fixture.log(.inReview, hoursAgo: 2).event
        #expect(right.id == wrong.id, "SQLite gives the freed id to the next event")
        _ = try await fixture.deliverer().deliverPending()
        let received = try fixture.server.requests(path: "/hook").map { try NotifyFixture.object($0)["id"] as? String }
        #expect(received.count == 2 && received[0] != received[1], "\(received)")
        #expect(received.compactMap { $0 } == [NotificationMessage.id(of: wrong), NotificationMessage.id(of: right)])
        #expect(received.allSatisfy { $0?.hasPrefix("\(right.id)-") == true })
    }
}
