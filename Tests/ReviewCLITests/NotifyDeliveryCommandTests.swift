import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Synchronization
import Testing

@testable import ReviewCLI

/// The delivery the commands do: `log`'s short bound, `sync` delivering what it recorded, and a day of failures shown
/// as failed by `notify list` (in process, with a manual clock).
@Suite("review notify: delivery by log, sync and flush")
struct NotifyDeliveryCommandTests {
    @Test("log waits 5 s at most for a channel that does not answer, warns, exits 0, and leaves it queued")
    func logIsBounded() throws {
        let review = try ReviewRun()
        let server = try LoopbackHTTPServer()
        server.route("/slow", respond: LoopbackResponse(status: 200, delay: .seconds(30)))
        #expect(try review(["notify", "add", "webhook", server.url("/slow")]).status == 0)
        let start = Date()
        let result = try review(["log", "Fokus", "in-review", "--version", "2.3"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.status == 0)
        #expect(result.standardError.contains("no answer within the time limit"), "\(result.standardError)")
        #expect(elapsed < 15, "log took \(elapsed) s")
        #expect(try review(["notify", "list", "--json"]).standardOutput.contains("\"status\": \"pending\""))
    }

    @Test("sync delivers the changes it recorded at once, one notification per change")
    func syncDelivers() throws {
        let harness = try SyncHarness(state: SyncEndToEndTests.catalogue)
        let server = try LoopbackHTTPServer()
        server.route("/hook", respond: .text("ok"))
        #expect(try harness.review(["notify", "add", "webhook", server.url("/hook")]).status == 0)
        let result = try harness.review(["sync"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let states = server.requests(path: "/hook").compactMap { request -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
            return object.map { "\($0["app"] ?? "") \($0["state"] ?? "") \($0["source"] ?? "")" }
        }
        #expect(states.count == 3, "\(states)")
        #expect(states.allSatisfy { $0.hasSuffix(" sync") })
        #expect(try harness.review(["sync"]).status == 0)
        #expect(server.requestCount(path: "/hook") == 3, "a sync that records nothing notifies nothing")
    }

    @Test(
        "in process, eight logs at once on the concurrency pool: each delivers, none waits on a pool thread it holds",
        .timeLimit(.minutes(1)))
    func concurrentInProcessLogs() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackHTTPServer()
        server.route("/hook", respond: LoopbackResponse(status: 200, delay: .milliseconds(200)))
        let environment = ReviewEnvironment(
            now: Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970)),
            variables: ["REVIEW_DB": directory.file("review.sqlite3").path])
        let added = await ReviewCLI.perform(
            arguments: ["notify", "add", "webhook", server.url("/hook")], environment: environment)
        #expect(added.status == .success)
        let outputs = await withTaskGroup(of: CommandOutput.self) { group in
            for index in 0..<8 {
                group.addTask {
                    await ReviewCLI.perform(
                        arguments: ["log", "App \(index)", "in-review", "--version", "1.0"], environment: environment)
                }
            }
            var outputs: [CommandOutput] = []
            for await output in group { outputs.append(output) }
            return outputs
        }
        #expect(outputs.allSatisfy { $0.status == .success && $0.standardError.isEmpty }, "\(outputs)")
        #expect(server.requestCount(path: "/hook") == 8)
    }

    @Test("a day of failed flushes: the notification is failed, and notify list shows it with its last error")
    func failedAfterADay() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("review.sqlite3").path
        let server = try LoopbackHTTPServer()
        server.route("/gone", respond: .text("gone", status: 503))
        let clock = ManualClock()
        var environment = ReviewEnvironment(
            now: Timestamp(secondsSince1970: Int64(clock.now().timeIntervalSince1970)), variables: ["REVIEW_DB": path])
        environment.clock = clock
        func run(_ arguments: [String]) async -> CommandOutput {
            await ReviewCLI.perform(arguments: arguments, environment: environment)
        }
        #expect(await run(["notify", "add", "discord", server.url("/gone")]).status == .success)
        let logged = await run(["log", "Fokus", "rejected", "--version", "2.3"])
        #expect(logged.status == .success && logged.standardError.contains("answered 503"))
        var flushes = 0
        while flushes < 20 {
            clock.advance(4 * 3600)
            let flushed = await run(["notify", "flush"])
            #expect(flushed.status == .unavailable)
            flushes += 1
            if flushed.standardOutput.contains("1 failed") { break }
        }
        #expect(flushes == 6, "given up on the flush a day after the first try")
        let list = await run(["notify", "list"])
        #expect(
            list.standardOutput.contains("every app; every state change  yes      0        1\n"),
            "\(list.standardOutput)")
        #expect(list.standardOutput.contains("Failed notifications (given up after a day of attempts):"))
        #expect(list.standardOutput.contains("1: event 1, Fokus 2.3 (iOS) Rejected to channel 1, 7 attempts since"))
        #expect(list.standardOutput.contains("answered 503"))
        #expect(await run(["notify", "flush"]).standardOutput.hasPrefix("Delivered 0 of 0"), "failed ones stay failed")
    }
}
