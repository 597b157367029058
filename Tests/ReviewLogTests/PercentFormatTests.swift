import ReviewLog
import Testing

/// One rule for every percentage shown (issue 25 item 5): rounded down, "<1%" above zero, 100% only for all.
@Suite("Percentages: one rule for every output")
struct PercentFormatTests {
    @Test(
        "a part of a whole, exactly in integers",
        arguments: [
            (41, 78, "52%"), (77, 78, "98%"), (78, 78, "100%"), (0, 78, "0%"), (1, 200, "<1%"), (2, 200, "1%"),
            (199, 200, "99%"), (1, 3, "33%"), (2, 3, "66%"), (0, 0, "0%"),
        ])
    func parts(part: Int, whole: Int, shown: String) {
        #expect(PercentFormat.string(part, of: whole) == shown)
    }

    @Test("a share of floating point reads as the same part of a whole")
    func shares() {
        for whole in 1...200 {
            for part in 0...whole {
                let share = Double(part) / Double(whole)
                #expect(PercentFormat.string(share: share) == PercentFormat.string(part, of: whole), "\(part)/\(whole)")
            }
        }
        // The Kaplan-Meier estimate's products: 0.9 computed a hair under is still 90%.
        #expect(PercentFormat.string(share: 0.899_999_999_99) == "90%")
        #expect(PercentFormat.string(share: 0.005) == "<1%")
    }

    @Test("the status sentence and Apple's claim use the rule: 77 of 78 is 98%, never 99%")
    func comparisonSentence() throws {
        var builder = EventBuilder()
        builder.add(.waitingForReview, hours: 0)
        let timeline = VersionTimeline(key: builder.key, events: builder.events, now: builder.time(hours: 1_000))
        let decided = (0..<78).map { Int64($0 < 77 ? 3_600 : 400 * 3_600) }
        let comparison = try #require(
            OpenCycleComparison(cycle: timeline.cycles[0], now: builder.time(hours: 100), decidedSeconds: decided))
        #expect(
            comparison.summary.contains("longer than 77 of your 78 decided cycles took (98%"), "\(comparison.summary)")
        #expect(comparison.summary.contains("90% within 24 hours"), "\(comparison.summary)")
    }
}
