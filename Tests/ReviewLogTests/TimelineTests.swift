import Testing

@testable import ReviewLog

/// Builds events of one version at given offsets (hours) from a base instant.
struct EventBuilder {
    static let base = Timestamp(iso8601: "2020-03-15T10:00:00+09:00")!
    var app = "PriLingo"
    var version = "1.0"
    private(set) var events: [ReviewEvent] = []

    var key: VersionKey { VersionKey(app: app, platform: .iOS, version: version) }

    func time(hours: Double) -> Timestamp {
        Timestamp(secondsSince1970: Self.base.secondsSince1970 + Int64(hours * 3600))
    }

    mutating func add(_ state: ReviewState, hours: Double, timing: EventTiming = .exact) {
        events.append(
            ReviewEvent(
                id: Int64(events.count + 1), app: App(name: app), platform: .iOS, version: version, state: state,
                at: time(hours: hours), timing: timing))
    }

    func timeline(nowHours: Double) -> VersionTimeline {
        VersionTimeline(key: key, events: events, now: time(hours: nowHours))
    }

    /// The timeline of a scenario written as a table: each state at its offset in hours, in the order given.
    static func timeline(_ steps: [(ReviewState, hours: Double)], nowHours: Double) -> VersionTimeline {
        var builder = EventBuilder()
        for (state, hours) in steps { builder.add(state, hours: hours) }
        return builder.timeline(nowHours: nowHours)
    }
}

@Suite("Timeline arithmetic")
struct TimelineTests {
    @Test("the PriLingo worked example: waiting 7d 0h, in review 1d 0h, decision after 8d 0h, not within 48h")
    func workedExample() throws {
        let events = [
            ("WAITING_FOR_REVIEW", "2020-03-15T10:00:00+09:00"), ("IN_REVIEW", "2020-03-22T10:00:00+09:00"),
            ("REJECTED", "2020-03-23T10:00:00+09:00"),
        ].enumerated().map { index, pair in
            ReviewEvent(
                id: Int64(index + 1), app: App(name: "PriLingo"), platform: .iOS, version: "1.0",
                state: ReviewState(rawValue: pair.0)!, at: Timestamp(iso8601: pair.1)!)
        }
        let now = Timestamp(iso8601: "2020-03-30T10:00:00+09:00")!
        let timeline = VersionTimeline(key: events[0].versionKey, events: events, now: now)
        #expect(timeline.cycles.count == 1)
        let cycle = try #require(timeline.cycles.first)
        #expect(cycle.waitingSeconds == Int64(7 * 86_400))
        #expect(cycle.inReviewSeconds == 86_400)
        #expect(cycle.timeToDecisionSeconds == Int64(8 * 86_400))
        #expect(cycle.decision?.state == .rejected)
        #expect(DurationFormat.string(seconds: cycle.waitingSeconds!) == "7d 0h")
        #expect(DurationFormat.string(seconds: cycle.inReviewSeconds!) == "1d 0h")
        #expect(DurationFormat.string(seconds: cycle.timeToDecisionSeconds!) == "8d 0h")
        let stats = ReviewStatistics(timelines: [timeline])
        #expect(stats.decided == 1 && stats.decidedWithin48h == 0 && stats.decidedWithin24h == 0)
        // The current state (Rejected) runs until now: 7 days.
        #expect(timeline.current?.state == .rejected)
        #expect(timeline.current?.end == nil)
        #expect(timeline.current?.seconds == Int64(7 * 86_400))
    }

    @Test("each return to Waiting for Review after a rejection starts a new cycle")
    func resubmission() {
        let timeline = EventBuilder.timeline(
            [
                (.prepareForSubmission, -5), (.waitingForReview, 0), (.inReview, 30), (.rejected, 32),
                (.waitingForReview, 50), (.inReview, 60), (.pendingDeveloperRelease, 61.5), (.readyForDistribution, 70),
            ], nowHours: 100)
        #expect(timeline.cycles.count == 2)
        #expect(
            timeline.cycles[0].spans.map(\.state) == [.prepareForSubmission, .waitingForReview, .inReview, .rejected])
        #expect(timeline.cycles[0].spans[0].seconds == Int64(5 * 3600))
        #expect(timeline.cycles[0].timeToDecisionSeconds == Int64(32 * 3600))
        #expect(timeline.cycles[1].number == 2)
        #expect(timeline.cycles[1].waitingSeconds == Int64(10 * 3600))
        #expect(timeline.cycles[1].inReviewSeconds == 5400)
        #expect(timeline.cycles[1].timeToDecisionSeconds == Int64(11 * 3600 + 1800))
        #expect(timeline.cycles[1].decision?.state == .pendingDeveloperRelease)
        #expect(timeline.totalToReleaseSeconds == Int64(70 * 3600))
        #expect(timeline.current?.seconds == Int64(30 * 3600))
    }

    @Test("a withdrawal before a decision counts apart and the next submission is a new cycle")
    func withdrawn() {
        let timeline = EventBuilder.timeline(
            [(.waitingForReview, 0), (.developerRejected, 3), (.waitingForReview, 10), (.inReview, 20)], nowHours: 22)
        #expect(timeline.cycles.count == 2)
        #expect(timeline.cycles[0].isWithdrawn && timeline.cycles[0].decision == nil)
        #expect(timeline.cycles[1].isOpen)
        #expect(timeline.cycles[1].waitingSeconds == Int64(10 * 3600))
        #expect(timeline.cycles[1].timeToDecisionSeconds == nil)
        let stats = ReviewStatistics(timelines: [timeline])
        #expect(stats.cycles == 2 && stats.withdrawn == 1 && stats.open == 1 && stats.decided == 0)
        #expect(stats.waiting.count == 1)
        #expect(stats.timeToDecision.count == 0 && stats.timeToDecision.median == nil)
    }

    @Test("the decision is the first outcome; later outcomes and In Review after it do not move it")
    func firstOutcome() {
        let cycle = EventBuilder.timeline(
            [
                (.waitingForReview, 0), (.inReview, 2), (.inReview, 3), (.pendingDeveloperRelease, 4),
                (.developerRejected, 5), (.readyForDistribution, 6),
            ], nowHours: 7
        ).cycles[0]
        #expect(cycle.decision?.state == .pendingDeveloperRelease)
        #expect(cycle.waitingSeconds == 7200 && cycle.inReviewSeconds == 7200 && cycle.timeToDecisionSeconds == 14_400)
        #expect(!cycle.isWithdrawn)
    }

    @Test("a decision without In Review has a time to decision but no waiting or review time")
    func decisionWithoutReview() {
        let cycle = EventBuilder.timeline([(.waitingForReview, 0), (.invalidBinary, 1)], nowHours: 2).cycles[0]
        #expect(cycle.timeToDecisionSeconds == 3600)
        #expect(cycle.waitingSeconds == nil && cycle.inReviewSeconds == nil)
    }

    @Test("events are ordered by time whatever order they come in; durations are instant differences")
    func ordering() {
        let timeline = EventBuilder.timeline([(.inReview, 24), (.waitingForReview, 0)], nowHours: 25)
        #expect(timeline.cycles[0].spans.map(\.state) == [.waitingForReview, .inReview])
        #expect(timeline.cycles[0].spans[0].seconds == 86_400)
    }

    @Test("across a daylight-saving change the elapsed time is the real one (23 hours over a Berlin spring day)")
    func daylightSaving() {
        // 2026-03-29 02:00 CET became 03:00 CEST: noon to noon is 23 hours.
        let start = Timestamp(iso8601: "2026-03-28T12:00:00+01:00")!
        let end = Timestamp(iso8601: "2026-03-29T12:00:00+02:00")!
        let events = [
            ReviewEvent(id: 1, app: App(name: "A"), platform: .iOS, version: "1", state: .waitingForReview, at: start),
            ReviewEvent(id: 2, app: App(name: "A"), platform: .iOS, version: "1", state: .inReview, at: end),
        ]
        let timeline = VersionTimeline(key: events[0].versionKey, events: events, now: end)
        #expect(timeline.cycles[0].waitingSeconds == Int64(23 * 3600))
        #expect(DurationFormat.string(seconds: 23 * 3600) == "23h 0m")
    }

    @Test("timelines group events by app, platform and version")
    func grouping() {
        let at = EventBuilder.base
        let events = [
            ReviewEvent(id: 1, app: App(name: "B"), platform: .iOS, version: "1", state: .waitingForReview, at: at),
            ReviewEvent(id: 2, app: App(name: "A"), platform: .macOS, version: "1", state: .waitingForReview, at: at),
            ReviewEvent(id: 3, app: App(name: "A"), platform: .iOS, version: "2", state: .waitingForReview, at: at),
            ReviewEvent(id: 4, app: App(name: "A"), platform: .iOS, version: "2", state: .inReview, at: at),
        ]
        let timelines = VersionTimeline.timelines(of: events, now: at)
        #expect(timelines.map(\.key.app) == ["A", "A", "B"])
        #expect(timelines.map(\.key.platform) == [.iOS, .macOS, .iOS])
        #expect(timelines[0].cycles[0].spans.count == 2)
    }

    static let durationCases: [(Int64, String)] = [
        (7 * 86_400, "7d 0h"), (86_400 + 2 * 3600 + 59 * 60, "1d 2h"), (45 * 60 + 59, "45m"),
        (5 * 3600 + 3 * 60, "5h 3m"), (30, "30s"), (0, "0s"), (-3600, "-1h 0m"),
    ]

    @Test("durations read as people write them", arguments: durationCases)
    func durations(seconds: Int64, text: String) {
        #expect(DurationFormat.string(seconds: seconds) == text)
    }
}
