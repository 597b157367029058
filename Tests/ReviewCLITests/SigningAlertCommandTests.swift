import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import SigningTesting
import Synchronization
import Testing

@testable import ReviewCLI

/// Signing alerts through the commands (issue 22): `notify add --no-signing`, what `notify list` shows of them,
/// `notify flush` and `sync` recording the alerts due before delivering them and reporting each outcome by the alert's
/// id and channel, and a `notify flush` killed with SIGKILL after it recorded an alert, before its delivery was
/// recorded: the next flush delivers it.
@Suite("review notify: signing alerts through the commands")
struct SigningAlertCommandTests {
    static let day: Int64 = 86_400

    /// An in-process `review` on a store in a temporary folder, with a manual clock.
    struct InProcess {
        let directory: TemporaryDirectory
        let clock = ManualClock()
        var path: String { directory.file("review.sqlite3").path }
        var now: Timestamp { Timestamp(secondsSince1970: Int64(clock.now().timeIntervalSince1970)) }

        init() throws { directory = try TemporaryDirectory() }

        func callAsFunction(_ arguments: [String]) async -> CommandOutput {
            var environment = ReviewEnvironment(now: now, variables: ["REVIEW_DB": path, "TZ": "UTC"])
            environment.clock = clock
            return await ReviewCLI.perform(arguments: arguments, environment: environment)
        }

        /// Tracks a client secret expiring `seconds` from the clock's now, straight in the store.
        @discardableResult
        func trackSecret(expiringIn seconds: Int64) throws -> SigningItem {
            try Self.trackSecret(in: path, at: now, expiringIn: seconds)
        }

        static func trackSecret(in path: String, at now: Timestamp, expiringIn seconds: Int64) throws -> SigningItem {
            let store = try RelationalReviewStore(sqlitePath: path)
            return try store.trackSigningFile(
                SigningSighting(
                    kind: .clientSecret, reference: "/tmp/gatehouse-test/client-secret.jwt", name: "com.example.web",
                    detail: "key ABC123DEFG", ownExpires: Timestamp(secondsSince1970: now.secondsSince1970 + seconds)),
                name: nil, at: now)
        }
    }

    @Test("notify add --no-signing keeps them off a channel; list and --json show which channels take them")
    func noSigning() async throws {
        let review = try InProcess()
        let server = try LoopbackHTTPServer()
        server.route("/takes", respond: .text("ok"))
        server.route("/refuses", respond: .text("ok"))
        var output = await review(["notify", "add", "webhook", server.url("/takes")])
        #expect(output.status == .success && !output.standardOutput.contains("signing"), "\(output.standardOutput)")
        output = await review(["notify", "add", "webhook", server.url("/refuses"), "--no-signing", "--json"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("\"id\": 2") && output.standardOutput.contains("\"signing\": false"))
        output = await review(["notify", "add", "slack", server.url("/refuses/slack"), "--no-signing"])
        #expect(output.standardOutput.contains("for every app; every state change; no signing alerts. Try it"))
        let list = await review(["notify", "list"])
        let lines = list.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("ID  KIND     URL") == true
                && lines.first?.contains("  SIGNING  PENDING  FAILED") == true, "\(list.standardOutput)")
        #expect(lines.count == 4)
        #expect(lines[1].hasSuffix("every app; every state change  yes      0        0"), "\(lines[1])")
        #expect(lines[2].hasSuffix("every app; every state change  no       0        0"), "\(lines[2])")
        let json = await review(["notify", "list", "--json"])
        #expect(json.standardOutput.components(separatedBy: "\"signing\": true").count == 2)
        #expect(json.standardOutput.components(separatedBy: "\"signing\": false").count == 3)
        #expect(json.standardOutput.hasSuffix("\"notifications\": [], \"signingAlerts\": []}\n"))

        let item = try review.trackSecret(expiringIn: 6 * Self.day)
        let flushed = await review(["notify", "flush"])
        #expect(flushed.status == .success, "\(flushed.standardError)")
        #expect(
            flushed.standardOutput
                == "Delivered 0 of 0 pending notifications; 0 left to retry, 0 failed.\n"
                + "Delivered 1 of 1 pending signing alert; 0 left to retry, 0 failed.\n")
        #expect(
            server.requests(path: "/takes").map { $0.header("X-Gatehouse-Event-Id") } == [
                "signing-\(item.id)-expiring-7"
            ])
        #expect(server.requestCount(path: "/refuses") == 0 && server.requestCount(path: "/refuses/slack") == 0)
        #expect(
            await review(["notify", "flush"]).standardOutput.hasPrefix("Delivered 0 of 0 pending notifications; 0 left")
        )
        #expect(server.requestCount(path: "/takes") == 1, "recorded and delivered once")
    }

    @Test("a channel down: flush exits 69 naming the alert's id and channel; list shows it; a later flush delivers it")
    func downThenUp() async throws {
        let review = try InProcess()
        let server = try LoopbackHTTPServer()
        let up = Mutex(false)
        server.route("/hook") { _ in up.withLock { $0 } ? .text("ok") : .text("busy", status: 503) }
        #expect(await review(["notify", "add", "webhook", server.url("/hook")]).status == .success)
        let item = try review.trackSecret(expiringIn: 20 * Self.day)
        let id = "signing-\(item.id)-expiring-30"
        var output = await review(["notify", "flush", "--json"])
        #expect(output.status == .unavailable)
        #expect(
            output.standardOutput.hasPrefix(
                "{\"notifications\": [], \"signingAlerts\": [{\"id\": \"\(id)\", \"channel\": 1, \"itemId\": \(item.id), \"delivered\": false"
            ), "\(output.standardOutput)")
        output = await review(["notify", "flush"])
        #expect(output.status == .unavailable)
        #expect(output.standardOutput.hasSuffix("Delivered 0 of 1 pending signing alert; 1 left to retry, 0 failed.\n"))
        #expect(
            output.standardError.hasPrefix(
                "review: warning: signing alert \(id) to channel 1 not delivered: webhook channel 1 (\(server.baseURL)/…) "
                    + "answered 503; it stays in the outbox"), "\(output.standardError)")
        let list = await review(["notify", "list"])
        #expect(
            list.standardOutput.contains("every app; every state change  yes      1        0\n"),
            "\(list.standardOutput)")
        #expect(
            list.standardOutput.contains(
                "Not delivered yet (retried with backoff; review notify flush tries them now):\n  signing alert \(id) "
                    + "(client secret com.example.web) to channel 1, 2 attempts: webhook channel 1"),
            "\(list.standardOutput)")
        let json = await review(["notify", "list", "--json"])
        #expect(
            json.standardOutput.contains(
                "\"signingAlerts\": [{\"id\": \"\(id)\", \"channel\": 1, \"itemId\": \(item.id), \"alert\": \"expiring\", \"threshold\": 30, \"status\": \"pending\", \"attempts\": 2"
            ), "\(json.standardOutput)")
        up.withLock { $0 = true }
        output = await review(["notify", "flush"])
        #expect(output.status == .success && output.standardError.isEmpty, "\(output.standardError)")
        #expect(output.standardOutput.hasSuffix("Delivered 1 of 1 pending signing alert; 0 left to retry, 0 failed.\n"))
        #expect(server.requests(path: "/hook").compactMap { $0.header("X-Gatehouse-Event-Id") } == [id, id, id])
    }

    @Test("sync records the signing alerts due and delivers them with its changes' notifications; a second sync, none")
    func syncDelivers() throws {
        let harness = try SyncHarness(state: SyncEndToEndTests.catalogue)
        let server = try LoopbackHTTPServer()
        server.route("/hook", respond: .text("ok"))
        #expect(try harness.review(["notify", "add", "webhook", server.url("/hook")]).status == 0)
        // A real file: sync re-reads every tracked file (one that is not there would be missing, and alerted so).
        let secret = harness.directory.file("client-secret.jwt")
        try Data(
            try SigningFixtures.clientSecret(issuedAt: Date(), lifetime: TimeInterval(3 * Self.day + 3600)).utf8
        ).write(to: secret)
        var result = try harness.review(["signing", "add", secret.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let added = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let itemID = try #require(added["id"] as? Int)
        result = try harness.review(["sync"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let kinds = try server.requests(path: "/hook").map { request -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
            return object["kind"] as? String ?? ""
        }
        #expect(kinds.sorted() == ["signing", "state-change", "state-change", "state-change"], "\(kinds)")
        #expect(
            server.requests(path: "/hook").contains {
                $0.header("X-Gatehouse-Event-Id") == "signing-\(itemID)-expiring-7"
            })
        result = try harness.review(["sync"])
        #expect(result.status == 0)
        #expect(server.requestCount(path: "/hook") == 4, "nothing new: nothing sent")
    }

    @Test("SIGKILL of a notify flush after it recorded a signing alert, mid-send: the next flush delivers it once")
    func killedAfterRecording() throws {
        let review = try ReviewRun()
        let server = try LoopbackHTTPServer()
        // 1: reads the request and waits 20 s before answering (the flush is mid-send); 2: up.
        let mode = Mutex(1)
        server.route("/hook") { _ in
            mode.withLock { $0 } == 1 ? LoopbackResponse(status: 200, delay: .seconds(20)) : .text("ok")
        }
        #expect(try review(["notify", "add", "webhook", server.url("/hook")]).status == 0)
        let now = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970))
        let item = try InProcess.trackSecret(in: review.database, at: now, expiringIn: 10 * Self.day)
        let process = Process()
        process.executableURL = ProcessRunner.executable("review")
        process.arguments = ["notify", "flush"]
        process.environment = ProcessInfo.processInfo.environment.merging(["REVIEW_DB": review.database]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while server.requestCount(path: "/hook") == 0, process.isRunning, Date() < deadline { usleep(1000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the flush was killed mid-send")
        // Recorded by the killed flush, and not marked delivered.
        let store = try RelationalReviewStore(sqlitePath: review.database)
        #expect(try store.signingAlerts(statuses: [.pending]).count == 1)
        mode.withLock { $0 = 2 }
        let result = try review(["notify", "flush"])
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.hasSuffix("Delivered 1 of 1 pending signing alert; 0 left to retry, 0 failed.\n"))
        let ids = server.requests(path: "/hook").compactMap { $0.header("X-Gatehouse-Event-Id") }
        #expect(ids == ["signing-\(item.id)-expiring-14", "signing-\(item.id)-expiring-14"], "at least once: \(ids)")
        #expect(
            try review(["notify", "flush"]).standardOutput
                == "Delivered 0 of 0 pending notifications; 0 left to retry, 0 failed.\n")
        #expect(try store.signingAlerts(statuses: [.delivered]).count == 1)
    }
}
