import Testing

@testable import ReviewLog

@Suite("Statistics")
struct StatisticsTests {
    @Test("nearest-rank percentiles match hand computation")
    func nearestRank() {
        // {15, 20, 35, 40, 50}: p30 rank ceil(1.5) = 2 -> 20; p40 rank 2 -> 20; p50 rank ceil(2.5) = 3 -> 35;
        // p90 rank ceil(4.5) = 5 -> 50; p100 rank 5 -> 50; p0 -> the first.
        let values: [Int64] = [15, 20, 35, 40, 50]
        #expect(DurationSummary.nearestRank(30, of: values) == 20)
        #expect(DurationSummary.nearestRank(40, of: values) == 20)
        #expect(DurationSummary.nearestRank(50, of: values) == 35)
        #expect(DurationSummary.nearestRank(90, of: values) == 50)
        #expect(DurationSummary.nearestRank(100, of: values) == 50)
        #expect(DurationSummary.nearestRank(0, of: values) == 15)
        #expect(DurationSummary.nearestRank(50, of: []) == nil)
        // Ten values 1...10: p50 rank 5 -> 5 (not 5.5), p90 rank 9 -> 9.
        let ten = (1...10).map(Int64.init)
        #expect(DurationSummary.nearestRank(50, of: ten) == 5)
        #expect(DurationSummary.nearestRank(90, of: ten) == 9)
        // Eleven values: p90 rank ceil(9.9) = 10.
        #expect(DurationSummary.nearestRank(90, of: (1...11).map(Int64.init)) == 10)
    }

    @Test("a summary sorts its input")
    func summary() {
        let summary = DurationSummary([50, 15, 40, 20, 35])
        #expect(summary.count == 5 && summary.median == 35 && summary.p90 == 50 && summary.max == 50)
    }

    @Test("statistics over several versions, with a date window on the cycle start")
    func window() {
        // Three versions decided in 10h, 30h and 50h; waiting 6h, 20h, 45h.
        var timelines: [VersionTimeline] = []
        for (index, (waiting, decision)) in [(6.0, 10.0), (20.0, 30.0), (45.0, 50.0)].enumerated() {
            var builder = EventBuilder()
            builder.version = "1.\(index)"
            builder.add(.waitingForReview, hours: Double(index) * 1000)
            builder.add(.inReview, hours: Double(index) * 1000 + waiting)
            builder.add(
                index == 1 ? .metadataRejected : .pendingDeveloperRelease, hours: Double(index) * 1000 + decision)
            timelines.append(builder.timeline(nowHours: 5000))
        }
        let all = ReviewStatistics(timelines: timelines)
        #expect(all.cycles == 3 && all.decided == 3 && all.rejected == 1)
        #expect(all.timeToDecision.median == Int64(30 * 3600))
        #expect(all.timeToDecision.p90 == Int64(50 * 3600))
        #expect(all.waiting.median == Int64(20 * 3600) && all.waiting.max == Int64(45 * 3600))
        #expect(all.inReview.median == Int64(5 * 3600))
        #expect(all.decidedWithin24h == 1 && all.decidedWithin48h == 2)
        let base = EventBuilder.base.secondsSince1970
        let windowed = ReviewStatistics(
            timelines: timelines, since: Timestamp(secondsSince1970: base + 1000 * 3600),
            until: Timestamp(secondsSince1970: base + 2000 * 3600))
        #expect(windowed.cycles == 1 && windowed.timeToDecision.max == Int64(30 * 3600))
    }
}
