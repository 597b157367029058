import Foundation
import GatehouseTesting
import ReviewLog
import ReviewPostgreSQL
import ReviewTesting
import Testing

/// Where the store several watchers share lives: a SQLite file in the harness's temporary folder, or a database on
/// the shared throwaway PostgreSQL cluster (where watchers on several machines would meet); every test below runs on
/// both.
enum SharedStore: CaseIterable, CustomTestStringConvertible, Sendable {
    case sqliteFile
    case postgreSQL

    /// The `--db` value.
    func location(_ harness: SyncHarness) throws -> String {
        switch self {
        case .sqliteFile: harness.database
        case .postgreSQL: try PostgreSQLServer.sharedOrSkip().createDatabase().url
        }
    }

    /// The store at `location`, opened in the test process.
    func open(_ location: String) throws -> any ReviewStore & RoleLeasing {
        switch self {
        case .sqliteFile: try RelationalReviewStore(sqlitePath: location)
        case .postgreSQL: try RelationalReviewStore(postgreSQLURL: location)
        }
    }

    var testDescription: String {
        switch self {
        case .sqliteFile: "SQLite file"
        case .postgreSQL: "PostgreSQL database"
        }
    }
}

/// Several `review watch` processes on one store (the built binary, against the fake App Store Connect, waiting
/// `GATEHOUSE_TEST_WATCH_INTERVAL` seconds between rounds instead of at least a minute): one holds the store's
/// `watch` role and polls, the others stand by, and one of them takes over within an interval of the holder's death.
@Suite("review watch: one active watcher per store")
struct WatchLeaseTests {
    static let interval = 2.0

    static func standingBy(_ location: String) -> String {
        "review: standing by: another review watch is active on \(RelationalReviewStore.displayedLocation(location)); "
            + "taking over when it stops\n"
    }

    /// How many passes a watcher's output reports.
    static func passes(_ output: String) -> Int { output.components(separatedBy: " apps synced, ").count - 1 }

    /// The fake App Store Connect with three apps, and where the store is.
    static func setUp(_ kind: SharedStore) throws -> (harness: SyncHarness, location: String) {
        let harness = try SyncHarness(state: SyncEndToEndTests.catalogue)
        return (harness, try kind.location(harness))
    }

    static func watch(_ harness: SyncHarness, _ location: String, output: String, json: Bool = false) throws
        -> Process
    {
        try harness.spawnReview(
            ["watch", "--db", location] + (json ? ["--json"] : []), output: output,
            environment: ["GATEHOUSE_TEST_WATCH_INTERVAL": "\(Self.interval)"])
    }

    @Test(
        "the role held by another process is refused; once that process is SIGKILLed it is free; the holder keeps it",
        arguments: SharedStore.allCases)
    func leaseAcrossProcesses(store kind: SharedStore) throws {
        let (harness, location) = try Self.setUp(kind)
        let holder = try Self.watch(harness, location, output: "holder")
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        SyncSignalTests.wait(seconds: 60) { Self.passes(harness.output("holder").standardOutput) >= 1 }
        #expect(Self.passes(harness.output("holder").standardOutput) >= 1, "\(harness.output("holder"))")

        let store = try kind.open(location)
        #expect(try !store.holdRole("watch"), "the role was given while another live process held it")
        #expect(try !store.holdRole("watch"), "the role was given at the second asking")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(holder.terminationReason == .uncaughtSignal && holder.terminationStatus == SIGKILL)
        #expect(try store.holdRole("watch"), "the role of a SIGKILLed process was not freed")
        #expect(try store.holdRole("watch"), "the holder was not confirmed")

        // This process holds it now: new watchers stand by, poll nothing, and stop cleanly. Under --json the
        // standing-by line goes to standard error, so that standard output stays the passes' objects.
        let requests = harness.fake.requestCount(path: "/v1/apps")
        let standbys = [
            try Self.watch(harness, location, output: "standby"),
            try Self.watch(harness, location, output: "json", json: true),
        ]
        defer { for standby in standbys where standby.isRunning { kill(standby.processIdentifier, SIGKILL) } }
        SyncSignalTests.wait(seconds: 30) {
            harness.output("standby").standardOutput.contains("standing by")
                && harness.output("json").standardError.contains("standing by")
        }
        usleep(UInt32(Self.interval * 1_500_000))  // a round and a half: each asked again at least once
        for standby in standbys {
            kill(standby.processIdentifier, SIGTERM)
            standby.waitUntilExit()
            #expect(standby.terminationReason == .exit && standby.terminationStatus == 0)
        }
        let stopped = "review: watch stopped after 0 passes\n"
        #expect(harness.output("standby").standardOutput == Self.standingBy(location))
        #expect(harness.output("standby").standardError == stopped)
        #expect(harness.output("json").standardOutput == "")
        #expect(harness.output("json").standardError == Self.standingBy(location) + stopped)
        #expect(harness.fake.requestCount(path: "/v1/apps") == requests, "a watcher standing by polled")
    }

    @Test(
        "two watchers: one polls, the other stands by; the active one SIGKILLed, the other takes over within an interval",
        arguments: SharedStore.allCases)
    func takeOver(store kind: SharedStore) throws {
        let (harness, location) = try Self.setUp(kind)
        let watchers = [
            try Self.watch(harness, location, output: "w0"), try Self.watch(harness, location, output: "w1"),
        ]
        defer { for watcher in watchers where watcher.isRunning { kill(watcher.processIdentifier, SIGKILL) } }
        func output(_ index: Int) -> String { harness.output("w\(index)").standardOutput }

        // Exactly one becomes active; it polls round after round while the other only stands by.
        SyncSignalTests.wait(seconds: 60) {
            (0...1).contains { Self.passes(output($0)) >= 3 && output(1 - $0).contains("standing by") }
        }
        let active = try #require(
            (0...1).first { Self.passes(output($0)) >= 3 }, "no watcher ran 3 passes: \(output(0)) / \(output(1))")
        let standby = 1 - active
        #expect(output(standby) == Self.standingBy(location), "the watcher standing by printed more")
        #expect(!output(active).contains("review: "), "the active watcher's output changed: \(output(active))")
        #expect(output(active).hasPrefix("Fokus 2.3 (iOS): (new) -> Waiting for Review\n"), "\(output(active))")
        // One request to /v1/apps per pass begun: the active one's (one more if a pass is under way), none else.
        let appLists = harness.fake.requestCount(path: "/v1/apps")
        let activePasses = Self.passes(output(active))
        #expect(
            (activePasses...activePasses + 1).contains(appLists),
            "\(appLists) passes begun for \(activePasses) passes of the active watcher")

        kill(watchers[active].processIdentifier, SIGKILL)
        watchers[active].waitUntilExit()
        let killed = Date()
        #expect(watchers[active].terminationReason == .uncaughtSignal)
        // A change only the survivor can see (its first pass may come before it, its next one sees it).
        harness.fake.update { $0.setVersionState("vf-23", "IN_REVIEW") }
        SyncSignalTests.wait(seconds: 30) { output(standby).contains("now the active watcher") }
        let tookOver = Date().timeIntervalSince(killed)
        SyncSignalTests.wait(seconds: 30) { output(standby).contains("1 state change recorded") }
        let survivor = output(standby)
        #expect(
            survivor.hasPrefix(
                Self.standingBy(location) + "review: now the active watcher on "
                    + "\(RelationalReviewStore.displayedLocation(location))\n"),
            "\(survivor)")
        #expect(
            survivor.contains("Fokus 2.3 (iOS): Waiting for Review -> In Review, after ~")
                && survivor.contains("3 apps synced, 1 state change recorded.\n"), "\(survivor)")
        // It asks every interval (plus 10% jitter) and was last told no at most that long before the kill.
        #expect(
            tookOver < Self.interval * 1.1 + 2.5, "took over \(tookOver) s after the kill, interval \(Self.interval) s")

        kill(watchers[standby].processIdentifier, SIGTERM)
        watchers[standby].waitUntilExit()
        #expect(watchers[standby].terminationReason == .exit && watchers[standby].terminationStatus == 0)
        #expect(harness.output("w\(standby)").standardError.hasPrefix("review: watch stopped after "))

        let events = try kind.open(location).events(app: nil)
        let keys = events.map { "\($0.app.name) \($0.version) \($0.platform) \($0.state.rawValue) \($0.at)" }
        #expect(Set(keys).count == keys.count, "duplicated events: \(keys)")
        #expect(events.count == 4, "\(keys)")
    }
}
