import Foundation
import ReviewLog
import Testing

@testable import ReviewSync

/// A lease answering from a script, so that the watcher's rounds can be checked against every sequence of answers.
/// (The SQLite store's real lease between real processes is tested end to end in ReviewCLITests' `WatchLeaseTests`.)
final class ScriptedLease: RoleLeasing, @unchecked Sendable {
    enum Answer {
        case held, refused, fails
    }

    private let lock = NSLock()
    private var answers: [Answer]
    private var asked: [String] = []

    init(_ answers: [Answer]) { self.answers = answers }

    func holdRole(_ role: String) throws(ReviewError) -> Bool {
        let answer = lock.withLock {
            asked.append(role)
            return answers.isEmpty ? Answer.fails : answers.removeFirst()
        }
        switch answer {
        case .held: return true
        case .refused: return false
        case .fails: throw ReviewError(.storeUnavailable, "cannot lock review.sqlite3-watch.lock: Permission denied")
        }
    }

    var roles: [String] { lock.withLock { asked } }
}

/// What a watcher's callbacks were given, in order.
final class WatchRecording: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func append(_ entry: String) -> Int {
        lock.withLock {
            entries.append(entry)
            return entries.filter { $0 == "pass" }.count
        }
    }

    var all: [String] { lock.withLock { entries } }
}

@Suite("review watch sharing a store: passes only while holding the role, announced changes of role")
struct SyncWatcherRoleTests {
    /// Runs a watcher over `answers` until it has run `passes` passes.
    static func run(_ answers: [ScriptedLease.Answer], passes: Int) async throws -> (
        rounds: Int, recording: [String], lease: ScriptedLease, harness: SyncHarness
    ) {
        let harness = try SyncHarness(state: SyncJourneyTests.state())
        let lease = ScriptedLease(answers)
        let stop = StopFlag()
        let recording = WatchRecording()
        let watcher = SyncWatcher(
            passes: [try harness.pass()], interval: .seconds(5), sleeper: harness.sleeper, stop: stop, lease: lease)
        let rounds = await watcher.run(
            report: { _ in if recording.append("pass") >= passes { stop.set() } },
            failure: { error in _ = recording.append("failure \(error.code): \(error.reason)") },
            roleChange: { role in _ = recording.append("\(role)") })
        return (rounds, recording.all, lease, harness)
    }

    @Test("standing by runs no pass; a lease that cannot answer is a failure and no pass; each change is announced")
    func standByAndTakeOver() async throws {
        let (rounds, recording, lease, harness) = try await Self.run(
            [.refused, .refused, .fails, .held, .held, .refused, .held], passes: 3)
        let failure =
            "failure store: cannot tell whether another watcher is active: cannot lock "
            + "review.sqlite3-watch.lock: Permission denied"
        #expect(recording == ["standingBy", failure, "active", "pass", "pass", "standingBy", "active", "pass"])
        #expect(rounds == 3, "the rounds standing by were counted")
        #expect(lease.roles == Array(repeating: SyncWatcher.role, count: 7))
        #expect(harness.fake.requestCount(path: "/v1/apps") == 3, "App Store Connect was polled while standing by")
    }

    @Test("a watcher that holds the role from its first round says nothing about it: its output is as before")
    func activeFromTheStart() async throws {
        let (rounds, recording, _, harness) = try await Self.run([.held, .held], passes: 2)
        #expect(recording == ["pass", "pass"])
        #expect(rounds == 2)
        #expect(harness.fake.requestCount(path: "/v1/apps") == 2)
    }
}
