import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// Tracks (issue 24): every event on the App Store or the TestFlight track, a TestFlight build its own cycle, on both
/// stores.
@Suite("Tracks: App Store and TestFlight events side by side, never pooled")
struct TrackTests {
    static let at = Timestamp(iso8601: "2026-03-02T09:00:00Z")!

    static func hours(_ count: Int64) -> Timestamp { Timestamp(secondsSince1970: at.secondsSince1970 + count * 3600) }

    static func testFlight(
        _ state: ReviewState, build: String?, version: String? = "2.4", at: Timestamp, app: String = "Fokus"
    ) -> LogRequest {
        LogRequest(app: app, version: version, build: build, state: state, at: at, track: .testFlight)
    }

    @Test(
        "a TestFlight event needs a build and a Beta App Review state; nothing is stored otherwise",
        arguments: StoreKind.allCases)
    func testFlightRules(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        #expect {
            try store.record(Self.testFlight(.waitingForReview, build: nil, at: Self.hours(0)))
        } throws: { ($0 as? ReviewError)?.code == .invalidValue && "\($0)".contains("build number") }
        #expect {
            try store.record(Self.testFlight(.pendingDeveloperRelease, build: "118", at: Self.hours(0)))
        } throws: { ($0 as? ReviewError)?.code == .invalidValue && "\($0)".contains("not a Beta App Review state") }
        #expect(try store.events(app: nil).isEmpty)
    }

    @Test(
        "the key holds the track and the TestFlight build: two builds, and both tracks, at one time are four events",
        arguments: StoreKind.allCases)
    func keys(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let first = try store.record(Self.testFlight(.approved, build: "118", at: Self.hours(1)))
        let second = try store.record(Self.testFlight(.approved, build: "119", at: Self.hours(1)))
        let again = try store.record(Self.testFlight(.approved, build: "119", at: Self.hours(1)))
        let appStore = try store.record(
            LogRequest(app: "Fokus", version: "2.4", build: "118", state: .approved, at: Self.hours(1)))
        // The App Store key is as before tracks: the build is not part of it.
        let otherBuild = try store.record(
            LogRequest(app: "Fokus", version: "2.4", build: "119", state: .approved, at: Self.hours(1)))
        #expect(first.inserted && second.inserted && appStore.inserted)
        #expect(!again.inserted && again.event.id == second.event.id)
        #expect(!otherBuild.inserted && otherBuild.event.id == appStore.event.id)
        let events = try store.events(app: "Fokus")
        #expect(events.map(\.track) == [.testFlight, .testFlight, .appStore])
        #expect(events.map(\.build) == ["118", "119", "118"])
    }

    @Test(
        "the latest version and the previous event are the track's own, and on TestFlight the build's",
        arguments: StoreKind.allCases)
    func perTrack(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        _ = try store.record(LogRequest(app: "Fokus", version: "2.3", state: .waitingForReview, at: Self.hours(0)))
        _ = try store.record(Self.testFlight(.waitingForReview, build: "118", at: Self.hours(1)))
        _ = try store.record(Self.testFlight(.waitingForReview, build: "119", at: Self.hours(2)))
        // No version given: the App Store track's latest is 2.3, the TestFlight one's 2.4.
        let appStore = try store.record(LogRequest(app: "Fokus", state: .inReview, at: Self.hours(3)))
        #expect(appStore.event.version == "2.3" && appStore.event.track == .appStore)
        #expect(appStore.previous?.state == .waitingForReview && appStore.previous?.track == .appStore)
        let build = try store.record(Self.testFlight(.inReview, build: "118", version: nil, at: Self.hours(4)))
        #expect(build.event.version == "2.4")
        // The previous event of build 118 is its own Waiting for Review at 1 h, not build 119's at 2 h.
        #expect(build.previous?.build == "118" && build.previous?.at == Self.hours(1))
        // An app with App Store events only has no TestFlight version to take.
        _ = try store.record(LogRequest(app: "Lumen", version: "1.0", state: .waitingForReview, at: Self.hours(0)))
        #expect {
            try store.record(
                Self.testFlight(.waitingForReview, build: "1", version: nil, at: Self.hours(5), app: "Lumen"))
        } throws: { ($0 as? ReviewError)?.code == .versionRequired && "\($0)".contains("TestFlight events") }
    }

    @Test(
        "a TestFlight timeline is a cycle per build; a build first seen approved without a submission is approved without review"
    )
    func cyclesPerBuild() throws {
        let app = App(name: "Fokus")
        func event(_ id: Int64, _ build: String, _ state: ReviewState, _ hour: Int64, submission: String? = "s")
            -> ReviewEvent
        {
            ReviewEvent(
                id: id, app: app, platform: .iOS, version: "2.4", build: build, state: state, at: Self.hours(hour),
                ascSubmissionID: submission, track: .testFlight)
        }
        let events = [
            event(1, "119", .waitingForReview, 0), event(2, "119", .inReview, 5), event(3, "120", .waitingForReview, 6),
            event(4, "119", .rejected, 7), event(5, "120", .approved, 9),
            event(6, "121", .approved, 20, submission: nil),
            event(7, "122", .approved, 21),
        ]
        let timelines = VersionTimeline.timelines(of: events, now: Self.hours(30))
        #expect(timelines.count == 1 && timelines[0].key.track == .testFlight)
        let cycles = timelines[0].cycles
        #expect(cycles.map(\.build) == ["119", "120", "121", "122"])
        #expect(cycles.map(\.number) == [1, 2, 3, 4])
        // Build 119's span of In Review ends at its own rejection, not at build 120's event in between.
        let hour: Int64 = 3600
        #expect(cycles[0].spans.map(\.seconds) == [5 * hour, 2 * hour, 23 * hour])
        #expect(cycles[0].timeToDecisionSeconds == 7 * 3600 && cycles[0].decision?.state == .rejected)
        #expect(cycles[1].timeToDecisionSeconds == 3 * 3600 && cycles[1].waitingSeconds == nil)
        #expect(cycles[2].isApprovedWithoutReview && cycles[2].timeToDecisionSeconds == nil && !cycles[2].isOpen)
        // Its submission first seen approved: reviewed, durations unknown.
        #expect(!cycles[3].isApprovedWithoutReview && cycles[3].decision != nil && cycles[3].start == nil)
        let stats = ReviewStatistics(timelines: timelines, track: .testFlight)
        #expect(stats.reviewed == 3 && stats.rejected == 1 && stats.approvedWithoutReview == 1)
        #expect(stats.cycles == 2 && stats.timeToDecision.count == 2)
        // The App Store figures never take them in, nor do the comparisons with Apple's claim.
        #expect(ReviewStatistics(timelines: timelines).cycles == 0)
        #expect(OpenCycleComparison.decidedSeconds(in: timelines).isEmpty)
    }

    @Test("App Store cycles are the same with TestFlight events beside them")
    func appStoreUnchanged() throws {
        let app = App(name: "Fokus")
        let appStore = [
            ReviewEvent(id: 1, app: app, platform: .iOS, version: "2.4", state: .waitingForReview, at: Self.hours(0)),
            ReviewEvent(id: 3, app: app, platform: .iOS, version: "2.4", state: .inReview, at: Self.hours(10)),
            ReviewEvent(id: 5, app: app, platform: .iOS, version: "2.4", state: .rejected, at: Self.hours(12)),
        ]
        let testFlight = [
            ReviewEvent(
                id: 2, app: app, platform: .iOS, version: "2.4", build: "1", state: .waitingForReview,
                at: Self.hours(1), track: .testFlight),
            ReviewEvent(
                id: 4, app: app, platform: .iOS, version: "2.4", build: "1", state: .approved, at: Self.hours(11),
                track: .testFlight),
        ]
        let alone = VersionTimeline.timelines(of: appStore, now: Self.hours(20))
        let mixed = VersionTimeline.timelines(of: (appStore + testFlight).sorted { $0.id < $1.id }, now: Self.hours(20))
        #expect(mixed.filter { $0.key.track == .appStore } == alone)
        #expect(ReviewStatistics(timelines: mixed) == ReviewStatistics(timelines: alone))
        #expect(OpenCycleComparison.decidedSeconds(in: mixed) == [12 * 3600])
    }

    @Test(
        "export and import carry the track and the build id; a file without them is App Store events",
        arguments: StoreKind.allCases)
    func interchange(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        _ = try store.record(LogRequest(app: "Fokus", version: "2.3", state: .waitingForReview, at: Self.hours(0)))
        _ = try store.importEvents([
            ReviewEvent(
                id: 0, app: App(name: "Fokus"), platform: .iOS, version: "2.4", build: "118", state: .approved,
                at: Self.hours(2), source: .sync, timing: .observed(after: Self.hours(1)), ascSubmissionID: "s-1",
                track: .testFlight, ascBuildID: "b-118")
        ])
        let events = try store.events(app: nil)
        // The App Store event alone writes as before tracks; with tracks asked for, every event has them.
        #expect(!EventInterchange.csv([events[0]]).contains("track"))
        #expect(!EventInterchange.json([events[0]]).contains("\"track\""))
        #expect(EventInterchange.jsonObject(events[1]).contains("\"track\": \"testflight\", \"ascBuildId\": \"b-118\""))
        for format in [InterchangeFormat.csv, .json] {
            let text = format == .csv ? EventInterchange.csv(events) : EventInterchange.json(events, withTracks: true)
            let read = try EventInterchange.events(from: Array(text.utf8), format: format, name: "export")
            #expect(read.map(\.track) == [.appStore, .testFlight], "\(format)")
            #expect(read.map(\.ascBuildID) == [nil, "b-118"], "\(format)")
            let copy = try kind.makeStore(in: directory)
            _ = try copy.importEvents(read)
            #expect(
                try copy.events(app: nil).map { [$0.track.rawValue, $0.build ?? "", $0.state.rawValue] }
                    == events.map {
                        [$0.track.rawValue, $0.build ?? "", $0.state.rawValue]
                    })
        }
        // A hand-written CSV without the track column is App Store events; an unknown track is refused by name.
        let plain = "app,version,state,at\r\nFokus,3.0,WAITING_FOR_REVIEW,2026-03-01T00:00:00Z\r\n"
        #expect(
            try EventInterchange.events(from: Array(plain.utf8), format: .csv, name: "f").map(\.track) == [.appStore])
        let unknown = "app,version,build,state,at,track\r\nFokus,3.0,1,APPROVED,2026-03-01T00:00:00Z,beta\r\n"
        #expect {
            try EventInterchange.events(from: Array(unknown.utf8), format: .csv, name: "f")
        } throws: { "\($0)".contains("unknown track \"beta\"") }
        let noBuild = "app,version,state,at,track\r\nFokus,3.0,APPROVED,2026-03-01T00:00:00Z,testflight\r\n"
        #expect {
            try EventInterchange.events(from: Array(noBuild.utf8), format: .csv, name: "f")
        } throws: { ($0 as? ReviewError)?.code == .malformedImport && "\($0)".contains("build number") }
    }

    @Test(
        "a synced build: Waiting for Review at its submittedDate exactly, later states observed, unknown values kept",
        arguments: StoreKind.allCases)
    func syncedBuilds(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        func look(_ hour: Int64, _ builds: [SyncedBuild]) throws -> [SyncChange] {
            try store.applySync(
                SyncedApp(
                    ascID: "1600000000", name: "Fokus", bundleID: "com.example.fokus", fetchedAt: Self.hours(hour),
                    versions: [], testFlight: SyncedTestFlight(builds: builds)))
        }
        func build(_ number: String, review: String?, external: String?, submitted: Int64? = nil) -> SyncedBuild {
            SyncedBuild(
                ascID: "b-\(number)", platform: .iOS, version: "2.4", build: number, uploadedAt: Self.hours(0),
                reviewState: review, externalState: external,
                submission: submitted.map { SyncedSubmission(ascID: "s-\(number)", submittedAt: Self.hours($0)) })
        }
        _ = try store.addChannel(NotificationChannel(kind: .webhook, url: "https://example.com/hook"))
        // First look: 119 waiting since 1 h; 120 already in review (submitted at 2 h); 121 approved, no submission;
        // 122 in a state Apple may add later; 123 ready to submit, a documented state kept in the sync state.
        let first = try look(
            10,
            [
                build("119", review: "WAITING_FOR_REVIEW", external: "WAITING_FOR_BETA_REVIEW", submitted: 1),
                build("120", review: "IN_REVIEW", external: "IN_BETA_REVIEW", submitted: 2),
                build("121", review: nil, external: "IN_BETA_TESTING"),
                build("122", review: "ON_HOLD", external: "SOMETHING_NEW"),
                build("123", review: nil, external: "READY_FOR_BETA_SUBMISSION"),
            ])
        #expect(first.map(\.build) == ["119", "120", "121", "122", "123"])
        #expect(first[3].event == nil && first[3].to == "ON_HOLD")
        var events = try store.events(app: "Fokus")
        #expect(events.allSatisfy { $0.track == .testFlight && $0.source == .sync })
        #expect(
            events.map { "\($0.build!) \($0.state.rawValue)" } == [
                "119 WAITING_FOR_REVIEW", "120 WAITING_FOR_REVIEW", "120 IN_REVIEW", "121 APPROVED",
            ])
        #expect(events[0].at == Self.hours(1) && events[0].timing == .exact && events[0].ascSubmissionID == "s-119")
        #expect(events[2].at == Self.hours(10) && events[2].timing == .observed(after: nil))
        #expect(events[3].ascSubmissionID == nil && events[3].ascBuildID == "b-121")
        #expect(try store.testFlightLook(ascAppID: "1600000000").openBuildIDs == ["b-119", "b-120"])
        #expect(try store.syncedBuilds().first { $0.build.build == "122" }?.build.reviewState == "ON_HOLD")
        #expect(try store.syncedBuilds().count == 5)
        // Notified on the first look: the builds in review only, not 121's approval of an unknown time.
        let notified = Set(try store.notifications(statuses: [.pending]).map(\.eventID))
        #expect(notified == Set(events.filter { $0.build != "121" }.map(\.id)))
        // The same look again records nothing.
        #expect(
            try look(
                11, [build("119", review: "WAITING_FOR_REVIEW", external: "WAITING_FOR_BETA_REVIEW", submitted: 1)]
            ).isEmpty)
        // 119 went in review and was approved between two looks: Approved, observed after the last look; no In Review
        // is invented.
        _ = try look(
            20,
            [build("119", review: "APPROVED", external: "BETA_APPROVED", submitted: 1)])
        events = try store.events(app: "Fokus")
        let approval = try #require(events.last)
        #expect(
            approval.build == "119" && approval.state == .approved
                && approval.timing == .observed(after: Self.hours(11)))
        #expect(try store.notifications(statuses: [.pending]).contains { $0.eventID == approval.id })
        #expect(!events.contains { $0.build == "119" && $0.state == .inReview })
        #expect(
            try store.testFlightLook(ascAppID: "1600000000")
                == TestFlightLook(lastLook: Self.hours(20), openBuildIDs: ["b-120"]))
        let timeline = VersionTimeline.timelines(of: events, now: Self.hours(30))
        let stats = ReviewStatistics(timelines: timeline, track: .testFlight)
        #expect(stats.reviewed == 1 && stats.approvedWithoutReview == 1 && stats.open == 1)
        // A look that did not read TestFlight (nil) keeps the last look.
        _ = try store.applySync(
            SyncedApp(
                ascID: "1600000000", name: "Fokus", bundleID: "com.example.fokus", fetchedAt: Self.hours(25),
                versions: []))
        #expect(try store.testFlightLook(ascAppID: "1600000000").lastLook == Self.hours(20))
    }

    @Test(
        "a channel takes the tracks it was given, both by default; reminders are the App Store's",
        arguments: StoreKind.allCases)
    func channelTracks(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let both = try store.addChannel(NotificationChannel(kind: .webhook, url: "https://example.com/both"))
        let beta = try store.addChannel(
            NotificationChannel(kind: .slack, url: "https://hooks.slack.com/services/x", tracks: [.testFlight]))
        #expect(try store.channels().map(\.tracks) == [[], [.testFlight]])
        let appStore = try store.record(
            LogRequest(app: "Fokus", version: "2.4", state: .waitingForReview, at: Self.hours(0)))
        let build = try store.record(Self.testFlight(.waitingForReview, build: "118", at: Self.hours(1)))
        let queued = try store.notifications(statuses: [.pending]).map { [$0.channel.id, $0.eventID] }
        #expect(
            Set(queued) == [[both.id, appStore.event.id], [both.id, build.event.id], [beta.id, build.event.id]])
        // Days later, both still waiting: one App Store reminder per threshold, none for the build.
        let reminders = try store.recordReminders(now: Self.hours(24 * 5))
        #expect(reminders >= 1)
        #expect(
            try store.notifications(statuses: [.pending]).filter { $0.kind != .stateChange }.allSatisfy {
                $0.eventID == appStore.event.id
            })
    }
}
