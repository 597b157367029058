import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// `review sync` killed with SIGKILL partway through a pass over 40 apps, in four rounds of changes: each time the
/// store opens and passes `PRAGMA integrity_check`, every app holds all of the round's changes or none (one
/// transaction per app), and the next complete sync records what the killed one missed, each state once.
@Suite("review sync end to end: killed partway, then completed")
struct SyncKillTests {
    static let appCount = 40
    static let rounds = 4

    /// One expected event: which version entered which state (and, for Waiting for Review, at which exact time).
    struct Expected: Hashable, CustomStringConvertible {
        var app: String
        var platform: Platform
        var version: String
        var state: ReviewState
        var at: Int64?

        var description: String { "\(app) \(version) (\(platform)) \(state.rawValue)\(at.map { " at \($0)" } ?? "")" }
    }

    static func appName(_ index: Int) -> String { "Kill App \(index)" }

    /// App Store Connect in a round: round 0, every app's iOS 1.0 Waiting for Review (submitted); 1, In Review;
    /// 2, released, and a macOS 1.0 appears In Review; 3, the macOS 1.0 released, and an iOS 1.1 Waiting for Review
    /// (submitted). Rounds 0 and 3 take three requests per app, 1 and 2 two (one of them for the TestFlight builds).
    static func state(round: Int, submittedBase: Int64) -> FakeASCState {
        var state = FakeASCState()
        for index in 0..<appCount {
            let id = String(1_600_000_000 + index)
            state.apps.append(.init(id: id, name: appName(index), bundleID: "com.example.kill\(index)"))
            let ios10 = ["WAITING_FOR_REVIEW", "IN_REVIEW", "READY_FOR_DISTRIBUTION", "READY_FOR_DISTRIBUTION"][round]
            state.versions.append(.init(id: "i\(index)", appID: id, versionString: "1.0", appVersionState: ios10))
            state.submissions.append(
                .init(
                    id: "s\(index)-0", appID: id, submittedDate: submitted(index, round: 0, base: submittedBase),
                    state: round == 0 ? "WAITING_FOR_REVIEW" : "COMPLETE",
                    items: [.init(id: "t\(index)-0", appStoreVersionID: "i\(index)")]))
            if round >= 2 {
                state.versions.append(
                    .init(
                        id: "m\(index)", appID: id, platform: "MAC_OS", versionString: "1.0",
                        appVersionState: round == 2 ? "IN_REVIEW" : "READY_FOR_DISTRIBUTION"))
            }
            if round >= 3 {
                state.versions.append(
                    .init(id: "n\(index)", appID: id, versionString: "1.1", appVersionState: "WAITING_FOR_REVIEW"))
                state.submissions.append(
                    .init(
                        id: "s\(index)-3", appID: id, submittedDate: submitted(index, round: 3, base: submittedBase),
                        state: "WAITING_FOR_REVIEW", items: [.init(id: "t\(index)-3", appStoreVersionID: "n\(index)")]
                    ))
            }
        }
        return state
    }

    static func submitted(_ index: Int, round: Int, base: Int64) -> String {
        Timestamp(secondsSince1970: base + Int64(round * 86_400 + index * 60)).iso8601
    }

    /// The events a round adds to each app.
    static func expected(round: Int, app index: Int, submittedBase: Int64) -> Set<Expected> {
        let name = appName(index)
        func at(_ round: Int) -> Int64 { submittedBase + Int64(round * 86_400 + index * 60) }
        switch round {
        case 0: return [Expected(app: name, platform: .iOS, version: "1.0", state: .waitingForReview, at: at(0))]
        case 1: return [Expected(app: name, platform: .iOS, version: "1.0", state: .inReview)]
        case 2:
            return [
                Expected(app: name, platform: .iOS, version: "1.0", state: .readyForDistribution),
                Expected(app: name, platform: .macOS, version: "1.0", state: .inReview),
            ]
        default:
            return [
                Expected(app: name, platform: .macOS, version: "1.0", state: .readyForDistribution),
                Expected(app: name, platform: .iOS, version: "1.1", state: .waitingForReview, at: at(3)),
            ]
        }
    }

    /// The store's events as `Expected` values (the time kept for Waiting for Review only), with duplicates listed.
    static func stored(_ database: String) throws -> (events: [Expected], integrity: String?) {
        let store = try RelationalReviewStore(sqlitePath: database)
        let integrity = try store.integrityCheck()
        let events = try store.events(app: nil).map {
            Expected(
                app: $0.app.name, platform: $0.platform, version: $0.version, state: $0.state,
                at: $0.state == .waitingForReview ? $0.at.secondsSince1970 : nil)
        }
        return (events, integrity)
    }

    @Test("4 rounds over 40 apps: SIGKILL after a random number of requests, then a complete sync; each state once")
    func killedPartway() throws {
        let submittedBase = Int64(Date().timeIntervalSince1970) - 10 * 86_400
        let harness = try SyncHarness(state: Self.state(round: 0, submittedBase: submittedBase))
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        for round in 0..<Self.rounds {
            harness.fake.update { $0 = Self.state(round: round, submittedBase: submittedBase) }
            // The app list, each app's versions (and its submissions while one waits) and TestFlight builds, then the
            // team's certificates and profiles (the signing tracker's two lists).
            let requestsInPass = 1 + Self.appCount * (round == 0 || round == 3 ? 3 : 2) + 2
            let before = harness.fake.totalRequests
            // Killed once the fake has read 2 to (all but 3) of the pass's requests: after the app list, before the end.
            let threshold = Int.random(in: 2...(requestsInPass - 3), using: &generator)
            let process = try harness.spawnReview(["sync"])
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, harness.fake.totalRequests - before < threshold, Date() < deadline {
                usleep(100)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            if killed { kills += 1 }
            let seen = harness.fake.totalRequests - before
            let context = "round \(round), killed \(killed) after \(seen) of \(requestsInPass) requests"

            // The store opens and is sound; each app has every earlier round's events and all or none of this one's.
            let afterKill = try Self.stored(harness.database)
            #expect(afterKill.integrity == "ok", "\(context)")
            #expect(Set(afterKill.events).count == afterKill.events.count, "\(context): duplicated events")
            let recorded = Set(afterKill.events)
            for index in 0..<Self.appCount {
                var earlier = Set<Expected>()
                for past in 0..<round {
                    earlier.formUnion(Self.expected(round: past, app: index, submittedBase: submittedBase))
                }
                let current = Self.expected(round: round, app: index, submittedBase: submittedBase)
                let mine = recorded.filter { $0.app == Self.appName(index) }
                #expect(
                    mine == earlier || mine == earlier.union(current),
                    "\(context): \(Self.appName(index)) holds \(mine.sorted { $0.description < $1.description })")
            }

            // A complete sync records what the killed one missed, at most three requests per app (two without a
            // version waiting for review).
            var wanted = Set<Expected>()
            for index in 0..<Self.appCount {
                for past in 0...round {
                    wanted.formUnion(Self.expected(round: past, app: index, submittedBase: submittedBase))
                }
            }
            let missed = wanted.subtracting(recorded).count
            let requestsBefore = harness.fake.totalRequests
            let complete = try harness.review(["sync"])
            #expect(complete.status == 0, "\(context): \(complete.standardError)")
            #expect(
                complete.standardOutput.hasSuffix(
                    "\(Self.appCount) apps synced, \(missed) state change\(missed == 1 ? "" : "s") recorded.\n"),
                "\(context): \(complete.standardOutput)")
            #expect(harness.fake.totalRequests - requestsBefore == requestsInPass, "\(context)")
            let afterComplete = try Self.stored(harness.database)
            #expect(afterComplete.integrity == "ok", "\(context)")
            #expect(afterComplete.events.count == wanted.count, "\(context): \(afterComplete.events.count) events")
            let missing = wanted.subtracting(afterComplete.events).prefix(5)
            let unexpected = Set(afterComplete.events).subtracting(wanted).prefix(5)
            #expect(Set(afterComplete.events) == wanted, "\(context): missing \(missing), unexpected \(unexpected)")
        }
        #expect(kills > 0, "no sync was killed before it finished; the test proved nothing")
    }
}
