import Foundation
import GatehouseTesting
import ReviewLog
import Synchronization
import Testing

/// `review notify` and the delivery of `review log` through the built binary, against a loopback receiver; and a
/// deliverer killed with SIGKILL while a request is in flight.
@Suite("review notify end to end")
struct NotifyEndToEndTests {
    @Test("notify add, then log: the receiver gets a signed delivery at once; list shows nothing pending")
    func logDelivers() throws {
        let review = try ReviewRun()
        let server = try LoopbackHTTPServer()
        server.route("/hook", respond: .text("ok"))
        let secret = review.directory.file("secret")
        try Data("shared-secret\n".utf8).write(to: secret)
        var result = try review(["notify", "add", "webhook", server.url("/hook"), "--secret-file", secret.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Added webhook channel 1 (\(server.baseURL)/…) for every app"))
        let mode = try FileManager.default.attributesOfItem(atPath: review.database)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600, "notify add created the store owner-only")
        result = try review(["log", "Fokus", "waiting-for-review", "--version", "2.3", "--at", "-2h"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let requests = server.requests(path: "/hook")
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        let signature = try #require(request.header("X-Gatehouse-Signature"))
        #expect(signature == "sha256=" + HMACReference.hex(key: "shared-secret", body: request.body))
        // The event's id, then 16 hex digits of what the event is (NotificationMessage.id(of:)).
        #expect(request.header("X-Gatehouse-Event-Id")?.hasPrefix("1-") == true)
        #expect(request.header("X-Gatehouse-Event-Id")?.count == 18)
        result = try review(["notify", "list", "--json"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.hasSuffix("\"notifications\": [], \"signingAlerts\": []}\n"),
            "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("/hook"), "the URL is masked")
    }

    @Test("a channel answering 503: log still exits 0 with a warning, list shows it pending, flush delivers it later")
    func downThenFlush() throws {
        let review = try ReviewRun()
        let server = try LoopbackHTTPServer()
        let up = Mutex(false)
        server.route("/slack") { _ in up.withLock { $0 } ? .text("ok") : .text("no", status: 503) }
        #expect(try review(["notify", "add", "slack", server.url("/slack/T0/B0/secretpath")]).status == 0)
        server.route("/slack/T0/B0/secretpath") { _ in up.withLock { $0 } ? .text("ok") : .text("no", status: 503) }
        var result = try review(["log", "Fokus", "in-review", "--version", "2.3"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("review: warning: notification 1 not delivered: slack channel 1"))
        #expect(result.standardError.contains("answered 503"))
        #expect(!result.standardError.contains("secretpath"), "the URL's path is its secret")
        result = try review(["notify", "list"])
        #expect(
            result.standardOutput.contains(
                "1   slack  \(server.baseURL)/…path  every app; every state change  yes      1"))
        result = try review(["notify", "flush"])
        #expect(result.status == 69, "still down: \(result.standardOutput)")
        up.withLock { $0 = true }
        result = try review(["notify", "flush"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Delivered 1 of 1 pending notification; 0 left to retry, 0 failed.\n")
        #expect(server.requestCount(path: "/slack/T0/B0/secretpath") == 3)
        #expect(try review(["notify", "flush"]).standardOutput.hasPrefix("Delivered 0 of 0"))
    }

    @Test("notify test sends a sample; remove drops the channel; bad arguments are usage errors naming the fix")
    func manage() throws {
        let review = try ReviewRun()
        let server = try LoopbackHTTPServer()
        server.route("/teams", respond: .text("ok"))
        #expect(try review(["notify", "list"]).status == 66, "a command that only reads needs a store")
        #expect(
            try review(["notify", "add", "teams", server.url("/teams"), "--states", "in-review,rejected"]).status == 0)
        var result = try review(["notify", "test", "1"])
        #expect(result.status == 0 && result.standardOutput.contains("it answered 200"), "\(result.standardError)")
        let body = try #require(server.requests(path: "/teams").first?.bodyText)
        #expect(body.contains("Test from Gatehouse"))
        result = try review(["notify", "add", "webhook", "http://example.com/hook"])
        #expect(result.status == 64 && result.standardError.contains("use https"))
        result = try review(["notify", "add", "slak", "https://hooks.slack.com/x"])
        #expect(result.status == 64 && result.standardError.contains("did you mean slack?"))
        result = try review(["notify", "add", "slack", "https://hooks.slack.com/x", "--secret-file", "/etc/hostname"])
        #expect(result.status == 64 && result.standardError.contains("generic webhooks only"))
        result = try review(["notify", "add", "webhook", "https://example.com/x", "--secret-file", "/nonexistent"])
        #expect(result.status == 66)
        result = try review(["notify", "add", "webhook", "https://example.com/x", "--states", "in-reveiw"])
        #expect(result.status == 64 && result.standardError.contains("did you mean in-review"))
        result = try review(["notify", "remove", "1", "--json"])
        #expect(result.status == 0 && result.standardOutput.contains("\"states\": [\"IN_REVIEW\", \"REJECTED\"]"))
        result = try review(["notify", "remove", "1"])
        #expect(result.status == 1 && result.standardError.contains("no notification channel has id 1"))
        #expect(try review(["notify", "test", "1"]).status == 1)
    }

    @Test("import --notify queues the new events' notifications; import without it queues none")
    func importNotify() throws {
        let review = try ReviewRun()
        #expect(try review(["notify", "add", "discord", "https://discord.com/api/webhooks/1/abc"]).status == 0)
        let file = review.directory.file("events.csv")
        try Data(
            "app,version,state,at\nFokus,2.3,WAITING_FOR_REVIEW,2020-03-15T10:00:00Z\nFokus,2.3,IN_REVIEW,2020-03-16T10:00:00Z\n"
                .utf8
        ).write(to: file)
        var result = try review(["import", file.path])
        #expect(result.standardOutput == "Imported 2 events from \(file.path) (0 already present).\n")
        let other = review.directory.file("more.csv")
        try Data("app,version,state,at\nLedger,1.0,IN_REVIEW,2020-03-16T10:00:00Z\n".utf8).write(to: other)
        result = try review(["import", other.path, "--notify"])
        #expect(result.standardError.contains("1 notification queued"), "\(result.standardError)")
        result = try review(["notify", "list", "--json"])
        #expect(result.standardOutput.components(separatedBy: "\"eventId\"").count == 2)
    }

    @Test("watch delivers in the background: the synced state change, and a reminder for a wait past 48 hours, once")
    func watchDeliversAndReminds() throws {
        var state = FakeASCState()
        state.apps = [.init(id: "1600000001", name: "Fokus", bundleID: "com.example.fokus")]
        state.versions = [
            .init(id: "v1", appID: "1600000001", versionString: "2.3", appVersionState: "WAITING_FOR_REVIEW")
        ]
        // Submitted three days ago: the Waiting for Review event is exact, and the wait is past 48 hours.
        let submitted = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970) - 3 * 86_400)
        state.submissions = [
            .init(
                id: "s1", appID: "1600000001", submittedDate: submitted.iso8601, state: "WAITING_FOR_REVIEW",
                items: [.init(id: "i1", appStoreVersionID: "v1")])
        ]
        let harness = try SyncHarness(state: state)
        let server = try LoopbackHTTPServer()
        server.route("/hook", respond: .text("ok"))
        #expect(try harness.review(["notify", "add", "webhook", server.url("/hook")]).status == 0)
        let process = try harness.spawnReview(["watch", "--interval", "1m"], output: "watch")
        SyncSignalTests.wait(seconds: 30) { server.requestCount(path: "/hook") >= 2 || !process.isRunning }
        // A few more delivery rounds (5 s apart) add nothing: the reminder is recorded once.
        usleep(6_000_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let output = harness.output("watch")
        #expect(process.terminationStatus == 0, "\(output.standardError)")
        let kinds = server.requests(path: "/hook").compactMap { request -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else {
                return nil
            }
            return "\(object["kind"] ?? "") \(object["state"] ?? "")"
        }
        #expect(
            kinds == ["state-change WAITING_FOR_REVIEW", "reminder-48h WAITING_FOR_REVIEW"], "\(output.standardError)")
    }

    @Test("SIGKILL of notify flush while its request is in flight: the next flush delivers it; received at least once")
    func killedMidSend() throws {
        let review = try ReviewRun()
        let server = try LoopbackHTTPServer()
        // 0: down (503); 1: reads the request and waits 20 s before answering (the deliverer is mid-send); 2: up.
        let mode = Mutex(0)
        server.route("/hook") { _ in
            switch mode.withLock({ $0 }) {
            case 0: .text("no", status: 503)
            case 1: LoopbackResponse(status: 200, delay: .seconds(20))
            default: .text("ok")
            }
        }
        #expect(try review(["notify", "add", "webhook", server.url("/hook")]).status == 0)
        var kills = 0
        for round in 0..<3 {
            mode.withLock { $0 = 0 }
            let logged = try review(["log", "Fokus", "waiting-for-review", "--version", "2.\(round)"])
            #expect(logged.status == 0 && logged.standardError.contains("not delivered"), "round \(round)")
            mode.withLock { $0 = 1 }
            let before = server.requestCount(path: "/hook")
            let process = Process()
            process.executableURL = ProcessRunner.executable("review")
            process.arguments = ["notify", "flush"]
            process.environment = ProcessInfo.processInfo.environment.merging(["REVIEW_DB": review.database]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while server.requestCount(path: "/hook") == before, process.isRunning, Date() < deadline { usleep(1000) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { kills += 1 }
            mode.withLock { $0 = 2 }
            let result = try review(["notify", "flush"])
            #expect(result.status == 0, "round \(round): \(result.standardOutput) \(result.standardError)")
            let ids = server.requests(path: "/hook").compactMap { $0.header("X-Gatehouse-Event-Id") }
            #expect(ids.contains { $0.hasPrefix("\(round + 1)-") }, "round \(round): event \(round + 1) never arrived")
        }
        #expect(kills == 3, "each flush was killed mid-send")
        let list = try review(["notify", "list", "--json"])
        #expect(
            list.standardOutput.hasSuffix("\"notifications\": [], \"signingAlerts\": []}\n"),
            "all delivered: \(list.standardOutput)")
    }
}

/// HMAC-SHA256 computed by the openssl command line, independently of the code under test.
enum HMACReference {
    static func hex(key: String, body: [UInt8]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "dgst", "-sha256", "-hmac", key, "-r"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "openssl not runnable" }
        input.fileHandleForWriting.write(Data(body))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return String(text.prefix { $0 != " " })
    }
}
