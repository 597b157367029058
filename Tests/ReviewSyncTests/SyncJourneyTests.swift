import AppStoreConnect
import Foundation
import GatehouseTesting
import JWT
import ReviewLog
import ReviewTesting
import Testing

@testable import ReviewSync

/// A sleeper that returns at once and records the waits (rate limits, retries, watch intervals).
final class InstantSleeper: ASCSleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []

    func sleep(for duration: Duration) async throws { lock.withLock { recorded.append(duration) } }

    var waits: [Duration] { lock.withLock { recorded } }
}

/// One team on the fake App Store Connect, a store, and a pass between them, on one manual clock.
struct SyncHarness {
    static let key = try! PrivateKey.generate(.ec(.p256))
    static let keyID = "2X9R4HXF34"
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"

    let clock = ManualClock()
    let sleeper = InstantSleeper()
    let fake: FakeAppStoreConnect
    let store: RelationalReviewStore
    let directory: TemporaryDirectory

    init(state: FakeASCState, keys: [FakeASCTokenCheck.Key]? = nil, store kind: StoreKind = .sqlite) throws {
        directory = try TemporaryDirectory()
        fake = try FakeAppStoreConnect(
            keys: keys ?? [.init(keyID: Self.keyID, publicKey: Self.key.publicKey, issuerID: Self.issuerID)],
            state: state, clock: clock)
        store = try kind.makeStore(in: directory)
    }

    func pass(profile: String? = nil, keyID: String = keyID) throws -> SyncPass {
        let credentials = try ASCCredentials(keyID: keyID, issuerID: Self.issuerID, privateKey: Self.key)
        let client = try ASCClient(
            credentials: credentials, baseURL: fake.baseURL, clock: clock, sleeper: sleeper)
        return SyncPass(client: client, store: store, profile: profile, clock: clock)
    }

    /// The RFC 3339 text of the clock's time plus `offset` seconds.
    func date(_ offset: TimeInterval = 0) -> String {
        Timestamp(secondsSince1970: Int64(clock.now().timeIntervalSince1970 + offset)).iso8601
    }

    func timeline(_ app: String, version: String, platform: Platform = .iOS) throws -> VersionTimeline {
        let key = VersionKey(app: app, platform: platform, version: version)
        let events = try store.events(app: app).filter { $0.versionKey == key }
        return VersionTimeline(
            key: key, events: events,
            now: Timestamp(secondsSince1970: Int64(clock.now().timeIntervalSince1970)))
    }
}

@Suite("review sync: a whole review journey against a fake App Store Connect")
struct SyncJourneyTests {
    static let fokus = FakeASCState.App(id: "1000000001", name: "Fokus", bundleID: "com.example.fokus")
    static let lumen = FakeASCState.App(id: "1000000002", name: "Lumen", bundleID: "com.example.lumen")

    static func state() -> FakeASCState {
        FakeASCState(
            apps: [fokus, lumen],
            versions: [
                .init(
                    id: "v-fokus-23", appID: fokus.id, platform: "IOS", versionString: "2.3",
                    appVersionState: "PREPARE_FOR_SUBMISSION", build: .init(id: "b-1", version: "41")),
                .init(
                    id: "v-lumen-10", appID: lumen.id, platform: "MAC_OS", versionString: "1.0",
                    appVersionState: "READY_FOR_DISTRIBUTION"),
            ],
            submissions: [])
    }

    static func setState(_ harness: SyncHarness, _ state: String, version: String = "v-fokus-23") {
        harness.fake.update { fake in
            if let index = fake.versions.firstIndex(where: { $0.id == version }) {
                fake.versions[index].appVersionState = state
            }
        }
    }

    /// Fokus 2.3 submitted `secondsAgo` before the harness's now: a review submission waiting for review whose one
    /// item is the version, and the version's state to match.
    /// - Returns: the submission's `submittedDate`.
    @discardableResult
    static func submitFokus(
        _ harness: SyncHarness, submission: String, item: String, secondsAgo: TimeInterval
    ) -> String {
        let submitted = harness.date(-secondsAgo)
        harness.fake.update { fake in
            fake.submissions.append(
                .init(
                    id: submission, appID: fokus.id, platform: "IOS", submittedDate: submitted,
                    state: "WAITING_FOR_REVIEW", items: [.init(id: item, appStoreVersionID: "v-fokus-23")]))
        }
        setState(harness, "WAITING_FOR_REVIEW")
        return submitted
    }

    @Test(
        "prepare, submit, in review, rejected, resubmitted, approved faster than a poll, released",
        arguments: StoreKind.allCases)
    func journey(_ kind: StoreKind) async throws {
        let harness = try SyncHarness(state: Self.state(), store: kind)
        let pass = try harness.pass()

        // First look: both versions are new; their states were already current, so their start is unknown.
        var report = try await pass.run()
        #expect(report.syncedApps.sorted() == ["Fokus", "Lumen"])
        #expect(report.changes.count == 2)
        #expect(report.changes.allSatisfy { $0.event?.timing == .observed(after: nil) })
        #expect(try harness.store.app(named: "Fokus")?.bundleID == "com.example.fokus")
        #expect(try harness.store.app(named: "Fokus")?.appStoreID == "1000000001")
        #expect(try harness.store.events(app: "Lumen").first?.platform == .macOS)

        // Submitted half an hour before the next look: Waiting for Review at the submission's date, exactly.
        harness.clock.advance(3_600)
        let submitted = Self.submitFokus(harness, submission: "s-1", item: "i-1", secondsAgo: 1_800)
        report = try await pass.run()
        #expect(report.changes.count == 1)
        let waiting = try #require(report.changes.first?.event)
        #expect(waiting.state == .waitingForReview && waiting.timing == .exact)
        #expect(waiting.at.iso8601 == submitted && waiting.ascSubmissionID == "s-1" && waiting.build == "41")
        #expect(report.changes.first?.from == "PREPARE_FOR_SUBMISSION")

        // Unchanged: nothing recorded; Fokus costs 2 requests (versions, and submissions while waiting), Lumen 1.
        harness.clock.advance(300)
        let before = (
            harness.fake.requestCount(path: "/v1/apps/1000000001/appStoreVersions"),
            harness.fake.requestCount(path: "/v1/reviewSubmissions"),
            harness.fake.requestCount(path: "/v1/apps/1000000002/appStoreVersions")
        )
        report = try await pass.run()
        #expect(report.changes.isEmpty)
        #expect(harness.fake.requestCount(path: "/v1/apps/1000000001/appStoreVersions") == before.0 + 1)
        #expect(harness.fake.requestCount(path: "/v1/reviewSubmissions") == before.1 + 1)
        #expect(harness.fake.requestCount(path: "/v1/apps/1000000002/appStoreVersions") == before.2 + 1)
        let lastLook = Timestamp(secondsSince1970: Int64(harness.clock.now().timeIntervalSince1970))

        // In Review, seen 28 h later: observed after the previous look, "~1d 4h" of waiting.
        harness.clock.advance(28 * 3_600)
        Self.setState(harness, "IN_REVIEW")
        report = try await pass.run()
        let inReview = try #require(report.changes.first)
        #expect(inReview.event?.timing == .observed(after: lastLook))
        #expect(inReview.previousPrecision == .approximate)
        #expect((inReview.previousSeconds ?? 0) > 28 * 3_600)

        // Rejected five hours later.
        harness.clock.advance(5 * 3_600)
        Self.setState(harness, "REJECTED")
        report = try await pass.run()
        #expect(report.changes.first?.event?.state == .rejected)

        // Resubmitted: a new submission, a new cycle at its date.
        harness.clock.advance(7_200)
        let resubmitted = Self.submitFokus(harness, submission: "s-2", item: "i-2", secondsAgo: 600)
        report = try await pass.run()
        let second = try #require(report.changes.first?.event)
        #expect(second.at.iso8601 == resubmitted && second.ascSubmissionID == "s-2" && second.timing == .exact)

        // Approved faster than the interval: In Review was never seen, and is not invented.
        harness.clock.advance(9 * 3_600)
        Self.setState(harness, "PENDING_DEVELOPER_RELEASE")
        report = try await pass.run()
        #expect(report.changes.first?.event?.state == .pendingDeveloperRelease)

        harness.clock.advance(3_600)
        Self.setState(harness, "READY_FOR_DISTRIBUTION")
        report = try await pass.run()
        #expect(report.changes.first?.event?.state == .readyForDistribution)

        let timeline = try harness.timeline("Fokus", version: "2.3")
        #expect(timeline.cycles.count == 2)
        let first = timeline.cycles[0]
        #expect(first.decision?.state == .rejected)
        #expect(first.waitingPrecision == .approximate && (first.waitingSeconds ?? 0) > 28 * 3_600)
        let cycle2 = timeline.cycles[1]
        #expect(cycle2.inReviewAt == nil && cycle2.waitingSeconds == nil && cycle2.inReviewSeconds == nil)
        #expect(cycle2.timeToDecisionPrecision == .approximate)
        // Nothing twice: one event per state change the API showed.
        #expect(try harness.store.events(app: "Fokus").count == 7)
        let stats = ReviewStatistics(timelines: [timeline])
        #expect(stats.decided == 2 && stats.timeToDecision.approximate == 2)
        // Last fetched beside last changed.
        let synced = try harness.store.syncedApps().first { $0.app.name == "Fokus" }
        #expect(synced?.lastFetchedAt.secondsSince1970 == Int64(harness.clock.now().timeIntervalSince1970))
        #expect(synced?.lastChangedAt == synced?.lastFetchedAt)
    }

    @Test(
        "a state logged by hand is not recorded again by the sync; a hand-logged app is matched by name",
        arguments: StoreKind.allCases)
    func handLoggedNotDoubleCounted(_ kind: StoreKind) async throws {
        let harness = try SyncHarness(state: Self.state(), store: kind)
        _ = try harness.store.record(
            LogRequest(
                app: "fokus", platform: .iOS, version: "2.3", state: .inReview,
                at: Timestamp(secondsSince1970: Int64(harness.clock.now().timeIntervalSince1970) - 600)))
        Self.setState(harness, "IN_REVIEW")
        let report = try await harness.pass().run(apps: ["com.example.fokus"])
        #expect(report.syncedApps == ["Fokus"])
        #expect(report.changes.count == 1 && report.changes[0].event == nil)
        #expect(try harness.store.events(app: "Fokus").count == 1)
        #expect(try harness.store.appNames() == ["fokus"])
        #expect(try harness.store.app(named: "Fokus")?.appStoreID == "1000000001")
    }

    @Test("a 429 with Retry-After is waited out inside the pass; a 500 then recovery; pagination over pages")
    func limitsAndFailures() async throws {
        var state = Self.state()
        for index in 3...9 {
            state.apps.append(.init(id: "100000000\(index)", name: "App \(index)", bundleID: "com.example.a\(index)"))
        }
        let harness = try SyncHarness(state: state)
        harness.fake.shortPageSize = 3
        harness.fake.inject([.rateLimited(retryAfter: "2")], path: "/v1/apps")
        harness.fake.inject([.serverError(status: 500)], path: "/v1/apps/1000000001/appStoreVersions")
        let report = try await harness.pass().run()
        #expect(report.syncedApps.count == 9)
        #expect(report.failures.isEmpty)
        #expect(harness.sleeper.waits.contains(.seconds(2)))
        #expect(harness.fake.requestCount(path: "/v1/apps") >= 4)
    }

    @Test("a 401 stops the pass as notAuthorized naming the key; a 403 on review submissions is a warning")
    func credentialsRefused() async throws {
        let harness = try SyncHarness(state: Self.state())
        do {
            _ = try await harness.pass(keyID: "ZZZZZZZZZZ").run()
            Issue.record("an unknown key was accepted")
        } catch let error as SyncError {
            #expect(error.code == .notAuthorized)
            #expect(error.reason.contains("ZZZZZZZZZZ"), "\(error.reason)")
        }
        harness.fake.forbidsReviewSubmissions = true
        Self.submitFokus(harness, submission: "s-1", item: "i-1", secondsAgo: 60)
        let report = try await harness.pass().run()
        #expect(report.warnings.contains { $0.contains("cannot read Fokus's review submissions") })
        let waiting = try #require(report.changes.first { $0.key.app == "Fokus" }?.event)
        #expect(waiting.state == .waitingForReview && waiting.timing.isObserved)
    }

    @Test("an app asked for that the key cannot see is appNotFound naming what it sees")
    func unknownApp() async throws {
        let harness = try SyncHarness(state: Self.state())
        do {
            _ = try await harness.pass().run(apps: ["Nope"])
            Issue.record("an unknown app was synced")
        } catch let error as SyncError {
            #expect(error.code == .appNotFound)
            #expect(error.reason.contains("Fokus") && error.reason.contains("Lumen"))
        }
    }

    @Test("with several keys sharing the work, an app one key does not see is listed, not an error")
    func unseenAppWithSeveralKeys() async throws {
        let harness = try SyncHarness(state: Self.state())
        let report = try await harness.pass().run(apps: ["Fokus", "Elsewhere"], requireEveryApp: false)
        #expect(report.syncedApps == ["Fokus"])
        #expect(report.unseenApps == ["Elsewhere"])
    }

    @Test("a state this review does not know is kept in the sync state and shown, never recorded as an event")
    func unknownFutureState() async throws {
        let harness = try SyncHarness(state: Self.state())
        _ = try await harness.pass().run()
        harness.clock.advance(600)
        Self.setState(harness, "WAITING_FOR_SOMETHING_NEW")
        let report = try await harness.pass().run()
        let change = try #require(report.changes.first)
        #expect(change.to == "WAITING_FOR_SOMETHING_NEW" && change.event == nil)
        #expect(try harness.store.events(app: "Fokus").count == 1)
        // Unchanged afterwards: not reported again.
        harness.clock.advance(600)
        #expect(try await harness.pass().run().changes.isEmpty)
    }

    @Test(
        "two profiles: each key's pass is recorded under its profile, the store shared", arguments: StoreKind.allCases)
    func twoProfiles(_ kind: StoreKind) async throws {
        let second = try PrivateKey.generate(.ec(.p256))
        let harness = try SyncHarness(
            state: Self.state(),
            keys: [
                .init(keyID: SyncHarness.keyID, publicKey: SyncHarness.key.publicKey, issuerID: SyncHarness.issuerID),
                .init(keyID: "7Q4M2KZ9PB", publicKey: second.publicKey, issuerID: nil),
            ], store: kind)
        let individual = try ASCClient(
            credentials: ASCCredentials(keyID: "7Q4M2KZ9PB", issuerID: nil, privateKey: second),
            baseURL: harness.fake.baseURL, clock: harness.clock, sleeper: harness.sleeper)
        _ = try await harness.pass(profile: "team").run(apps: ["Fokus"])
        _ = try await SyncPass(client: individual, store: harness.store, profile: "solo", clock: harness.clock).run(
            apps: ["Lumen"])
        let profiles = try harness.store.syncedApps().map { "\($0.app.name):\($0.profile ?? "-")" }
        #expect(profiles == ["Fokus:team", "Lumen:solo"])
    }

    @Test("watch runs passes until stopped, and a failed pass does not stop it")
    func watchStops() async throws {
        let harness = try SyncHarness(state: Self.state())
        let stop = StopFlag()
        let pass = try harness.pass()
        let counter = Counter()
        let watcher = SyncWatcher(passes: [pass], interval: .seconds(5), sleeper: harness.sleeper, stop: stop)
        harness.fake.inject([.unauthorized, .unauthorized, .unauthorized], path: "/v1/apps")
        let rounds = await watcher.run(
            report: { _ in if counter.increment() >= 3 { stop.set() } },
            failure: { _ in _ = counter.failure() })
        #expect(rounds >= 4)
        #expect(counter.failures >= 1)
        #expect(try harness.store.events(app: nil).count == 2)
    }
}

/// A counter the watcher's callbacks share.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var reports = 0
    private var failed = 0

    func increment() -> Int {
        lock.withLock {
            reports += 1; return reports
        }
    }
    func failure() -> Int {
        lock.withLock {
            failed += 1; return failed
        }
    }
    var failures: Int { lock.withLock { failed } }
}

extension SyncJourneyTests {
    @Test("watch records the signing items at its first round, then at most once per signing interval; nil: never")
    func watchSigningInterval() async throws {
        var state = Self.state()
        state.certificates = [
            .init(
                id: "cert-1", name: "Apple Distribution: Example", serialNumber: "1A2B",
                expirationDate: "2031-01-15T09:26:53.000+00:00")
        ]
        for interval in [Duration.seconds(3600), nil] {
            let harness = try SyncHarness(state: state)
            let stop = StopFlag()
            let rounds = Counter()
            let looks = Counter()
            let clock = harness.clock
            let watcher = SyncWatcher(
                passes: [try harness.pass()], interval: .seconds(5), sleeper: harness.sleeper, stop: stop,
                signingInterval: interval)
            // Seven rounds, 20 minutes apart on the passes' clock: at 0, 20, 40, 60, 80, 100 and 120 minutes.
            await watcher.run(
                report: { report in
                    if report.signing != nil { _ = looks.increment() }
                    if rounds.increment() >= 7 { stop.set() }
                    clock.advance(1200)
                }, failure: { _ in })
            let expected = interval == nil ? 0 : 3  // at 0, 60 and 120 minutes
            #expect(looks.increment() - 1 == expected, "\(String(describing: interval))")
            #expect(harness.fake.requestCount(path: "/v1/certificates") == expected)
            #expect(try harness.store.signingItems().count == (interval == nil ? 0 : 1))
        }
    }
}
