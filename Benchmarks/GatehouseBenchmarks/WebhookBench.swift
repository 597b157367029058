import Foundation
import GatehouseTesting
import JWT
import ReviewLog
import ReviewWebhooks

extension Bench {
    /// `review serve` as a process (the release binary) on 127.0.0.1, App Store Connect faked in this process:
    /// 1,000 signed deliveries, each of its own version (so each is looked up and recorded), from 16 concurrent
    /// clients, one connection per delivery; then a flood of unsigned requests from 16 clients. Every delivery must be
    /// stored exactly once, and the flood must leave the store and the fake untouched.
    static func webhooks(settings: Settings, report: inout Report) throws {
        let deliveries = settings.quick ? 160 : 1000
        let flood = settings.quick ? 1600 : 10_000
        let clients = 16
        var state = FakeASCState()
        for app in 0..<50 {
            state.apps.append(
                .init(id: "\(3_000_000_000 + app)", name: "Hook App \(app)", bundleID: "com.example.h\(app)"))
        }
        for index in 0..<deliveries {
            state.versions.append(
                .init(id: "hv\(index)", appID: "\(3_000_000_000 + index % 50)", versionString: "1.\(index)"))
        }
        let keyID = "BENCH0HOOK"
        let (fake, key) = try fakeAppStoreConnect(state, keyID: keyID)
        defer { fake.server.stop() }
        let work = settings.workDirectory + "/webhooks"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let keyPath = work + "/AuthKey_\(keyID).p8"
        try Data(key.pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyPath))
        let database = work + "/serve.sqlite3"
        let secret = "bench webhook secret"
        let serve = try ServeProcess(
            settings: settings, work: work, database: database, secret: secret, appStoreConnect: fake.baseURL,
            keyID: keyID, keyPath: keyPath)
        defer { serve.stop() }
        let port = serve.port

        // Signed deliveries: bodies and signatures made before the clock starts.
        let bodies: [(body: [UInt8], signature: String)] = try (0..<deliveries).map { index in
            let body = Array(
                """
                {"data":{"type":"appStoreVersionAppVersionStateUpdated","id":"bench-\(index)","version":1,\
                "attributes":{"newValue":"WAITING_FOR_REVIEW","oldValue":"PREPARE_FOR_SUBMISSION",\
                "timestamp":"2026-11-20T05:00:\(String(format: "%02d", index % 60)).\(String(format: "%03d", index % 1000))Z"},\
                "relationships":{"instance":{"data":{"type":"appStoreVersions","id":"hv\(index)"}}}}}
                """.utf8)
            return (body, try ASCWebhookSignature.header(for: body, secret: Array(secret.utf8)))
        }
        let signed = concurrently(clients: clients, requests: deliveries) { index in
            let (body, signature) = bodies[index]
            return try? RawHTTPConnection.send(
                port: port, path: "/webhooks/app-store-connect", headers: [("X-Apple-Signature", signature)],
                body: body)
        }
        let store = try RelationalReviewStore(sqlitePath: database)
        let stored = try (0..<deliveries).filter { try store.webhookDeliveryStatus(id: "bench-\($0)") != nil }.count
        let events = try store.events(app: nil).count
        let answered = signed.statuses.filter { $0 == 200 }.count
        let lookups = fake.allRequests.filter { $0.path.hasPrefix("/v1/appStoreVersions/") }.count
        let rate = Double(deliveries) / signed.seconds
        let p99 = percentile(signed.latencies, 99) * 1000
        let exactlyOnce = stored == deliveries && events == deliveries && answered == deliveries
        report.add(
            "review serve: \(deliveries) signed deliveries, \(clients) concurrent clients",
            "\(fixed(rate, 0)) deliveries/s; latency p50 \(fixed(percentile(signed.latencies, 50) * 1000, 1)) ms, p99 "
                + "\(fixed(p99, 1)) ms (each: signature, version lookup at the fake App Store Connect, one SQLite "
                + "transaction with synchronous = FULL, then the answer); \(answered) answered 200, \(stored) stored, "
                + "\(events) events, \(lookups) version lookups",
            target: "all stored exactly once", met: exactlyOnce,
            short: "serve \(fixed(rate, 0)) deliveries/s, p99 \(fixed(p99, 0)) ms")

        // The flood: unsigned requests. No store work: the store's deliveries and the fake's requests do not change.
        let requestsBefore = fake.totalRequests
        let unsignedBody = bodies[0].body
        let refused = concurrently(clients: clients, requests: flood) { _ in
            try? RawHTTPConnection.send(port: port, path: "/webhooks/app-store-connect", body: unsignedBody)
        }
        let storedAfter = try (0..<deliveries).filter { try store.webhookDeliveryStatus(id: "bench-\($0)") != nil }
            .count
        let eventsAfter = try store.events(app: nil).count
        let all401 = refused.statuses.allSatisfy { $0 == 401 }
        let untouched = storedAfter == stored && eventsAfter == events && fake.totalRequests == requestsBefore
        let refusedRate = Double(flood) / refused.seconds
        report.add(
            "review serve: flood of \(flood) unsigned requests, \(clients) clients",
            "\(fixed(refusedRate, 0)) refused/s (all 401: \(all401)); p99 "
                + "\(fixed(percentile(refused.latencies, 99) * 1000, 1)) ms; store and App Store Connect untouched: "
                + "\(untouched)",
            target: "all 401, no store work", met: all401 && untouched,
            short: "serve refuses \(fixed(refusedRate, 0))/s unsigned")
        serve.stop()
    }

    /// Sends `requests` requests from `clients` threads, each taking the next index; per request, the latency.
    private static func concurrently(
        clients: Int, requests: Int, _ send: @escaping @Sendable (Int) -> RawHTTPConnection.Answer?
    ) -> (seconds: Double, latencies: [Double], statuses: [Int]) {
        let lock = NSLock()
        nonisolated(unsafe) var next = 0
        nonisolated(unsafe) var latencies: [Double] = []
        nonisolated(unsafe) var statuses: [Int] = []
        let group = DispatchGroup()
        let start = Clock.now()
        for _ in 0..<clients {
            group.enter()
            let thread = Thread {
                while true {
                    let index: Int? = lock.withLock {
                        defer { next += 1 }
                        return next < requests ? next : nil
                    }
                    guard let index else { break }
                    let began = Clock.now()
                    let answer = send(index)
                    let elapsed = Clock.now() - began
                    lock.withLock {
                        latencies.append(elapsed)
                        statuses.append(answer?.status ?? 0)
                    }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return (Clock.now() - start, latencies, statuses)
    }
}
