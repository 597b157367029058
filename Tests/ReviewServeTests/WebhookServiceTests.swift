import Foundation
import GatehouseCore
import GatehouseHTTP
import GatehouseTesting
import MicroHTTPServer
import ReviewLog
import ReviewNotify
import ReviewServe
import ReviewTesting
import ReviewWebhooks
import Synchronization
import Testing

/// `WebhookService` in process, on both stores: a webhook over loopback into the store, the deliverer woken to a
/// loopback channel, the pending loop paced by a test clock, and the one shutdown's drain. Every interval is an hour
/// or more on a `TestClock` that only the test moves, so nothing here waits for a round: a test that depended on one
/// would hit its time limit. The same service as a process is in ReviewCLITests (`ServeEndToEndTests`,
/// `ServeWakeEndToEndTests`).
@Suite("webhook service in process: receive, wake, resolve later, drain on one shutdown")
struct WebhookServiceTests {
    static let secret = Array("service secret".utf8)
    static let versionID = "ad7e6298-2570-4ca6-b3cc-f81788e40bdc"
    static let fokus = WebhookVersion(
        ascAppID: "1000000001", appName: "Fokus", bundleID: "com.example.fokus", platform: .iOS, version: "2.3",
        build: "41")

    /// A store with one generic webhook channel on a loopback receiver, a service over it, and its events.
    final class Fixture: Sendable {
        let directory: TemporaryDirectory
        let store: RelationalReviewStore
        let channel: LoopbackHTTPServer
        let clock = TestClock()
        let events = EventLog()
        let shutdown = GracefulShutdown()

        init(_ kind: StoreKind) throws {
            directory = try TemporaryDirectory()
            store = try kind.makeStore(in: directory)
            channel = try LoopbackHTTPServer()
            _ = try store.addChannel(NotificationChannel(kind: .webhook, url: channel.url("/hook")))
        }

        /// A service on 127.0.0.1 (a port the system chooses), its rounds `deliveryInterval` apart on the test clock.
        func service(
            _ resolver: StubVersionResolver, resolveInterval: Duration = .seconds(3600),
            deliveryInterval: Duration = .seconds(3600), resolutionBound: Duration = .seconds(3)
        ) throws -> WebhookService {
            var configuration = WebhookServiceConfiguration(address: try ListenAddress(parsing: "127.0.0.1:0"))
            configuration.resolveInterval = resolveInterval
            configuration.deliveryInterval = deliveryInterval
            configuration.resolutionBound = resolutionBound
            let events = events
            return try WebhookService(
                secret: WebhookServiceTests.secret, store: store, resolver: resolver, configuration: configuration,
                timeSource: ManualClock(), clock: clock,
                http: CurlHTTPClient(configuration: .init(totalTimeout: .seconds(60))), events: { events.record($0) })
        }

        /// The outbox's notifications by status.
        func notifications(_ status: OutboxNotification.Status) throws -> Int {
            try store.notifications(statuses: [status]).count
        }
    }

    /// Every event the service reported, and a stream of them to wait on (one test reads it, in order).
    final class EventLog: Sendable {
        private let all = Mutex<[WebhookServiceEvent]>([])
        let stream: AsyncStream<WebhookServiceEvent>
        private let continuation: AsyncStream<WebhookServiceEvent>.Continuation

        init() { (stream, continuation) = AsyncStream.makeStream(of: WebhookServiceEvent.self) }

        func record(_ event: WebhookServiceEvent) {
            all.withLock { $0.append(event) }
            continuation.yield(event)
        }

        var recorded: [WebhookServiceEvent] { all.withLock { $0 } }
    }

    /// The next event of `events` that `matches` (the others are skipped).
    static func next(
        _ events: inout AsyncStream<WebhookServiceEvent>.Iterator, where matches: (WebhookServiceEvent) -> Bool
    ) async -> WebhookServiceEvent? {
        while let event = await events.next() {
            if matches(event) { return event }
        }
        return nil
    }

    /// A signed state-change body and its signature.
    static func stateChange(id: String, to newValue: String, at timestamp: String) throws -> [UInt8] {
        let body = Array(
            """
            {"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"\(id)","version":1,"attributes":\
            {"newValue":"\(newValue)","oldValue":"WAITING_FOR_REVIEW","timestamp":"\(timestamp)"},\
            "relationships":{"instance":{"data":{"type":"appStoreVersions","id":"\(versionID)"}}}}}
            """.utf8)
        return RawHTTPConnection.request(
            method: "POST", path: WebhookGate.deliveryPath,
            headers: [("X-Apple-Signature", try ASCWebhookSignature.header(for: body, secret: secret))], body: body)
    }

    /// Runs blocking socket work on a thread of its own, not on one of the few concurrency threads the service's
    /// handlers and loops need.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// A connection held across threads (used by one thread at a time).
    final class Connection: @unchecked Sendable {
        let raw: RawHTTPConnection
        init(port: UInt16) throws { raw = try RawHTTPConnection(port: port) }
    }

    @Test(
        "a webhook over loopback wakes the deliverer; the shutdown drains: the request in flight is answered, the round in progress finishes, no task is left",
        .timeLimit(.minutes(2)), arguments: StoreKind.allCases)
    func receiveWakeDrain(_ kind: StoreKind) async throws {
        let fixture = try Fixture(kind)
        // The channel holds its first notification until released: the deliverer's round is in progress meanwhile.
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let held = Atomic<Bool>(false)
        fixture.channel.route("/hook") { _ in
            if !held.exchange(true, ordering: .acquiringAndReleasing) {
                arrived.signal()
                _ = release.wait(timeout: .now() + 60)
            }
            return .text("ok")
        }
        let resolver = StubVersionResolver(.resolves(Self.fokus))
        let service = try fixture.service(resolver)
        let port = service.address.port
        var events = fixture.events.stream.makeAsyncIterator()
        let returned = Atomic<Bool>(false)
        let running = Task {
            let drained = await service.run(until: fixture.shutdown)
            returned.store(true, ordering: .releasing)
            return drained
        }
        // Both loops have done their first round and wait on the clock: the pending loop and the deliverer.
        await fixture.clock.sleepers(atLeast: 2)

        let first = try Self.stateChange(id: "s1", to: "IN_REVIEW", at: "2026-11-21T08:30:00.125Z")
        let answer = try await Self.onThread {
            let connection = try RawHTTPConnection(port: port)
            connection.write(first)
            return connection.readAnswer()
        }
        #expect(answer?.status == 200 && answer?.body == "recorded\n", "\(String(describing: answer))")
        // The wake, not a round (the next is an hour away on a clock nobody moves), sends it.
        #expect(try await Self.onThread { arrived.wait(timeout: .now() + 30) } == .success)

        // A second delivery, half sent: in flight when the shutdown comes.
        let second = try Self.stateChange(id: "s2", to: "PENDING_DEVELOPER_RELEASE", at: "2026-11-21T09:30:00.125Z")
        let split = second.count - 40
        let inFlight = try await Self.onThread {
            let connection = try Connection(port: port)
            connection.raw.write(Array(second[..<split]))
            return connection
        }
        // The head has reached the server (a test's wait for a fact, not the service's for a round).
        let headIn = ContinuousClock.now + .seconds(30)
        while service.requestsInFlight == 0, ContinuousClock.now < headIn {
            try await Task.sleep(for: .milliseconds(5))
        }
        fixture.shutdown.trigger()
        let stopping = await Self.next(&events) { if case .stopping = $0 { true } else { false } }
        guard case .stopping(let count) = stopping else {
            Issue.record("no stopping event")
            return
        }
        #expect(count == 1)
        // New connections are refused; the one in flight is finished.
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        let secondAnswer = try await Self.onThread {
            inFlight.raw.write(Array(second[split...]))
            return inFlight.raw.readAnswer()
        }
        #expect(secondAnswer?.status == 200 && secondAnswer?.body == "recorded\n")
        // The deliverer is still in its round, held by the channel: the service has not returned.
        let returnedEarly = returned.load(ordering: .acquiring)
        #expect(!returnedEarly)
        release.signal()
        #expect(await running.value, "the request in flight was cut off")

        // The round finished and was recorded; no round began after the shutdown, so the second event's
        // notification waits in the outbox for the next start.
        let delivered = fixture.events.recorded.compactMap { event -> DeliveryReport? in
            if case .delivered(let report) = event { report } else { nil }
        }
        #expect(delivered.map(\.deliveredCount) == [1])
        #expect(try fixture.notifications(.delivered) == 1 && fixture.notifications(.pending) == 1)
        // The first delivery's Waiting for Review (the state it left, the version having no event yet), then the two.
        #expect(
            try fixture.store.events(app: nil).map(\.state) == [.waitingForReview, .inReview, .pendingDeveloperRelease])
        #expect(fixture.channel.requestCount(path: "/hook") == 1)
        // No task is left waiting on the clock (the loops and the drain have returned).
        #expect(fixture.clock.sleeperCount == 0)
        let requests = fixture.events.recorded.compactMap { event -> HTTPRequestRecord? in
            if case .request(let record) = event { record } else { nil }
        }
        #expect(requests.map(\.status) == [200, 200])
    }

    @Test(
        "a delivery kept pending is resolved by the pending loop when the test clock reaches its interval, and its notification goes out at once",
        .timeLimit(.minutes(2)), arguments: StoreKind.allCases)
    func pendingOnTheClock(_ kind: StoreKind) async throws {
        let fixture = try Fixture(kind)
        fixture.channel.route("/hook", respond: .text("ok"))
        // The lookup waits until released: the receiver gives up after its (short, real) bound and answers 202.
        let resolver = StubVersionResolver(.waits)
        let service = try fixture.service(
            resolver, resolveInterval: .seconds(60), deliveryInterval: .seconds(36_000),
            resolutionBound: .milliseconds(50))
        let port = service.address.port
        var events = fixture.events.stream.makeAsyncIterator()
        let running = Task { await service.run(until: fixture.shutdown) }
        await fixture.clock.sleepers(atLeast: 2)

        let request = try Self.stateChange(id: "p1", to: "IN_REVIEW", at: "2026-11-21T08:30:00.125Z")
        let answer = try await Self.onThread {
            let connection = try RawHTTPConnection(port: port)
            connection.write(request)
            return connection.readAnswer()
        }
        #expect(answer?.status == 202 && answer?.body == "pending\n", "\(String(describing: answer))")
        #expect(try fixture.store.webhookDeliveryStatus(id: "p1") == .pending)
        #expect(resolver.asked == [Self.versionID])

        // App Store Connect answers again; the clock reaches the pending loop's interval (not the deliverer's).
        resolver.release(with: Self.fokus)
        fixture.clock.advance(by: .seconds(60))
        let delivery = await Self.next(&events) { if case .delivered = $0 { true } else { false } }
        guard case .delivered(let report) = delivery else {
            Issue.record("no delivery round")
            return
        }
        // A failure names itself (a CI run once saw a round with none delivered and no request at the channel).
        #expect(report.deliveredCount == 1, "\(report.outcomes.map { $0.failure ?? "delivered" })")
        #expect(resolver.asked == [Self.versionID, Self.versionID])
        let event = try #require(try fixture.store.events(app: nil).last)
        #expect(event.state == .inReview && event.source == .webhook)
        #expect(try fixture.store.webhookDeliveryStatus(id: "p1") == .resolved(eventID: event.id))
        let resolved = fixture.events.recorded.compactMap { event -> Int64? in
            if case .pendingResolved(let recorded) = event { recorded.id } else { nil }
        }
        #expect(resolved == [event.id])
        #expect(fixture.channel.requestCount(path: "/hook") == 1)

        fixture.shutdown.trigger()
        #expect(await running.value)
        #expect(fixture.clock.sleeperCount == 0)
    }

    @Test("a shutdown triggered before the run drains at once, and no loop starts a round after it")
    func shutdownBeforeRun() async throws {
        let fixture = try Fixture(.sqlite)
        fixture.channel.route("/hook", respond: .text("ok"))
        // A notification due now: a round would send it.
        _ = try fixture.store.record(
            LogRequest(
                app: "Fokus", version: "2.3", state: .inReview, at: Timestamp(secondsSince1970: 1_795_900_000)))
        #expect(try fixture.notifications(.pending) == 1)
        let resolver = StubVersionResolver(.resolves(Self.fokus))
        let service = try fixture.service(resolver)
        fixture.shutdown.trigger()
        #expect(await service.run(until: fixture.shutdown))
        let stopping = fixture.events.recorded.compactMap { event -> Int? in
            if case .stopping(let count) = event { count } else { nil }
        }
        #expect(stopping == [0])
        #expect(try fixture.notifications(.pending) == 1 && fixture.channel.requestCount(path: "/hook") == 0)
        #expect(fixture.clock.sleeperCount == 0)
    }
}
