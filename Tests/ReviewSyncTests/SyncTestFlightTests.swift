import AppStoreConnect
import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

@testable import ReviewSync

/// The sync pass's TestFlight side (issue 24) against the fake App Store Connect over loopback: builds moved through
/// Beta App Review, how far back a look reads, its request budget, and the builds the key cannot read.
@Suite("review sync: TestFlight builds and their Beta App Review")
struct SyncTestFlightTests {
    static let fokus = SyncJourneyTests.fokus
    static let version24 = FakeASCState.PreReleaseVersion(id: "prv-24", version: "2.4", platform: "IOS")

    /// Fokus (App Store 2.3 and TestFlight builds) and Lumen (App Store only, no build).
    static func state(builds: [FakeASCState.TestFlightBuild] = []) -> FakeASCState {
        var state = SyncJourneyTests.state()
        state.testFlightBuilds = builds
        return state
    }

    /// A Fokus build of 2.4, uploaded `secondsAgo` before the harness's now, ready for submission.
    static func build(
        _ number: String, _ harness: SyncHarness, secondsAgo: TimeInterval,
        version: FakeASCState.PreReleaseVersion = version24
    ) -> FakeASCState.TestFlightBuild {
        FakeASCState.TestFlightBuild(
            id: "tf-\(number)", appID: fokus.id, version: number, uploadedDate: harness.date(-secondsAgo),
            preReleaseVersion: version)
    }

    /// Submits a build `secondsAgo` before the harness's now: Waiting for Review, its submission's date that time.
    /// - Returns: the `submittedDate`.
    @discardableResult
    static func submit(_ id: String, _ harness: SyncHarness, secondsAgo: TimeInterval) -> String {
        let submitted = harness.date(-secondsAgo)
        harness.fake.update {
            $0.setBetaReviewState(id, "WAITING_FOR_REVIEW", submittedDate: submitted)
            $0.setExternalBuildState(id, "WAITING_FOR_BETA_REVIEW")
        }
        return submitted
    }

    static func move(_ id: String, _ harness: SyncHarness, review: String, external: String) {
        harness.fake.update {
            $0.setBetaReviewState(id, review)
            $0.setExternalBuildState(id, external)
        }
    }

    static func now(_ harness: SyncHarness) -> Timestamp {
        Timestamp(secondsSince1970: Int64(harness.clock.now().timeIntervalSince1970))
    }

    /// The TestFlight changes of a report, by build number.
    static func changes(_ report: SyncReport) -> [String: SyncChange] {
        Dictionary(
            report.changes.filter { $0.key.track == .testFlight }.map { ($0.build ?? "?", $0) },
            uniquingKeysWith: { first, _ in first })
    }

    static func buildRequests(_ harness: SyncHarness) -> Int { harness.fake.requestCount(path: "/v1/builds") }

    @Test(
        "Beta App Review: waiting at submittedDate, in review, rejected, approved, without review; unknown kept",
        arguments: StoreKind.allCases)
    func journey(_ kind: StoreKind) async throws {
        let harness = try SyncHarness(state: Self.state(), store: kind)
        harness.fake.update { $0.testFlightBuilds = [Self.build("119", harness, secondsAgo: 86_400)] }
        let pass = try harness.pass()

        // First look: build 119 is ready for submission, a value kept in the sync state, never an event.
        var report = try await pass.run()
        var change = try #require(Self.changes(report)["119"])
        #expect(change.key == VersionKey(app: "Fokus", platform: .iOS, version: "2.4", track: .testFlight))
        #expect(change.from == nil && change.to == "READY_FOR_BETA_SUBMISSION" && change.event == nil)
        #expect(report.warnings.isEmpty, "\(report.warnings)")

        // Submitted half an hour before the next look: Waiting for Review at the submission's date, exactly.
        harness.clock.advance(3_600)
        let submitted = Self.submit("tf-119", harness, secondsAgo: 1_800)
        report = try await pass.run()
        change = try #require(Self.changes(report)["119"])
        var event = try #require(change.event)
        #expect(event.state == .waitingForReview && event.timing == .exact && event.at.iso8601 == submitted)
        #expect(event.track == .testFlight && event.build == "119" && event.version == "2.4")
        #expect(event.ascBuildID == "tf-119" && event.ascSubmissionID == "bars-tf-119")
        #expect(change.from == "READY_FOR_BETA_SUBMISSION" && change.to == "WAITING_FOR_REVIEW")

        // Nothing new: nothing recorded, one TestFlight request per app (Fokus and Lumen).
        harness.clock.advance(600)
        var before = Self.buildRequests(harness)
        report = try await pass.run()
        #expect(report.changes.isEmpty)
        #expect(Self.buildRequests(harness) == before + 2)
        let lastLook = Self.now(harness)

        // In review five hours later: observed after the previous look.
        harness.clock.advance(5 * 3_600)
        Self.move("tf-119", harness, review: "IN_REVIEW", external: "IN_BETA_REVIEW")
        report = try await pass.run()
        change = try #require(Self.changes(report)["119"])
        event = try #require(change.event)
        #expect(event.state == .inReview && event.timing == .observed(after: lastLook))
        #expect(change.previousPrecision == .approximate && (change.previousSeconds ?? 0) > 5 * 3_600)

        // Rejected three hours later.
        harness.clock.advance(3 * 3_600)
        Self.move("tf-119", harness, review: "REJECTED", external: "BETA_REJECTED")
        report = try await pass.run()
        #expect(Self.changes(report)["119"]?.event?.state == .rejected)

        // Build 120 uploaded and submitted: waiting at its date.
        harness.clock.advance(3_600)
        harness.fake.update { $0.testFlightBuilds.append(Self.build("120", harness, secondsAgo: 1_200)) }
        let submitted120 = Self.submit("tf-120", harness, secondsAgo: 900)
        report = try await pass.run()
        event = try #require(Self.changes(report)["120"]?.event)
        #expect(event.state == .waitingForReview && event.timing == .exact && event.at.iso8601 == submitted120)
        #expect(Self.changes(report)["119"] == nil, "an unchanged build was reported")

        // In review and approved between two passes: In Review came and went, and is not invented.
        harness.clock.advance(2 * 3_600)
        Self.move("tf-120", harness, review: "IN_REVIEW", external: "IN_BETA_REVIEW")
        Self.move("tf-120", harness, review: "APPROVED", external: "BETA_APPROVED")
        report = try await pass.run()
        event = try #require(Self.changes(report)["120"]?.event)
        #expect(event.state == .approved && event.timing.isObserved)

        // Build 121 of the same pre-release version, approved without a review (no submission); build 122 with a
        // Beta App Review state Apple adds later, build 123 with such an external build state.
        harness.clock.advance(3_600)
        harness.fake.update { fake in
            fake.testFlightBuilds += [
                Self.build("121", harness, secondsAgo: 1_800), Self.build("122", harness, secondsAgo: 1_700),
                Self.build("123", harness, secondsAgo: 1_600),
            ]
            fake.setExternalBuildState("tf-121", "BETA_APPROVED")
            fake.setBetaReviewState("tf-122", "WAITING_FOR_SOMETHING_NEW", submittedDate: harness.date(-1_000))
            fake.setExternalBuildState("tf-122", "SOMETHING_NEW")
            fake.setExternalBuildState("tf-123", "BETA_SOMETHING_NEW")
        }
        report = try await pass.run()
        let changes = Self.changes(report)
        event = try #require(changes["121"]?.event)
        #expect(event.state == .approved && event.timing.isObserved && event.ascSubmissionID == nil)
        #expect(changes["122"]?.to == "WAITING_FOR_SOMETHING_NEW" && changes["122"]?.event == nil)
        #expect(changes["123"]?.to == "BETA_SOMETHING_NEW" && changes["123"]?.event == nil)
        let builds = try harness.store.syncedBuilds()
        let kept = try #require(builds.first { $0.build.ascID == "tf-122" })
        #expect(kept.build.reviewState == "WAITING_FOR_SOMETHING_NEW" && kept.build.externalState == "SOMETHING_NEW")
        #expect(builds.first { $0.build.ascID == "tf-123" }?.build.externalState == "BETA_SOMETHING_NEW")
        #expect(builds.count == 5)

        // Unchanged afterwards: the unknown values are not reported again.
        harness.clock.advance(600)
        before = Self.buildRequests(harness)
        #expect(try await pass.run().changes.isEmpty)
        #expect(Self.buildRequests(harness) == before + 2)

        // One event per state the API showed: 119 three, 120 two, 121 one; none for 122 and 123.
        let testFlight = try harness.store.events(app: "Fokus").filter { $0.track == .testFlight }
        #expect(
            testFlight.map { "\($0.build ?? "?"):\($0.state.rawValue)" }.sorted() == [
                "119:IN_REVIEW", "119:REJECTED", "119:WAITING_FOR_REVIEW", "120:APPROVED", "120:WAITING_FOR_REVIEW",
                "121:APPROVED",
            ])
        #expect(!testFlight.contains { $0.state == .inReview && $0.build == "120" })
        let key = VersionKey(app: "Fokus", platform: .iOS, version: "2.4", track: .testFlight)
        let timeline = VersionTimeline(key: key, events: testFlight, now: Self.now(harness))
        #expect(timeline.cycles.count == 3)
        #expect(
            timeline.cycles[0].waitingPrecision == .approximate && (timeline.cycles[0].waitingSeconds ?? 0) > 5 * 3_600)
        #expect(timeline.cycles[2].isApprovedWithoutReview)
        let statistics = ReviewStatistics(timelines: [timeline], track: .testFlight)
        #expect(statistics.reviewed == 2 && statistics.rejected == 1 && statistics.approvedWithoutReview == 1)
        // The App Store track is as it was: Fokus 2.3's one event of the first look.
        #expect(try harness.store.events(app: "Fokus").filter { $0.track == .appStore }.count == 1)
        #expect(ReviewStatistics(timelines: [timeline]).cycles == 0, "a TestFlight cycle counted on the App Store")
    }

    @Test(
        "a build that stays open while 250 newer builds are uploaded is still followed: by paging, then by filter[id]")
    func openBuildFollowed() async throws {
        let harness = try SyncHarness(state: Self.state())
        harness.fake.update { $0.testFlightBuilds = [Self.build("100", harness, secondsAgo: 7_200)] }
        Self.submit("tf-100", harness, secondsAgo: 3_600)
        let pass = try harness.pass()
        _ = try await pass.run(apps: ["Fokus"])
        #expect(Self.buildRequests(harness) == 1, "the first look reads the first page only")

        // 250 newer builds, all uploaded after the last look; build 100 now in review.
        harness.clock.advance(3_600)
        harness.fake.update { fake in
            for index in 1...250 {
                fake.testFlightBuilds.append(Self.build(String(200 + index), harness, secondsAgo: Double(index)))
            }
        }
        Self.move("tf-100", harness, review: "IN_REVIEW", external: "IN_BETA_REVIEW")
        var before = harness.fake.requests(path: "/v1/builds").count
        var report = try await pass.run(apps: ["Fokus"])
        // Page one holds 200 builds newer than the last look, so page two is read: build 100 is on it.
        var requests = harness.fake.requests(path: "/v1/builds").dropFirst(before)
        #expect(requests.count == 2, "\(requests.map(\.query))")
        #expect(requests.allSatisfy { !Self.query($0).contains("filter[id]") })
        #expect(Self.changes(report)["100"]?.event?.state == .inReview)
        #expect(Self.changes(report).count == 251)

        // Approved: page one no longer shows it and holds older builds only, so it is read by its ID.
        harness.clock.advance(3_600)
        Self.move("tf-100", harness, review: "APPROVED", external: "BETA_APPROVED")
        before = harness.fake.requests(path: "/v1/builds").count
        report = try await pass.run(apps: ["Fokus"])
        requests = harness.fake.requests(path: "/v1/builds").dropFirst(before)
        #expect(requests.count == 2, "\(requests.map(\.query))")
        let byID = Self.query(try #require(requests.last))
        #expect(byID.contains("filter[id]=tf-100") && !byID.contains("filter[app]"), "\(byID)")
        #expect(Self.changes(report).keys.sorted() == ["100"])
        #expect(Self.changes(report)["100"]?.event?.state == .approved)

        // Decided: no longer followed; nothing changed costs the first page only.
        harness.clock.advance(3_600)
        before = harness.fake.requests(path: "/v1/builds").count
        report = try await pass.run(apps: ["Fokus"])
        #expect(report.changes.isEmpty)
        #expect(harness.fake.requests(path: "/v1/builds").count == before + 1)
    }

    static func query(_ request: LoopbackRequest) -> String { request.query.removingPercentEncoding ?? request.query }

    @Test("nothing changed: exactly one TestFlight request per app and pass, whatever the platforms")
    func budget() async throws {
        let harness = try SyncHarness(state: Self.state())
        let mac = FakeASCState.PreReleaseVersion(id: "prv-mac", version: "2.4", platform: "MAC_OS")
        harness.fake.update {
            $0.testFlightBuilds = [
                Self.build("119", harness, secondsAgo: 7_200),
                Self.build("300", harness, secondsAgo: 3_600, version: mac),
            ]
        }
        Self.submit("tf-119", harness, secondsAgo: 1_800)
        Self.submit("tf-300", harness, secondsAgo: 1_200)
        let pass = try harness.pass()
        let first = try await pass.run()
        #expect(Set(Self.changes(first).values.map(\.key.platform)) == [.iOS, .macOS])
        for _ in 0..<3 {
            harness.clock.advance(300)
            let before = (Self.buildRequests(harness), harness.fake.totalRequests)
            let report = try await pass.run()
            #expect(report.changes.isEmpty && report.warnings.isEmpty, "\(report.warnings)")
            #expect(Self.buildRequests(harness) == before.0 + 2, "Fokus and Lumen: one each")
            // The app list, two version lists, two TestFlight pages: two requests per app and one for the list.
            #expect(harness.fake.totalRequests == before.1 + 5)
        }
    }

    @Test(
        "a 403 or 404 on TestFlight is a warning naming the key and the fix; App Store states recorded, look kept",
        arguments: [FakeASCFault.forbidden(code: "FORBIDDEN_ERROR"), .notFound])
    func unreachable(_ fault: FakeASCFault) async throws {
        let harness = try SyncHarness(state: Self.state())
        harness.fake.update { $0.testFlightBuilds = [Self.build("119", harness, secondsAgo: 7_200)] }
        Self.submit("tf-119", harness, secondsAgo: 3_600)
        let pass = try harness.pass()
        _ = try await pass.run()
        let look = try harness.store.testFlightLook(ascAppID: Self.fokus.id)
        #expect(look.lastLook == Self.now(harness) && look.openBuildIDs == ["tf-119"])

        harness.clock.advance(3_600)
        harness.fake.testFlightFault = fault
        SyncJourneyTests.setState(harness, "WAITING_FOR_REVIEW")
        Self.move("tf-119", harness, review: "IN_REVIEW", external: "IN_BETA_REVIEW")
        let report = try await pass.run()
        #expect(report.failures.isEmpty && report.syncedApps.sorted() == ["Fokus", "Lumen"])
        #expect(report.changes.map(\.key.track) == [.appStore], "\(report.changes)")
        #expect(report.changes.first?.event?.state == .waitingForReview)
        let warning = try #require(report.warnings.first { $0.contains("TestFlight") }, "\(report.warnings)")
        #expect(warning.contains("the key \(SyncHarness.keyID) cannot read Fokus's TestFlight builds"), "\(warning)")
        #expect(warning.contains("App Manager or Admin") && warning.contains("App Store states are synced"))
        #expect(CommandLineAdvice.found(in: warning) == nil, "a library warning names review's flags: \(warning)")
        #expect(report.warnings.filter { $0.contains("TestFlight") }.count == 2, "one per app: \(report.warnings)")
        #expect(try harness.store.testFlightLook(ascAppID: Self.fokus.id) == look, "the last look was not kept")

        // Readable again: the state is recorded, observed since the look before the refusal.
        harness.clock.advance(3_600)
        harness.fake.testFlightFault = nil
        let after = try await pass.run()
        let event = try #require(Self.changes(after)["119"]?.event)
        #expect(event.state == .inReview && event.timing == .observed(after: look.lastLook))
    }

    @Test("any other TestFlight failure (503 after the retries) is a warning too: the App Store states are recorded")
    func unavailable() async throws {
        let harness = try SyncHarness(state: Self.state())
        harness.fake.update { $0.testFlightBuilds = [Self.build("119", harness, secondsAgo: 7_200)] }
        harness.fake.testFlightFault = .serverError(status: 503)
        let report = try await harness.pass().run()
        #expect(report.failures.isEmpty && report.syncedApps.count == 2)
        #expect(report.changes.count == 2 && report.changes.allSatisfy { $0.key.track == .appStore })
        let warning = try #require(
            report.warnings.first { $0.hasPrefix("Fokus's TestFlight builds could not be read (") },
            "\(report.warnings)")
        #expect(warning.contains("App Store states are synced"), "\(warning)")
        #expect(CommandLineAdvice.found(in: warning) == nil, "a library warning names review's flags: \(warning)")
        #expect(try harness.store.syncedBuilds().isEmpty)
        #expect(try harness.store.testFlightLook(ascAppID: Self.fokus.id).lastLook == nil)
    }

    @Test("TestFlight left out: no TestFlight request from a pass, a run or a watcher; the store's builds kept")
    func leftOut() async throws {
        let harness = try SyncHarness(state: Self.state())
        harness.fake.update { $0.testFlightBuilds = [Self.build("119", harness, secondsAgo: 7_200)] }
        let pass = try harness.pass()
        let report = try await pass.run(apps: [], requireEveryApp: true, testFlight: false)
        #expect(report.syncedApps.count == 2 && report.changes.count == 2)
        let run = try await SyncRun(store: harness.store, passes: [pass], clock: harness.clock, testFlight: false).run()
        #expect(run.firstFailure == nil)
        let stop = StopFlag()
        let watcher = SyncWatcher(
            passes: [pass], interval: .seconds(5), sleeper: harness.sleeper, stop: stop, testFlight: false)
        await watcher.run(report: { _ in stop.set() }, failure: { _ in })
        #expect(Self.buildRequests(harness) == 0)
        #expect(try harness.store.syncedBuilds().isEmpty)
        #expect(try harness.store.testFlightLook(ascAppID: Self.fokus.id).lastLook == nil)

        // On by default: the run and the watcher read the builds.
        _ = try await SyncRun(store: harness.store, passes: [pass], clock: harness.clock).run()
        #expect(Self.buildRequests(harness) == 2)
        let again = StopFlag()
        await SyncWatcher(passes: [pass], interval: .seconds(5), sleeper: harness.sleeper, stop: again).run(
            report: { _ in again.set() }, failure: { _ in })
        #expect(Self.buildRequests(harness) == 4)
        #expect(try harness.store.syncedBuilds().map(\.build.ascID) == ["tf-119"])
    }

    @Test(
        "builds without a pre-release version, of an unknown platform, or with unstorable values: skipped, warned"
    )
    func skippedBuilds() async throws {
        let harness = try SyncHarness(state: Self.state())
        let watch = FakeASCState.PreReleaseVersion(id: "prv-w", version: "2.4", platform: "WATCH_OS")
        let spaced = FakeASCState.PreReleaseVersion(id: "prv-s", version: "2.4\u{1B}[31m beta", platform: "IOS")
        harness.fake.update {
            var orphan = Self.build("118", harness, secondsAgo: 900)
            orphan.preReleaseVersion = nil
            $0.testFlightBuilds = [
                orphan, Self.build("119", harness, secondsAgo: 800, version: watch),
                Self.build("120", harness, secondsAgo: 700, version: spaced),
                Self.build("121", harness, secondsAgo: 600),
            ]
        }
        let report = try await harness.pass().run()
        #expect(Self.changes(report).keys.sorted() == ["121"])
        #expect(report.warnings.contains("Fokus TestFlight build tf-118 (118): no pre-release version; skipped"))
        #expect(
            report.warnings.contains(
                "Fokus TestFlight build tf-119 (119): platform WATCH_OS is not one this review knows; skipped"))
        let escaped = try #require(report.warnings.first { $0.hasPrefix("Fokus TestFlight build tf-120: ") })
        #expect(escaped.contains("\\u001b[31m") && !escaped.contains("\u{1B}"), "\(escaped)")
        #expect(try harness.store.syncedBuilds().map(\.build.ascID) == ["tf-121"])
    }
}
