import Testing

@testable import ReviewLog

@Suite("Open cycle comparison")
struct OpenCycleComparisonTests {
    private let hour: Int64 = 3_600

    /// A version that entered Waiting for Review at hour 0 and, when `inReviewAt` is given, In Review then.
    private func openCycle(inReviewAt: Double? = nil, timing: EventTiming = .exact) -> SubmissionCycle {
        var builder = EventBuilder()
        builder.add(.waitingForReview, hours: 0, timing: timing)
        if let inReviewAt { builder.add(.inReview, hours: inReviewAt) }
        let timeline = VersionTimeline(key: builder.key, events: builder.events, now: builder.time(hours: 1_000))
        return timeline.cycles[0]
    }

    @Test("a week's wait against ten decided cycles and Apple's 24 hours")
    func weekLongWait() throws {
        let decided = (1...10).map { Int64($0) * 12 * hour }  // 12h, 24h, ..., 120h
        let now = EventBuilder().time(hours: 168)
        let comparison = try #require(OpenCycleComparison(cycle: openCycle(), now: now, decidedSeconds: decided))
        #expect(comparison.elapsedSeconds == 168 * hour)
        #expect(comparison.state == .waitingForReview && comparison.stateSeconds == 168 * hour)
        #expect(comparison.decidedCycles == 10 && comparison.decidedFaster == 10)
        #expect(comparison.shareDecidedFaster == 1.0)
        #expect(comparison.ownMedian == 60 * hour && comparison.ownP90 == 108 * hour)
        #expect(comparison.isPastAppleClaim && comparison.isPastLongWait && comparison.isPastOwnP90)
        #expect(!comparison.isFewCycles)
        #expect(comparison.suggestsExpedite)
    }

    @Test("expedite is suggested only while waiting: the same long wait In Review suggests nothing")
    func expediteOnlyWhileWaiting() throws {
        let decided = (1...10).map { Int64($0) * 12 * hour }
        let now = EventBuilder().time(hours: 168)
        let waiting = try #require(OpenCycleComparison(cycle: openCycle(), now: now, decidedSeconds: decided))
        #expect(waiting.suggestsExpedite && waiting.expediteAdvice != nil)
        let inReview = try #require(
            OpenCycleComparison(cycle: openCycle(inReviewAt: 100), now: now, decidedSeconds: decided))
        #expect(inReview.state == .inReview && inReview.isPastLongWait && inReview.isPastOwnP90)
        #expect(!inReview.suggestsExpedite && inReview.expediteAdvice == nil)
    }

    @Test("the summary sentence: elapsed, how many decided cycles were faster, the p90, few cycles, Apple's claim")
    func summary() throws {
        let now = EventBuilder().time(hours: 168)
        let decided = (1...10).map { Int64($0) * 12 * hour }
        let week = try #require(OpenCycleComparison(cycle: openCycle(), now: now, decidedSeconds: decided))
        #expect(
            week.summary
                == "7d 0h since submission: longer than 10 of your 10 decided cycles took (100%; your 90th "
                + "percentile: 4d 12h); Apple (today): 90% within 24 hours")
        let few = try #require(OpenCycleComparison(cycle: openCycle(), now: now, decidedSeconds: [200 * hour]))
        #expect(
            few.summary.hasPrefix(
                "7d 0h since submission: longer than 0 of your 1 decided cycle took (0%; your 90th percentile: 8d 8h)"))
        #expect(few.summary.contains("from fewer than 5 cycles: a weak guide"))
        let none = try #require(
            OpenCycleComparison(
                cycle: openCycle(timing: .observed(after: EventBuilder().time(hours: -1))), now: now, decidedSeconds: []
            ))
        #expect(
            none.summary
                == "~7d 0h since submission: no decided cycle of yours to compare with yet; Apple (today): 90% within "
                + "24 hours")
        #expect(DurationFormat.string(seconds: 90, precision: .approximate) == "~1m")
        #expect(DurationFormat.string(seconds: 90, precision: .unknown) == "unknown")
        #expect(DurationFormat.string(seconds: nil, precision: .exact) == "unknown")
    }

    @Test("a short wait: no expedite, past few of the user's cycles, ties not counted as faster")
    func shortWait() throws {
        let decided: [Int64] = [10 * hour, 20 * hour, 30 * hour]
        let comparison = try #require(
            OpenCycleComparison(cycle: openCycle(), now: EventBuilder().time(hours: 20), decidedSeconds: decided))
        #expect(comparison.decidedFaster == 1)  // 10h; 20h equals the wait so far
        #expect(comparison.isFewCycles)
        #expect(!comparison.isPastAppleClaim && !comparison.isPastLongWait && !comparison.suggestsExpedite)
    }

    @Test("past 48 hours but within the user's own p90: no expedite suggestion; without history, one")
    func expediteNeedsOwnP90() throws {
        // Still Waiting for Review: since issue 25 item 9 an In Review cycle gets no suggestion at all (see
        // expediteOnlyWhileWaiting), so the p90 rule is shown on a waiting one.
        let cycle = openCycle()
        let now = EventBuilder().time(hours: 50)
        let withHistory = try #require(
            OpenCycleComparison(cycle: cycle, now: now, decidedSeconds: [60 * hour, 70 * hour]))
        #expect(withHistory.state == .waitingForReview && withHistory.stateSeconds == 50 * hour)
        #expect(withHistory.isPastLongWait && !withHistory.isPastOwnP90 && !withHistory.suggestsExpedite)
        let without = try #require(OpenCycleComparison(cycle: cycle, now: now, decidedSeconds: []))
        #expect(without.ownP90 == nil && without.shareDecidedFaster == nil && without.suggestsExpedite)
    }

    @Test("no comparison for a decided cycle or one whose start is unknown; observed starts are approximate")
    func notComparable() throws {
        var builder = EventBuilder()
        builder.add(.waitingForReview, hours: 0)
        builder.add(.rejected, hours: 30)
        let decided = VersionTimeline(key: builder.key, events: builder.events, now: builder.time(hours: 40))
        #expect(OpenCycleComparison(cycle: decided.cycles[0], now: builder.time(hours: 40), decidedSeconds: []) == nil)
        #expect(OpenCycleComparisonTests.decided(decided) == [30 * hour])
        let unknown = openCycle(timing: .observed(after: nil))
        #expect(OpenCycleComparison(cycle: unknown, now: builder.time(hours: 40), decidedSeconds: []) == nil)
        let observed = openCycle(timing: .observed(after: builder.time(hours: -1)))
        let comparison = try #require(
            OpenCycleComparison(cycle: observed, now: builder.time(hours: 40), decidedSeconds: []))
        #expect(comparison.elapsedPrecision == .approximate)
    }

    private static func decided(_ timeline: VersionTimeline) -> [Int64] {
        OpenCycleComparison.decidedSeconds(in: [timeline])
    }
}

@Suite("Open cycle comparison, in words")
struct OpenCycleComparisonWordsTests {
    private let hour: Int64 = 3_600

    private func comparison(elapsedHours: Double, decided: [Int64], timing: EventTiming = .exact) throws
        -> OpenCycleComparison
    {
        var builder = EventBuilder()
        builder.add(.waitingForReview, hours: 0, timing: timing)
        let cycle = builder.timeline(nowHours: elapsedHours).cycles[0]
        return try #require(
            OpenCycleComparison(cycle: cycle, now: builder.time(hours: elapsedHours), decidedSeconds: decided))
    }

    @Test("a week's wait against twelve cycles: the share, Apple's 24 hours, and the expedite request")
    func weekLong() throws {
        let decided = (1...12).map { Int64($0) * 10 * hour }  // 10h ... 120h; p90: rank 11, 110h
        let week = try comparison(elapsedHours: 168, decided: decided)
        #expect(
            week.summary
                == "7d 0h since submission: longer than 12 of your 12 decided cycles took (100%; your 90th "
                + "percentile: 4d 14h); Apple (today): 90% within 24 hours")
        #expect(
            week.expediteAdvice
                == "Still no decision past 48 hours and your 90th percentile (4d 14h): consider asking for an "
                + "expedited review at https://developer.apple.com/contact/app-store/?topic=expedite")
    }

    @Test("few cycles are flagged; none says so; an observed start is approximate; no advice before 48 hours")
    func fewAndNone() throws {
        var unknown = EventBuilder()
        unknown.add(.waitingForReview, hours: 0, timing: .observed(after: nil))
        let cycle = unknown.timeline(nowHours: 30).cycles[0]
        #expect(OpenCycleComparison(cycle: cycle, now: unknown.time(hours: 30), decidedSeconds: [hour]) == nil)
        let approximate = try comparison(
            elapsedHours: 30, decided: [20 * hour, 40 * hour], timing: .observed(after: EventBuilder().time(hours: -1)))
        #expect(
            approximate.summary
                == "~1d 6h since submission: longer than 1 of your 2 decided cycles took (50%; your 90th percentile: "
                + "1d 16h), from fewer than 5 cycles: a weak guide; Apple (today): 90% within 24 hours")
        #expect(approximate.expediteAdvice == nil)
        let none = try comparison(elapsedHours: 50, decided: [])
        #expect(none.summary.contains("no decided cycle of yours to compare with yet"))
        #expect(none.expediteAdvice?.hasPrefix("Still no decision past 48 hours: consider") == true)
    }

    @Test("Apple's figures, one per share and bound")
    func statements() {
        #expect(
            AppleReviewClaim.statements.map { "\($0.source): \($0.wording)" } == [
                "Apple (today): 90% within 24 hours", "Apple (2020): 50% within 24 hours",
                "Apple (2020): over 90% within 48 hours",
            ])
    }
}
