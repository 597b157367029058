import ReviewLog
import ReviewReport
import Testing

@Suite("The HTML report's content")
struct HTMLReportTests {
    static func page(_ events: [ReviewEvent]) -> String {
        HTMLReport(timelines: ReportFixture.timelines(events), now: ReportFixture.now).render()
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("the sample history: a tile per app and platform, every section and chart")
    func sections() throws {
        let html = Self.page(try ReportFixture.sampleEvents())
        // Tideline on iOS and macOS, Kanji Garden on iOS, Loop Timer on watchOS, PriLingo on iOS.
        #expect(Self.occurrences(of: "<article class=\"tile ", in: html) == 5)
        for (app, platform) in ReportFixture.sampleTiles {
            #expect(html.contains("data-app=\"\(app)\" data-platform=\"\(platform)\""), "\(app) \(platform)")
        }
        for id in ReportFixture.sections {
            #expect(html.contains("<section id=\"\(id)\" aria-labelledby=\"\(id)-title\">"), "section \(id)")
        }
        for chart in ["histogram", "monthly-chart"] {
            #expect(html.contains("<svg id=\"\(chart)\" class=\"chart\""), "chart \(chart)")
            #expect(html.contains("<desc id=\"\(chart)-desc\">"), "text alternative of \(chart)")
        }
        // 59 sample versions, PriLingo 1.0 and Tideline 4.0: one bar each (no app has more than 24).
        #expect(Self.occurrences(of: "class=\"gantt-bar\"", in: html) == 61)
        #expect(Self.occurrences(of: "<table", in: html) == 4)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        #expect(html.contains("@media print"))
    }

    @Test("the tile count the command prints is the number of tracks the page shows")
    func trackCount() throws {
        let timelines = ReportFixture.timelines(try ReportFixture.sampleEvents() + ReportFixture.hostileEvents())
        #expect(ReportTrack.count(of: timelines) == 6)
        #expect(ReportTrack.tracks(of: timelines).count == 6)
        #expect(ReportTrack.count(of: []) == 0)
    }

    @Test("open work comes first (waiting, in review, rejected), then the rest, each by last change, latest first")
    func tileOrder() throws {
        let timelines = ReportFixture.timelines(try ReportFixture.sampleEvents())
        let tiles = AppTile.tiles(
            of: ReportTrack.tracks(of: timelines), now: ReportFixture.now,
            decidedSeconds: OpenCycleComparison.decidedSeconds(in: timelines))
        let open = tiles.prefix { $0.isOpenWork }
        #expect(open.map(\.timeline.key.app) == ["Tideline", "PriLingo"], "\(tiles.map(\.timeline.key.app))")
        #expect(tiles.dropFirst(open.count).allSatisfy { !$0.isOpenWork })
        for group in [Array(open), Array(tiles.dropFirst(open.count))] {
            #expect(zip(group, group.dropFirst()).allSatisfy { $0.current.start >= $1.current.start })
        }
        // The page shows them in that order: the waiting Tideline tile before every released app's.
        let html = Self.page(try ReportFixture.sampleEvents())
        let waiting = try #require(html.range(of: "data-app=\"Tideline\" data-platform=\"iOS\""))
        let released = try #require(html.range(of: "data-app=\"Kanji Garden\" data-platform=\"iOS\""))
        #expect(waiting.lowerBound < released.lowerBound)
    }

    @Test("the page loads nothing: no script, stylesheet link, image, font or URL reference")
    func selfContained() throws {
        let html = Self.page(try ReportFixture.sampleEvents()).lowercased()
        for forbidden in ["<script", "<link", "<img", "<iframe", "src=", "url(", "@import", "@font-face", "http:"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
    }

    @Test("the open cycle's tile compares its wait with the user's decided cycles and Apple's claim")
    func openCycleComparison() throws {
        let events = try ReportFixture.sampleEvents()
        let html = Self.page(events)
        let timelines = ReportFixture.timelines(events)
        let decided = OpenCycleComparison.decidedSeconds(in: timelines)
        let faster = decided.count { $0 < 8 * 86_400 }
        #expect(
            html.contains(
                "<strong>Submitted 8d 0h ago.</strong> Longer than \(faster) of your \(decided.count) decided"))
        #expect(html.contains("Apple: “\(AppleReviewClaim.today).” This wait is past those 24 hours."))
        #expect(html.contains("consider asking for an expedited review"))
        // The summary counts the open tile as Waiting, and the released ones as Live.
        #expect(html.contains("data-stage=\"waiting\"><span class=\"summary-count\">1</span>"))
        #expect(html.contains("data-stage=\"rejected\"><span class=\"summary-count\">1</span>"))  // PriLingo
    }

    @Test("the report's stages are review states' stages: approved counts as Approved, a pre-submission state as other")
    func stagesFollowReviewStages() {
        let expected: [(ReviewState, ReportStage)] = [
            (.waitingForReview, .waiting), (.inReview, .inReview), (.approved, .approved), (.accepted, .approved),
            (.pendingDeveloperRelease, .approved), (.pendingContract, .approved), (.rejected, .rejected),
            (.metadataRejected, .rejected), (.readyForDistribution, .live), (.preorderReadyForSale, .live),
            (.readyForReview, .other), (.waitingForExportCompliance, .other), (.prepareForSubmission, .other),
            (.developerRejected, .other), (.removedFromSale, .other),
        ]
        for (state, stage) in expected { #expect(ReportStage(state) == stage, "\(state)") }
    }

    @Test("the statistics table carries the figures of ReviewStatistics")
    func statisticsTable() throws {
        let events = try ReportFixture.sampleEvents()
        let statistics = ReviewStatistics(timelines: ReportFixture.timelines(events))
        let html = Self.page(events)
        let median = try #require(statistics.timeToDecision.median)
        let p90 = try #require(statistics.timeToDecision.p90)
        let row =
            "<td>\(statistics.timeToDecision.count)</td><td>\(DurationFormat.string(seconds: median))</td>"
            + "<td>\(DurationFormat.string(seconds: p90))</td>"
        #expect(html.contains(row))
        #expect(html.contains("\(statistics.cycles) cycles entered Waiting for Review: \(statistics.decided) decided"))
        #expect(html.contains("(\(statistics.decidedWithin24h) of \(statistics.timeToDecision.count))"))
    }

    @Test("a hostile app name, version, build and note stay text")
    func hostileStrings() {
        let html = Self.page(ReportFixture.hostileEvents())
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("build 7&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;"))
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;&quot;Evil&quot; &amp; "))
        #expect(html.contains("\\u0007\\u001b[31m"))
        #expect(html.contains("1.0&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&lt;/p&gt;&lt;script&gt;alert(&#39;note&#39;)&lt;/script&gt;"))
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("a span observed by polling is drawn as approximate, and its durations carry ~")
    func approximateSpans() {
        let app = App(name: "Fokus")
        let start = ReportFixture.now.secondsSince1970 - 10 * 86_400
        func event(_ state: ReviewState, _ offset: Int64, observed: Bool) -> ReviewEvent {
            ReviewEvent(
                id: 0, app: app, platform: .iOS, version: "2.0", state: state,
                at: Timestamp(secondsSince1970: start + offset),
                timing: observed ? .observed(after: Timestamp(secondsSince1970: start + offset - 300)) : .exact)
        }
        let html = Self.page([
            event(.waitingForReview, 0, observed: false), event(.inReview, 7_200, observed: true),
            event(.pendingDeveloperRelease, 10_800, observed: true),
            event(.readyForDistribution, 14_400, observed: true),
        ])
        // Waiting for Review ends at a polled In Review: approximate, as are the states after it.
        #expect(html.contains("<rect class=\"stage-waiting approx\""))
        #expect(html.contains("<rect class=\"stage-inReview approx\""))
        #expect(html.contains("Waiting for Review ~2h 0m"))
        #expect(html.contains("Pending Developer Release after ~3h 0m."))
        #expect(Self.occurrences(of: "<rect class=\"stage-waiting\"", in: html) == 0)
    }

    @Test("an empty store gives a page that says so in each section")
    func empty() {
        let html = HTMLReport(timelines: [], now: ReportFixture.now).render()
        #expect(html.contains("No events yet."))
        #expect(html.contains("No decided cycle with a known start yet."))
        #expect(!html.contains("<article"))
        #expect(html.contains("</html>"))
    }

    @Test("a share is shown by the one rule, rounded down as the command line shows it: 41 of 78 is 52%, not 53%")
    func percentages() {
        let app = App(name: "Fokus")
        let start = ReportFixture.now.secondsSince1970 - 400 * 86_400
        var events: [ReviewEvent] = []
        for index in 0..<78 {
            let submitted = start + Int64(index) * 4 * 86_400
            let decided = submitted + (index < 41 ? 3_600 : 30 * 3_600)
            for (state, at) in [(ReviewState.waitingForReview, submitted), (.approved, decided)] {
                events.append(
                    ReviewEvent(
                        id: 0, app: app, platform: .iOS, version: "1.\(index)", state: state,
                        at: Timestamp(secondsSince1970: at)))
            }
        }
        let html = Self.page(events)
        #expect(html.contains("52% (41 of 78)"), "the 24-hour row")
        #expect(!html.contains("53%"))
        #expect(PercentFormat.string(41, of: 78) == "52%")
    }

    @Test("an app with more versions than versionsPerTrack gets bars for its latest ones, and says so")
    func versionLimit() throws {
        var report = HTMLReport(
            timelines: ReportFixture.timelines(try ReportFixture.sampleEvents()), now: ReportFixture.now)
        report.versionsPerTrack = 3
        let html = report.render()
        #expect(Self.occurrences(of: "class=\"gantt-bar\"", in: html) == 5 * 3 - 2)  // PriLingo has one version
        #expect(html.contains("The latest 3 of"))
        // The newest version comes first: Tideline 4.0 leads its track.
        let tideline = try #require(html.range(of: "<h3>Tideline <span class=\"platform\">iOS</span></h3>"))
        let firstBar = try #require(html.range(of: "<strong>", range: tideline.upperBound..<html.endIndex))
        #expect(html[firstBar.upperBound...].hasPrefix("4.0</strong>"))
    }
}

@Suite("The report's histogram and monthly figures")
struct ReportFiguresTests {
    @Test("bins cover the 90th percentile (at least 25 hours, at most 14 days); what is past it is the overflow bin")
    func histogramBins() {
        let short = DecisionHistogram([3_600, 30_000, 90_000])
        #expect(short.binSeconds == 3_600)
        #expect(short.counts.count == 26)  // 25 hours and a second: the 90th percentile, 25 h, is inside
        #expect(short.counts[1] == 1 && short.counts[8] == 1 && short.counts[25] == 1)
        let week = DecisionHistogram([7 * 86_400])
        #expect(week.binSeconds == 6 * 3_600)
        #expect(week.counts.reduce(0, +) == 1 && week.overflow == 0)
        let long = DecisionHistogram([3_600, 30 * 86_400])
        #expect(long.binSeconds == 12 * 3_600)
        #expect(long.upperSeconds == 14 * 86_400)
        #expect(long.overflow == 1 && long.counts[0] == 1)
        let samples: [[Int64]] = [[1], [3_600, 7 * 86_400], Array(stride(from: 0, to: 20 * 86_400, by: 9_999))]
        for values in samples {
            let histogram = DecisionHistogram(values)
            #expect(histogram.counts.count <= DecisionHistogram.maximumBins, "\(values.count) values")
            #expect(histogram.counts.reduce(0, +) + histogram.overflow == values.count)
        }
    }

    /// The shape of issue 25 item 19's history: 41 of 78 cycles decided within the first day (over its hours), 30
    /// within the next 32 hours, and 7 waits of 5 to 14 days.
    static let skewed: [Int64] =
        (1...41).map { Int64($0) * 1_800 } + (0..<30).map { 26 * 3_600 + Int64($0) * 3_600 }
        + [5, 6, 8, 9, 11, 12, 14].map { Int64($0) * 86_400 }

    @Test("a history of reviews of hours with a tail of two weeks gets bins of hours, the tail in the overflow bin")
    func histogramBinsWhereTheDataIs() {
        let histogram = DecisionHistogram(Self.skewed)
        // Bins sized to the longest wait were a day wide: 41 cycles in the first bar.
        #expect(histogram.binSeconds <= 3 * 3_600, "\(histogram.binSeconds)")
        #expect(histogram.counts[0] <= 4, "\(histogram.counts)")
        #expect(histogram.highest < 10, "\(histogram.counts)")
        #expect(histogram.overflow == 7)
        let p90 = DurationSummary.nearestRank(90, of: Self.skewed.sorted())!
        #expect(histogram.upperSeconds > p90, "the 90th percentile is inside the bins")
        #expect(histogram.upperSeconds > AppleReviewClaim.todayWithinSeconds)
    }

    @Test("a median and a 90th percentile in one place share one label instead of two drawn over each other")
    func markersTogether() throws {
        let app = App(name: "Fokus")
        let start = ReportFixture.now.secondsSince1970 - 10 * 86_400
        let one = [(ReviewState.waitingForReview, Int64(0)), (.inReview, 86_400), (.pendingDeveloperRelease, 172_800)]
            .map { state, offset in
                ReviewEvent(
                    id: 0, app: app, platform: .iOS, version: "2.2", state: state,
                    at: Timestamp(secondsSince1970: start + offset))
            }
        let page = HTMLReportTests.page(one)
        #expect(page.contains(">median, p90</text>"), "one decided cycle: median and p90 are one value")
        #expect(!page.contains(">p90</text>"))
        let p90Lines = HTMLReportTests.occurrences(of: "<line class=\"marker-p90\"", in: page)
        #expect(p90Lines == 1, "the p90 line is still drawn")
        // Apart, each has its own label.
        let sample = HTMLReportTests.page(try ReportFixture.sampleEvents())
        #expect(sample.contains(">median</text>") && sample.contains(">p90</text>"))
    }

    @Test("count ticks are 1, 2 or 5 × 10ⁿ apart, at most five, up to the first at or above the tallest bar")
    func countTicks() throws {
        #expect(DecisionHistogram.countTicks(upTo: 41) == [10, 20, 30, 40, 50])
        #expect(DecisionHistogram.countTicks(upTo: 1) == [1])
        #expect(DecisionHistogram.countTicks(upTo: 0) == [1])
        #expect(DecisionHistogram.countTicks(upTo: 3) == [1, 2, 3])
        #expect(DecisionHistogram.countTicks(upTo: 7) == [2, 4, 6, 8])
        #expect(DecisionHistogram.countTicks(upTo: 230) == [50, 100, 150, 200, 250])
        for highest in 1...1_000 {
            let ticks = DecisionHistogram.countTicks(upTo: highest)
            let step = ticks[0]
            var magnitude = step
            while magnitude % 10 == 0 { magnitude /= 10 }
            #expect([1, 2, 5].contains(magnitude), "step \(step) for \(highest)")
            #expect(ticks.count <= 5 && ticks.last! >= highest && ticks.last! - step < highest, "\(highest): \(ticks)")
            #expect(ticks == ticks.indices.map { ($0 + 1) * step })
        }
        // The page's histogram labels its count axis with them: 10 to 50 for the tallest bar of 41, not 21 and 41.
        let app = App(name: "Fokus")
        let start = ReportFixture.now.secondsSince1970 - 400 * 86_400
        var events: [ReviewEvent] = []
        for index in 0..<78 {
            let submitted = start + Int64(index) * 4 * 86_400
            for (state, at) in [(ReviewState.waitingForReview, submitted), (.approved, submitted + 600)] {
                events.append(
                    ReviewEvent(
                        id: 0, app: app, platform: .iOS, version: "1.\(index)", state: state,
                        at: Timestamp(secondsSince1970: at)))
            }
        }
        let html = HTMLReportTests.page(events)
        let chart = html[try #require(html.range(of: "<svg id=\"histogram\"")).lowerBound...]
        let svg = chart[..<(try #require(chart.range(of: "</svg>"))).lowerBound]
        for label in ["20", "40", "60", "80"] {
            #expect(svg.contains("text-anchor=\"end\">\(label)</text>"), "tick \(label)")
        }
        #expect(!svg.contains(">78</text>") && !svg.contains(">39</text>"))
    }

    @Test("each month gets the median and p90 of the cycles that started in it, empty months included")
    func months() {
        let app = App(name: "Fokus")
        func cycle(_ version: String, start: Int64, decidedAfter: Int64) -> [ReviewEvent] {
            [
                ReviewEvent(
                    id: 0, app: app, platform: .iOS, version: version, state: .waitingForReview,
                    at: Timestamp(secondsSince1970: start)),
                ReviewEvent(
                    id: 0, app: app, platform: .iOS, version: version, state: .pendingDeveloperRelease,
                    at: Timestamp(secondsSince1970: start + decidedAfter)),
            ]
        }
        let january = Int64(1_735_689_600)  // 2025-01-01T00:00:00Z
        let march = Int64(1_740_787_200)  // 2025-03-01T00:00:00Z
        let events =
            cycle("1.0", start: january, decidedAfter: 3_600)
            + cycle("1.1", start: january + 86_400, decidedAfter: 7_200)
            + cycle("1.2", start: january + 2 * 86_400, decidedAfter: 10_800)
            + cycle("1.3", start: march - 1, decidedAfter: 100)  // 2025-02-28T23:59:59Z
            + cycle("1.4", start: march, decidedAfter: 500)
        let figures = MonthlyFigures(timelines: VersionTimeline.timelines(of: events, now: ReportFixture.now))
        #expect(figures.months.map(\.label) == ["2025-01", "2025-02", "2025-03"])
        #expect(figures.months[0].count == 3 && figures.months[0].median == 7_200 && figures.months[0].p90 == 10_800)
        #expect(figures.months[1].count == 1 && figures.months[1].median == 100)
        #expect(figures.months[2].median == 500)
    }
}
