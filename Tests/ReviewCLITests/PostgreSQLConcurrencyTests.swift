import Foundation
import GatehouseTesting
import ReviewLog
import ReviewPostgreSQL
import ReviewTesting
import Synchronization
import Testing

/// Many writers on one PostgreSQL database at once, through the built `review` (issue 14): sixteen `review log`
/// processes, `review serve` answering concurrent deliveries, and two `review notify flush` deliverers. Nothing is
/// lost, nothing is stored or delivered twice. On the shared throwaway cluster (skipped where PostgreSQL cannot be
/// started, failing when `CI=true`).
@Suite("review on PostgreSQL: concurrent writers and deliverers lose nothing and duplicate nothing")
struct PostgreSQLConcurrencyTests {
    /// Starts the built `review` without waiting, its output in `<name>.out` and `<name>.err` of `directory`.
    static func spawn(_ arguments: [String], in directory: TemporaryDirectory, name: String) throws -> Process {
        let process = Process()
        process.executableURL = ProcessRunner.executable("review")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["TZ"] = "UTC"
        environment["REVIEW_DB"] = ""
        process.environment = environment
        for (suffix, assign) in [("out", { process.standardOutput = $0 }), ("err", { process.standardError = $0 })]
            as [(String, (FileHandle) -> Void)]
        {
            let path = directory.file("\(name).\(suffix)").path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            assign(try FileHandle(forWritingTo: URL(fileURLWithPath: path)))
        }
        try process.run()
        return process
    }

    /// What a process started by `spawn` wrote to standard output and standard error.
    static func output(_ name: String, in directory: TemporaryDirectory) -> String {
        ["out", "err"].map { (try? String(contentsOf: directory.file("\(name).\($0)"), encoding: .utf8)) ?? "" }
            .joined(separator: " | ")
    }

    /// A receiver answering `/hook` with `handler`, added to `store` as a webhook channel.
    static func hook(
        _ store: ReviewOnStore, sourceLocation: SourceLocation = #_sourceLocation,
        _ handler: @escaping LoopbackHTTPServer.Handler
    ) throws -> LoopbackHTTPServer {
        let receiver = try LoopbackHTTPServer()
        receiver.route("/hook", handler)
        #expect(
            try store(["notify", "add", "webhook", receiver.url("/hook")], now: nil).status == 0,
            sourceLocation: sourceLocation)
        return receiver
    }

    /// `notify list` shows no notification left to deliver.
    static func expectAllDelivered(_ store: ReviewOnStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let list = try store(["notify", "list", "--json"], now: nil)
        #expect(
            list.standardOutput.hasSuffix("\"notifications\": [], \"signingAlerts\": []}\n"),
            "all delivered: \(list.standardOutput)",
            sourceLocation: sourceLocation)
    }

    @Test("16 review log processes at once, twice (the first round creates the store): each event once, ids 1...N")
    func sixteenWriters() throws {
        let directory = try TemporaryDirectory()
        let database = try PostgreSQLServer.sharedOrSkip().createDatabase()
        let apps = ["Alpha", "Bravo", "Charlie", "Delta"]
        var logged: Set<String> = []
        for round in 0..<2 {
            // 10 distinct events, and 2 events each logged by 3 processes at once.
            var events = (0..<10).map { index in
                (apps[index % 4], "\(round).\(index)", "2026-0\(round + 1)-1\(index)T08:00:00Z")
            }
            events += Array(repeating: ("Echo", "\(round).0", "2026-0\(round + 1)-20T09:00:00Z"), count: 3)
            events += Array(repeating: ("Alpha", "\(round).0", "2026-0\(round + 1)-21T09:00:00Z"), count: 3)
            let processes = try events.enumerated().map { index, event in
                try Self.spawn(
                    [
                        "--db", database.url, "log", event.0, "in-review", "--version", event.1, "--at", event.2,
                        "--new-app",
                    ], in: directory, name: "r\(round)-\(index)")
            }
            for (index, process) in processes.enumerated() {
                process.waitUntilExit()
                let output = Self.output("r\(round)-\(index)", in: directory)
                #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(output)")
            }
            logged.formUnion(events.map { "\($0.0) \($0.1) IN_REVIEW \($0.2)" })
        }
        let stored = try RelationalReviewStore(postgreSQLURL: database.url).events(app: nil)
        let keys = stored.map { "\($0.app.name) \($0.version) \($0.state.rawValue) \($0.at.iso8601)" }
        #expect(keys.count == logged.count, "\(keys.count) stored for \(logged.count) distinct events logged")
        #expect(Set(keys) == logged, "lost: \(logged.subtracting(keys)); unexpected: \(Set(keys).subtracting(logged))")
        #expect(stored.map(\.id).sorted() == Array(1...Int64(logged.count)), "\(stored.map(\.id).sorted())")
    }

    @Test("review serve on PostgreSQL: 8 deliveries each sent 3 times at once: every one 200, each stored once")
    func serveConcurrentDeliveries() throws {
        let server = try PostgreSQLServer.sharedOrSkip()
        let database = try server.createDatabase()
        let harness = try ServeHarness()
        let serve = try harness.start("serve-pg", arguments: ["--db", database.url])
        // Eight different states: a state equal to the one just before it in time is not a change, and is not stored.
        let states = [
            "PREPARE_FOR_SUBMISSION", "WAITING_FOR_REVIEW", "IN_REVIEW", "REJECTED", "DEVELOPER_REJECTED",
            "PENDING_DEVELOPER_RELEASE", "PROCESSING_FOR_DISTRIBUTION", "READY_FOR_DISTRIBUTION",
        ]
        let bodies = (0..<8).map { index in
            ServeHarness.stateChange(
                id: "concurrent-\(index)", from: "PREPARE_FOR_SUBMISSION", to: states[index],
                at: "2026-11-2\(index)T0\(index):00:00.000Z")
        }
        let answers = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: bodies.count * 3) { attempt in
            let answer = try? ServeHarness.deliver(bodies[attempt % bodies.count], to: serve)
            answers.withLock { $0.append(answer.map { "\($0.status) \($0.body)" } ?? "no answer") }
        }
        #expect(harness.stop(serve) == 0)
        let log = harness.sync.output("serve-pg").standardError
        #expect(!log.contains(server.password), "serve printed the password")
        let all = answers.withLock { $0 }
        #expect(all.count == 24 && all.allSatisfy { $0.hasPrefix("200 ") }, "\(all) \(log)")
        #expect(all.filter { $0 == "200 duplicate\n" }.count == 16, "each stored by one request: \(all)")

        let events = try RelationalReviewStore(postgreSQLURL: database.url).events(app: nil)
        let times = events.map(\.at.iso8601).sorted()
        #expect(times == (0..<8).map { "2026-11-2\($0)T0\($0):00:00Z" }, "\(times)")
        #expect(events.allSatisfy { $0.source == .webhook && $0.version == "2.3" && $0.app.name == "Fokus" })
        #expect(events.map(\.id).sorted() == Array(1...8))
        #expect(try server.query("SELECT count(*) FROM webhook_deliveries", database: database.name) == "8")
    }

    /// Before `notify flush` held its role, each of two flushes sent all six (a flush ignores other deliverers'
    /// claims), on both stores.
    @Test(
        "the notification outbox: two review notify flush at once deliver each notification once",
        arguments: StoreKind.allCases)
    func twoDeliverers(store kind: StoreKind) throws {
        let store = try ReviewOnStore(new: kind)
        let up = Mutex(false)
        let receiver = try Self.hook(store) { _ in
            up.withLock { $0 } ? LoopbackResponse(status: 200, delay: .milliseconds(250)) : .text("no", status: 503)
        }
        let count = 6
        for index in 0..<count {
            let logged = try store(["log", "Fokus", "in-review", "--version", "1.\(index)"], now: nil)
            #expect(logged.status == 0 && logged.standardError.contains("not delivered"), "\(logged)")
        }
        #expect(receiver.requestCount(path: "/hook") == count)
        up.withLock { $0 = true }
        let flushes = try (0..<2).map {
            try Self.spawn(["--db", store.location, "notify", "flush"], in: store.directory, name: "flush\($0)")
        }
        for (index, flush) in flushes.enumerated() {
            flush.waitUntilExit()
            #expect(flush.terminationStatus == 0, "\(Self.output("flush\(index)", in: store.directory))")
        }
        let delivered = receiver.requests(path: "/hook").dropFirst(count).compactMap {
            $0.header("X-Gatehouse-Event-Id")?.split(separator: "-").first.map(String.init)
        }
        #expect(delivered.sorted() == (1...count).map(String.init), "delivered: \(delivered)")
        try Self.expectAllDelivered(store)
    }

    /// A flush ignores backoff, never a live deliverer's claim: before claims named their holder, a flush run while
    /// `review log` was still sending its notification sent it a second time.
    @Test(
        "the notification outbox: a flush while review log is sending leaves that notification to it: sent once",
        arguments: StoreKind.allCases)
    func flushBesideLog(store kind: StoreKind) throws {
        let store = try ReviewOnStore(new: kind)
        let receiver = try Self.hook(store) { _ in LoopbackResponse(status: 200, delay: .seconds(3)) }
        let log = try Self.spawn(
            ["--db", store.location, "log", "Fokus", "in-review", "--version", "1.0"], in: store.directory, name: "log")
        let deadline = Date().addingTimeInterval(20)
        while receiver.requestCount(path: "/hook") == 0, log.isRunning, Date() < deadline { usleep(10_000) }
        #expect(receiver.requestCount(path: "/hook") == 1, "log started sending")
        let flush = try store(["notify", "flush"], now: nil)
        #expect(flush.status == 0, "\(flush)")
        log.waitUntilExit()
        #expect(log.terminationStatus == 0, "\(Self.output("log", in: store.directory))")
        #expect(receiver.requestCount(path: "/hook") == 1, "the notification was sent twice")
        try Self.expectAllDelivered(store)
    }
}
