import GatehouseTesting
import MicroHTTPServer
import ReviewLog
import ReviewTesting
import ReviewWebhooks
import Synchronization
import Testing

/// `WebhookReceiver` in process, on both stores, with stub version resolvers (resolving, throwing, waiting): what it
/// answers, what it stores, and that a delivery left pending is resolved later by `PendingWebhookResolver`. The same
/// paths through `review serve`'s sockets are in ReviewCLITests (`ServeEndToEndTests`).
@Suite("webhook receiver in process: answer, store, pending, on both stores")
struct WebhookReceiverTests {
    static let secret = Array("receiver secret".utf8)
    static let receivedAt = Timestamp(secondsSince1970: 1_795_200_000)
    static let versionID = "ad7e6298-2570-4ca6-b3cc-f81788e40bdc"
    static let fokus = WebhookVersion(
        ascAppID: "1000000001", appName: "Fokus", bundleID: "com.example.fokus", platform: .iOS, version: "2.3",
        build: "41")

    /// A store of `kind`, with one generic webhook channel (so that a recorded event queues a notification).
    struct Fixture {
        let directory: TemporaryDirectory
        let store: RelationalReviewStore

        init(_ kind: StoreKind) throws {
            directory = try TemporaryDirectory()
            store = try kind.makeStore(in: directory)
            _ = try store.addChannel(NotificationChannel(kind: .webhook, url: "https://hooks.example.com/review"))
        }

        /// A receiver over the store, counting its wake-ups of the deliverer.
        func receiver(_ resolver: StubVersionResolver, bound: Duration = .seconds(3), wakes: WakeCount? = nil)
            -> WebhookReceiver
        {
            WebhookReceiver(
                secret: WebhookReceiverTests.secret, store: store, resolver: resolver, resolutionBound: bound,
                now: { WebhookReceiverTests.receivedAt }, wakeDeliverer: { wakes?.add() })
        }

        func pendingResolver(_ resolver: StubVersionResolver, bound: Duration = .seconds(10))
            -> PendingWebhookResolver
        {
            PendingWebhookResolver(
                store: store, resolver: resolver, bound: bound,
                now: { Timestamp(secondsSince1970: WebhookReceiverTests.receivedAt.secondsSince1970 + 60) })
        }

        var queuedNotifications: Int {
            get throws { try store.notifications(statuses: [.pending]).count }
        }
    }

    /// A signed state-change request, as App Store Connect sends it.
    static func stateChange(id: String, to newValue: String = "IN_REVIEW") throws -> HTTPServerRequest {
        let body = Array(
            """
            {"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"\(id)","version":1,"attributes":\
            {"newValue":"\(newValue)","oldValue":"WAITING_FOR_REVIEW","timestamp":"2026-11-21T08:30:00.125Z"},\
            "relationships":{"instance":{"data":{"type":"appStoreVersions","id":"\(versionID)"}}}}}
            """.utf8)
        return HTTPServerRequest(
            method: "POST", path: "/webhooks/app-store-connect",
            headers: [
                HTTPServerHeader("Content-Length", "\(body.count)"),
                HTTPServerHeader("X-Apple-Signature", try ASCWebhookSignature.header(for: body, secret: secret)),
            ],
            body: body)
    }

    static func text(_ response: HTTPServerResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test(
        "a resolved version: 200 recorded, event and notification stored, deliverer woken; a retry: duplicate",
        arguments: StoreKind.allCases)
    func resolves(_ kind: StoreKind) async throws {
        let fixture = try Fixture(kind)
        let resolver = StubVersionResolver(.resolves(Self.fokus))
        let wakes = WakeCount()
        let receiver = fixture.receiver(resolver, wakes: wakes)
        let answer = await receiver.respond(to: try Self.stateChange(id: "d1"))
        #expect(answer.status == 200 && Self.text(answer) == "recorded\n", "\(answer.logNote)")
        #expect(resolver.asked == [Self.versionID])
        let events = try fixture.store.events(app: nil)
        // The Waiting for Review the payload says the new version left, its start unknown and not notified (issue 25
        // item 11), then the change itself.
        #expect(events.map(\.state) == [.waitingForReview, .inReview])
        #expect(events.first?.timing == .observed(after: nil) && events.first?.at == events.last?.at)
        let event = try #require(events.last)
        #expect(event.app.name == "Fokus" && event.version == "2.3" && event.build == "41" && event.state == .inReview)
        #expect(event.source == .webhook && event.at.iso8601 == "2026-11-21T08:30:00Z")
        #expect(try fixture.store.webhookDeliveryStatus(id: "d1") == .resolved(eventID: event.id))
        #expect(try fixture.queuedNotifications == 1)
        #expect(wakes.count == 1)

        let retry = await receiver.respond(to: try Self.stateChange(id: "d1"))
        #expect(retry.status == 200 && Self.text(retry) == "duplicate\n")
        #expect(resolver.asked.count == 1)
        #expect(try fixture.store.events(app: nil).count == 2 && fixture.queuedNotifications == 1)
        #expect(wakes.count == 1)
    }

    @Test(
        "a failed lookup keeps the delivery pending (202, naming the error), and the pending pass records it later",
        arguments: StoreKind.allCases)
    func throwsThenResolvedLater(_ kind: StoreKind) async throws {
        let fixture = try Fixture(kind)
        let failing = StubVersionResolver(.fails)
        let wakes = WakeCount()
        let answer = await fixture.receiver(failing, wakes: wakes).respond(to: try Self.stateChange(id: "d2"))
        #expect(answer.status == 202 && Self.text(answer) == "pending\n")
        #expect(answer.logNote.contains("version lookup failed: stub: App Store Connect cannot be reached"))
        #expect(try fixture.store.webhookDeliveryStatus(id: "d2") == .pending)
        #expect(try fixture.store.events(app: nil).isEmpty && fixture.queuedNotifications == 0)
        #expect(wakes.count == 0)

        // Still failing: the pass notes the attempt, and the delivery stays.
        let stillFailing = try await fixture.pendingResolver(failing).resolvePending()
        #expect(stillFailing.resolved == 0 && stillFailing.recorded.isEmpty)
        #expect(stillFailing.stillPending.count == 1 && stillFailing.stillPending.first?.hasPrefix("d2: stub:") == true)
        #expect(try fixture.store.webhookDeliveryStatus(id: "d2") == .pending)

        let resolving = StubVersionResolver(.resolves(Self.fokus))
        let report = try await fixture.pendingResolver(resolving).resolvePending()
        #expect(report.resolved == 1 && report.stillPending.isEmpty, "\(report)")
        let event = try #require(report.recorded.first)
        #expect(event.source == .webhook && event.at.iso8601 == "2026-11-21T08:30:00Z" && event.state == .inReview)
        #expect(try fixture.store.webhookDeliveryStatus(id: "d2") == .resolved(eventID: event.id))
        #expect(try fixture.store.pendingWebhookDeliveries(limit: 10).isEmpty)
        #expect(try fixture.queuedNotifications == 1)
        #expect(resolving.asked == [Self.versionID])

        // Apple's retry of the delivery, now resolved, is acknowledged without a lookup.
        let retry = await fixture.receiver(resolving).respond(to: try Self.stateChange(id: "d2"))
        #expect(retry.status == 200 && Self.text(retry) == "duplicate\n")
        #expect(resolving.asked.count == 1)
    }

    @Test(
        "a lookup over the bound is cancelled: 202 pending; the pass bounds it too, later resolves it",
        arguments: StoreKind.allCases)
    func slow(_ kind: StoreKind) async throws {
        let fixture = try Fixture(kind)
        // The stub never answers on its own: only the bound ends the wait, so the outcome does not depend on timing.
        let slow = StubVersionResolver(.waits)
        let answer = await fixture.receiver(slow, bound: .milliseconds(50)).respond(to: try Self.stateChange(id: "d3"))
        #expect(answer.status == 202 && Self.text(answer) == "pending\n")
        #expect(answer.logNote.contains("version lookup took longer than"), "\(answer.logNote)")
        #expect(slow.asked == [Self.versionID] && slow.cancelled == 1)
        #expect(try fixture.store.webhookDeliveryStatus(id: "d3") == .pending)

        let bounded = try await fixture.pendingResolver(slow, bound: .milliseconds(50)).resolvePending()
        #expect(bounded.resolved == 0 && bounded.stillPending.first?.hasPrefix("d3: lookup took over") == true)
        #expect(slow.cancelled == 2)
        #expect(try fixture.store.webhookDeliveryStatus(id: "d3") == .pending)

        // The lookup answers now (App Store Connect is back): the next pass records the delivery.
        slow.release(with: Self.fokus)
        let report = try await fixture.pendingResolver(slow).resolvePending()
        #expect(report.resolved == 1 && report.recorded.count == 1, "\(report)")
        #expect(try fixture.store.webhookDeliveryStatus(id: "d3") == .resolved(eventID: report.recorded.first?.id))
        #expect(try fixture.queuedNotifications == 1)
    }

    @Test(
        "a retry of a pending delivery that now resolves: 200 recorded, deliverer woken", arguments: StoreKind.allCases)
    func retryCompletesPending(_ kind: StoreKind) async throws {
        let fixture = try Fixture(kind)
        let wakes = WakeCount()
        let first = await fixture.receiver(StubVersionResolver(.fails), wakes: wakes)
            .respond(to: try Self.stateChange(id: "d4"))
        #expect(first.status == 202)
        let retry = await fixture.receiver(StubVersionResolver(.resolves(Self.fokus)), wakes: wakes)
            .respond(to: try Self.stateChange(id: "d4"))
        #expect(retry.status == 200 && Self.text(retry) == "recorded\n", "\(retry.logNote)")
        #expect(try fixture.store.events(app: nil).count == 2 && fixture.queuedNotifications == 1)
        #expect(wakes.count == 1)
    }

    @Test(
        "a state this review does not record is stored resolved without an event (200 stored), waking no one",
        arguments: StoreKind.allCases)
    func unknownState(_ kind: StoreKind) async throws {
        let fixture = try Fixture(kind)
        let wakes = WakeCount()
        let answer = await fixture.receiver(StubVersionResolver(.resolves(Self.fokus)), wakes: wakes)
            .respond(to: try Self.stateChange(id: "d5", to: "SOME_FUTURE_STATE"))
        #expect(answer.status == 200 && Self.text(answer) == "stored\n")
        #expect(try fixture.store.webhookDeliveryStatus(id: "d5") == .resolved(eventID: nil))
        #expect(try fixture.store.events(app: nil).isEmpty && fixture.queuedNotifications == 0)
        #expect(wakes.count == 0)
    }
}

/// Counts the receiver's calls of its `wakeDeliverer`.
final class WakeCount: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add() { value.withLock { $0 += 1 } }
}
