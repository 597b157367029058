import Foundation
import GatehouseTesting
import JWT
import ReviewWebhooks
import Synchronization

extension Bench {
    /// Stored webhook → notification channel: `review serve` (the release binary) on 127.0.0.1 with one generic webhook
    /// channel on a loopback receiver in this process, App Store Connect faked here. Signed state changes are sent one
    /// at a time, each waiting for its notification before the next, so that each one's notification is sent by the
    /// receiver's wake of the deliverer and never found by a round (the deliverer's round interval is 5 s). Timed from
    /// the delivery's first byte to the notification's arrival at the channel, and from the 200 answer (the delivery
    /// stored, its notification queued in the same transaction) to that arrival.
    static func webhookToChannel(settings: Settings, report: inout Report) throws {
        let deliveries = settings.quick ? 5 : 25
        var state = FakeASCState()
        state.apps.append(.init(id: "3100000000", name: "Latency App", bundleID: "com.example.latency"))
        for index in 0..<deliveries {
            state.versions.append(.init(id: "lv\(index)", appID: "3100000000", versionString: "2.\(index)"))
        }
        let keyID = "BENCH0LATE"
        let (fake, key) = try fakeAppStoreConnect(state, keyID: keyID)
        defer { fake.server.stop() }
        let work = settings.workDirectory + "/webhook-latency"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let keyPath = work + "/AuthKey_\(keyID).p8"
        try Data(key.pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyPath))
        let database = work + "/serve.sqlite3"

        // The channel: each notification's arrival time, by the delivery id it is about (its first-seen order).
        let channel = try LoopbackHTTPServer()
        defer { channel.stop() }
        let arrivals = Mutex<[Double]>([])
        let arrived = DispatchSemaphore(value: 0)
        channel.route("/hook") { _ in
            let now = Clock.now()
            arrivals.withLock { $0.append(now) }
            arrived.signal()
            return .text("ok")
        }
        let add = Process()
        add.executableURL = URL(fileURLWithPath: settings.binDirectory + "/review")
        add.arguments = ["notify", "add", "webhook", channel.url("/hook"), "--db", database]
        add.environment = ["HOME": work, "XDG_CONFIG_HOME": work]
        add.standardOutput = FileHandle.nullDevice
        try add.run()
        add.waitUntilExit()
        guard add.terminationStatus == 0 else {
            throw Processes.Failure(description: "review notify add exited \(add.terminationStatus)")
        }

        let secret = "bench latency secret"
        let serve = try ServeProcess(
            settings: settings, work: work, database: database, secret: secret, appStoreConnect: fake.baseURL,
            keyID: keyID, keyPath: keyPath)
        defer { serve.stop() }
        let port = serve.port

        var fromSend: [Double] = []
        var fromAnswer: [Double] = []
        var answered = 0
        var missing = 0
        for index in 0..<deliveries {
            let body = Array(
                """
                {"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"latency-\(index)","version":1,\
                "attributes":{"newValue":"WAITING_FOR_REVIEW","oldValue":"PREPARE_FOR_SUBMISSION",\
                "timestamp":"2026-11-20T06:00:\(String(format: "%02d", index % 60)).000Z"},\
                "relationships":{"instance":{"data":{"type":"appStoreVersions","id":"lv\(index)"}}}}}
                """.utf8)
            let signature = try ASCWebhookSignature.header(for: body, secret: Array(secret.utf8))
            let sent = Clock.now()
            let answer = try RawHTTPConnection.send(
                port: port, path: "/webhooks/app-store-connect", headers: [("X-Apple-Signature", signature)],
                body: body)
            let answeredAt = Clock.now()
            if answer?.status == 200 { answered += 1 }
            // Past 10 s the notification is counted missing (the deliverer's round would have sent it by then).
            guard arrived.wait(timeout: .now() + 10) == .success else {
                missing += 1
                continue
            }
            let at = arrivals.withLock { $0.last ?? answeredAt }
            fromSend.append(at - sent)
            fromAnswer.append(at - answeredAt)
        }
        serve.stop()

        let median = fromSend.isEmpty ? Double.nan : medianOf(fromSend)
        let worst = fromSend.max() ?? .nan
        report.add(
            "review serve: stored webhook to notification channel, loopback, \(deliveries) one at a time",
            "median \(fixed(median * 1000, 1)) ms, max \(fixed(worst * 1000, 1)) ms from the delivery's first byte "
                + "(after the 200 answer: median \(fixed((fromAnswer.isEmpty ? .nan : medianOf(fromAnswer)) * 1000, 1)) "
                + "ms); \(answered) answered 200, \(deliveries - missing) notified (the deliverer's round interval "
                + "is 5 s: only the receiver's wake is this fast)",
            target: "≤ 1 s", met: missing == 0 && answered == deliveries && worst <= 1,
            short: "webhook→channel \(fixed(median * 1000, 0)) ms")
    }
}
