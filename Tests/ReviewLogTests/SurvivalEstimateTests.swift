import Testing

@testable import ReviewLog

/// Daily-use issue, item 2: open cycles as censored data, by the Kaplan–Meier product-limit estimate.
@Suite("Kaplan–Meier estimate of time to decision")
struct SurvivalEstimateTests {
    private let hour: Int64 = 3_600

    @Test("without censoring, every percentile is the nearest-rank one", arguments: [0, 10, 25, 50, 75, 90, 99, 100])
    func equalsNearestRank(percentile: Int) {
        for values in [[15, 20, 35, 40, 50], Array(1...10), Array(1...11), [5, 5, 5, 9], [7]] as [[Int64]] {
            let estimate = SurvivalEstimate(observed: values.reversed())
            #expect(
                estimate.percentile(percentile) == DurationSummary.nearestRank(percentile, of: values),
                "p\(percentile) of \(values)")
        }
    }

    @Test("the worked example: ends at 10, 20, 40; censored at 15 and 30 (hand computed)")
    func handComputed() {
        // At risk 5 at t=10: S = 4/5 = 0.8. Censored at 15 leaves 3 at risk at t=20: S = 0.8 × 2/3 = 0.5333.
        // Censored at 30 leaves 1 at risk at t=40: S = 0. F: 0.2, 0.4667, 1.
        let estimate = SurvivalEstimate(observed: [40, 10, 20], censored: [30, 15])
        #expect(estimate.times == [10, 20, 40])
        #expect(abs(estimate.shares[0] - 0.2) < 1e-12)
        #expect(abs(estimate.shares[1] - (1 - 0.8 * 2 / 3)) < 1e-12)
        #expect(abs(estimate.shares[2] - 1) < 1e-12)
        #expect(estimate.percentile(20) == 10)
        #expect(estimate.percentile(50) == 40)  // F(20) = 0.467 < 0.5
        #expect(estimate.percentile(40) == 20)
        #expect(estimate.shareEnded(within: 9) == 0)
        #expect(estimate.shareEnded(within: 25) == estimate.shares[1])
        #expect(estimate.longestFollowUp == 40 && estimate.observed == 3 && estimate.censored == 2)
    }

    @Test("a censoring tied with an end is still at risk at it; a percentile past the data is not reached")
    func tiesAndNotReached() {
        // At t=10: 3 at risk (the censored-at-10 one included): S = 2/3.
        let estimate = SurvivalEstimate(observed: [10], censored: [10, 50])
        #expect(abs(estimate.shares[0] - 1.0 / 3) < 1e-12)
        #expect(estimate.percentile(30) == 10)
        #expect(estimate.percentile(50) == nil)
        #expect(estimate.longestFollowUp == 50)
        #expect(SurvivalEstimate(observed: []).shareEnded(within: 10) == nil)
    }

    @Test("stats with open cycles: left out and counted by default, censored with includingOpenAt")
    func statisticsIncludeOpen() throws {
        // Decided in 10h, 20h, 30h; one withdrawn after 5h waiting; two open: 200h waiting, and 100h (in review since
        // 90h).
        var timelines: [VersionTimeline] = []
        let now = EventBuilder().time(hours: 10_000)
        for (index, hours) in [10.0, 20.0, 30.0].enumerated() {
            var builder = EventBuilder()
            builder.version = "1.\(index)"
            builder.add(.waitingForReview, hours: 0)
            builder.add(.inReview, hours: hours / 2)
            builder.add(.pendingDeveloperRelease, hours: hours)
            timelines.append(builder.timeline(nowHours: 10_000))
        }
        let others: [(String, [(ReviewState, Double)])] = [
            ("2.0", [(.waitingForReview, 0), (.developerRejected, 5)]), ("3.0", [(.waitingForReview, 9_800)]),
            ("4.0", [(.waitingForReview, 9_900), (.inReview, 9_990)]),
        ]
        for (version, states) in others {
            var builder = EventBuilder()
            builder.version = version
            for (state, hours) in states { builder.add(state, hours: hours) }
            timelines.append(builder.timeline(nowHours: 10_000))
        }

        let leftOut = ReviewStatistics(timelines: timelines)
        #expect(leftOut.open == 2 && leftOut.openLeftOut == 2 && !leftOut.includesOpen)
        #expect(leftOut.timeToDecision.count == 3 && leftOut.timeToDecision.censored == 0)
        #expect(leftOut.timeToDecision.median == 20 * hour && leftOut.timeToDecision.p90 == 30 * hour)
        #expect(leftOut.waiting.count == 4)  // the open cycle in review counts: its waiting ended
        #expect(leftOut.shareDecided(within: 24 * hour) == 2.0 / 3)

        let censored = ReviewStatistics(timelines: timelines, includingOpenAt: now)
        #expect(censored.openLeftOut == 0 && censored.includesOpen)
        #expect(censored.timeToDecision.count == 3 && censored.timeToDecision.censored == 2)
        #expect(censored.timeToDecision.longestCensored == 200 * hour)
        // Five at risk; ends at 10, 20, 30 leave S = 4/5 × 3/4 × 2/3 = 0.4: the median is 30h, p90 not reached.
        #expect(censored.timeToDecision.median == 30 * hour && censored.timeToDecision.p90 == nil)
        let share = try #require(censored.shareDecided(within: 24 * hour))
        #expect(abs(share - 0.4) < 1e-12)
        #expect(censored.waiting.censored == 1 && censored.inReview.censored == 1)
        #expect(censored.inReview.longestCensored == 10 * hour)
        #expect(censored.timeToDecision.isFewCycles == false && leftOut.timeToDecision.isFewCycles)
        // --platform keeps only that platform's versions: all of these are iOS.
        #expect(ReviewStatistics(timelines: timelines, platform: .macOS).cycles == 0)
    }

    @Test("statistics per period: one entry per label that has a cycle, in label order")
    func byPeriod() {
        var timelines: [VersionTimeline] = []
        for (index, start) in [0.0, 800, 1_600, 30].enumerated() {
            var builder = EventBuilder()
            builder.version = "1.\(index)"
            builder.add(.waitingForReview, hours: start)
            builder.add(.rejected, hours: start + 10)
            timelines.append(builder.timeline(nowHours: 5_000))
        }
        let base = EventBuilder.base.secondsSince1970
        let periods = ReviewStatistics.byPeriod(timelines: timelines) { instant in
            "P\((instant.secondsSince1970 - base) / (700 * 3_600))"
        }
        #expect(periods.map(\.period) == ["P0", "P1", "P2"])
        #expect(periods.map(\.statistics.cycles) == [2, 1, 1])
        #expect(periods[0].statistics.rejected == 2)
    }
}

/// Daily-use issue, items 1 and 9: which versions `status` shows, and the build of a cycle.
@Suite("Status selection and builds per cycle")
struct StatusSelectionTests {
    private func version(
        _ app: String, _ version: String, platform: Platform = .iOS, _ states: [(ReviewState, Double)],
        build: String? = nil
    ) -> [ReviewEvent] {
        states.enumerated().map { index, pair in
            ReviewEvent(
                id: Int64(pair.1 * 10) + Int64(index), app: App(name: app), platform: platform, version: version,
                build: index == 0 ? build : nil, state: pair.0, at: EventBuilder().time(hours: pair.1))
        }
    }

    @Test("per app and platform: the latest version and every open one, most recent first; all keeps every one")
    func selection() {
        var events: [ReviewEvent] = []
        events += version("Fokus", "1.0", [(.waitingForReview, 0), (.readyForDistribution, 10)])
        events += version("Fokus", "1.1", [(.waitingForReview, 100), (.readyForDistribution, 110)])
        events += version("Fokus", "2.0", [(.waitingForReview, 200)])  // open, but not the latest
        events += version("Fokus", "2.1", [(.prepareForSubmission, 300)])  // latest
        events += version("Fokus", "1.0", platform: .macOS, [(.waitingForReview, 5), (.rejected, 6)])
        events += version("Atlas", "3.0", [(.waitingForReview, 50), (.rejected, 60)])
        events += version("Atlas", "2.0", [(.waitingForReview, 40), (.readyForDistribution, 45)])
        let timelines = VersionTimeline.timelines(of: events, now: EventBuilder().time(hours: 400))
        let shown = VersionTimeline.statusSelection(of: timelines).map {
            "\($0.key.app) \($0.key.version) \($0.key.platform.name)"
        }
        #expect(shown == ["Atlas 3.0 iOS", "Fokus 2.1 iOS", "Fokus 2.0 iOS", "Fokus 1.0 macOS"])
        let all = VersionTimeline.statusSelection(of: timelines, all: true).map { "\($0.key.app) \($0.key.version)" }
        #expect(all == ["Atlas 3.0", "Atlas 2.0", "Fokus 2.1", "Fokus 2.0", "Fokus 1.1", "Fokus 1.0", "Fokus 1.0"])
    }

    @Test("a cycle's build is the last one its events name, never another cycle's")
    func buildPerCycle() {
        var events = version("Fokus", "1.0", [(.waitingForReview, 0), (.rejected, 10)], build: "41")
        events += version("Fokus", "1.0", [(.waitingForReview, 20), (.inReview, 21)], build: "42")
        events += version("Fokus", "1.0", [(.waitingForReview, 30)])
        events[1].build = "41b"  // a correction on the decision event
        let timeline = VersionTimeline(key: events[0].versionKey, events: events, now: EventBuilder().time(hours: 40))
        // The third Waiting for Review follows an In Review without a decision: still cycle 2.
        #expect(timeline.cycles.map(\.build) == ["41b", "42"])
        var later = version("Fokus", "1.1", [(.waitingForReview, 0), (.rejected, 10), (.waitingForReview, 20)])
        later[0].build = "7"
        let resubmitted = VersionTimeline(key: later[0].versionKey, events: later, now: EventBuilder().time(hours: 40))
        #expect(resubmitted.cycles.map(\.build) == ["7", nil])
    }
}
