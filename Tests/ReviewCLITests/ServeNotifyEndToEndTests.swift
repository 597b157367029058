import Foundation
import GatehouseTesting
import ReviewNotify
import Testing

/// `review serve` and notifications out: what a delivery records is notified by the deliverer `serve` runs beside
/// the server (issue 12: "`watch` and `serve` deliver in the background").
@Suite("review serve end to end: notifications of what it records", .serialized)
struct ServeNotifyEndToEndTests {
    @Test("serve delivers the notifications of what it records, in the background, signed, while it runs")
    func notifies() throws {
        let harness = try ServeHarness()
        let receiver = try LoopbackHTTPServer()
        receiver.route("/hook", respond: .text("ok"))
        let secret = harness.sync.directory.file("notify-secret")
        try Data("notify-secret\n".utf8).write(to: secret)
        let added = try harness.sync.review([
            "notify", "add", "webhook", receiver.url("/hook"), "--secret-file", secret.path,
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let server = try harness.start("notifies")
        let body = ServeHarness.stateChange(
            id: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", from: "WAITING_FOR_REVIEW", to: "IN_REVIEW",
            at: "2026-11-21T08:30:00.125Z")
        #expect(try ServeHarness.deliver(body, to: server)?.status == 200)
        // The deliverer runs every few seconds beside the server.
        let deadline = Date().addingTimeInterval(30)
        while receiver.requestCount(path: "/hook") == 0, Date() < deadline { usleep(100_000) }
        #expect(harness.stop(server) == 0)
        let requests = receiver.requests(path: "/hook")
        #expect(requests.count == 1, "\(harness.sync.output("notifies").standardError)")
        let request = try #require(requests.first)
        let object = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
        #expect(object?["state"] as? String == "IN_REVIEW" && object?["source"] as? String == "webhook")
        #expect(object?["at"] as? String == "2026-11-21T08:30:00Z")
        let signature = try #require(request.header("X-Gatehouse-Signature"))
        #expect(
            GatehouseWebhookSignature.isValid(
                headerValue: signature, body: request.body, key: Array("notify-secret".utf8)))
        #expect(try harness.sqlite("SELECT count(*) FROM notify_outbox WHERE status = 'delivered'") == "1")
    }

    @Test("review sync resolving a pending delivery delivers its notification at once")
    func syncResolvedNotifies() throws {
        let harness = try ServeHarness()
        let receiver = try LoopbackHTTPServer()
        receiver.route("/hook", respond: .text("ok"))
        let server = try harness.startWithPending(
            "pending-notify", interval: "1h", id: "p9", to: "IN_REVIEW", at: "2026-11-21T09:00:00.500Z",
            version: "later-version")
        #expect(harness.stop(server) == 0)
        #expect(try harness.sync.review(["notify", "add", "webhook", receiver.url("/hook")]).status == 0)
        harness.sync.fake.update {
            $0.versions.append(
                .init(
                    id: "later-version", appID: ServeHarness.appID, versionString: "2.5", appVersionState: "IN_REVIEW"))
        }
        let synced = try harness.sync.review(["sync"])
        #expect(synced.status == 0, "\(synced.standardError)")
        // Delivered by sync itself, before it exits: no watch, serve or flush ran. (The pass's own first look at the
        // app records, and notifies, what it observes too.)
        let bodies = try receiver.requests(path: "/hook").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]
        }
        let fromWebhook = bodies.filter { $0["source"] as? String == "webhook" }
        #expect(fromWebhook.count == 1, "\(bodies)")
        #expect(
            fromWebhook.first?["version"] as? String == "2.5" && fromWebhook.first?["state"] as? String == "IN_REVIEW")
        #expect(try harness.sqlite("SELECT count(*) FROM notify_outbox WHERE status != 'delivered'") == "0")
    }
}

/// The receiver wakes `serve`'s deliverer (issue 21): with the deliverer's rounds an hour apart, stored webhooks still
/// reach the channel. Not timed: without the wake the second delivery's notification would wait an hour, past the
/// deadline below.
@Suite("review serve end to end: a stored webhook wakes the deliverer", .serialized)
struct ServeWakeEndToEndTests {
    @Test("with the deliverer's rounds an hour apart, each recorded webhook still reaches the channel")
    func wakes() throws {
        let harness = try ServeHarness()
        let receiver = try LoopbackHTTPServer()
        receiver.route("/hook", respond: .text("ok"))
        #expect(try harness.sync.review(["notify", "add", "webhook", receiver.url("/hook")]).status == 0)
        let server = try harness.start("wakes", environment: ["GATEHOUSE_TEST_DELIVERY_INTERVAL": "3600"])
        // The first may go out in the deliverer's first round, at start; the second is stored after that round has
        // delivered the first, so only a wake sends it.
        for (count, (id, state)) in [("w1", "IN_REVIEW"), ("w2", "PENDING_DEVELOPER_RELEASE")].enumerated() {
            let body = ServeHarness.stateChange(
                id: id, from: count == 0 ? "WAITING_FOR_REVIEW" : "IN_REVIEW", to: state,
                at: "2026-11-21T0\(8 + count):30:00.125Z")
            #expect(try ServeHarness.deliver(body, to: server)?.status == 200)
            let deadline = Date().addingTimeInterval(30)
            while receiver.requestCount(path: "/hook") <= count, Date() < deadline { usleep(20_000) }
            #expect(receiver.requestCount(path: "/hook") == count + 1, "\(harness.sync.output("wakes").standardError)")
        }
        #expect(harness.stop(server) == 0)
        let states = try receiver.requests(path: "/hook").map {
            (try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any])?["state"] as? String
        }
        #expect(states == ["IN_REVIEW", "PENDING_DEVELOPER_RELEASE"])
        #expect(try harness.sqlite("SELECT count(*) FROM notify_outbox WHERE status = 'delivered'") == "2")
    }
}
