internal import ReviewLog

extension HTMLReport {
    /// At most this many TestFlight builds get a row, the latest first.
    static let testFlightRows = 40

    /// The TestFlight section (issue 24), when the store has TestFlight history: Beta App Review's counts (builds
    /// reviewed, rejected, approved without review, in review), the durations of reviewed builds beside the user's own
    /// App Store time to decision (Apple publishes no figure for Beta App Review, so none is quoted), and a row per
    /// build, the latest first.
    /// - Parameter appStore: the App Store track's statistics, for the comparison.
    func testFlightSection(appStore: ReviewStatistics) -> String {
        guard !testFlight.isEmpty else { return "" }
        let statistics = ReviewStatistics(timelines: testFlight, track: .testFlight)
        var html = sectionStart("testflight", "TestFlight (Beta App Review)")
        html += "<p>\(statistics.reviewed) reviewed (\(statistics.rejected) rejected), "
        html += "\(statistics.approvedWithoutReview) approved without review, \(statistics.open) in review. "
        html += "Apple publishes no figure for Beta App Review times; your App Store time to decision is given for "
        html += "comparison.</p>\n"
        html += "<table class=\"stats\">\n<caption>Reviewed builds, by nearest rank</caption>\n"
        html += "<thead><tr><th scope=\"col\">Measure</th><th scope=\"col\">Builds</th><th scope=\"col\">Median</th>"
        html += "<th scope=\"col\">90th pct.</th><th scope=\"col\">Max</th></tr></thead>\n<tbody>\n"
        let rows: [(String, DurationSummary)] = [
            ("Waiting", statistics.waiting), ("In review", statistics.inReview),
            ("To decision", statistics.timeToDecision), ("App Store, to decision", appStore.timeToDecision),
        ]
        for (name, summary) in rows {
            html += "<tr><th scope=\"row\">\(name)</th><td>\(summary.count)</td>"
            for value in [summary.median, summary.p90, summary.max] {
                html += "<td>\(value.map { DurationFormat.string(seconds: $0) } ?? "–")</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        let builds = testFlight.flatMap { timeline in timeline.cycles.map { (timeline.key, $0) } }
            .sorted { lhs, rhs in
                let left = lhs.1.spans.last.map { ($0.start, $0.event.id) }
                let right = rhs.1.spans.last.map { ($0.start, $0.event.id) }
                guard let left, let right else { return false }
                return left > right
            }
            .prefix(Self.testFlightRows)
        html += "<table class=\"stats\">\n<caption>The latest builds</caption>\n<thead><tr>"
        for title in ["App", "Version", "Build", "State", "Waiting", "In review", "To decision"] {
            html += "<th scope=\"col\">\(title)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for (key, cycle) in builds {
            let state =
                cycle.isApprovedWithoutReview
                ? "Approved without review" : cycle.spans.last?.state.displayName ?? "–"
            html += "<tr><td>\(HTMLText.escaped(key.app)) (\(key.platform.name))</td>"
            html += "<td>\(HTMLText.escaped(key.version))</td><td>\(HTMLText.escaped(cycle.build ?? "–"))</td>"
            html += "<td>\(HTMLText.escaped(state))</td>"
            let durations: [(Int64?, DurationPrecision)] = [
                (cycle.waitingSeconds, cycle.waitingPrecision), (cycle.inReviewSeconds, cycle.inReviewPrecision),
                (cycle.timeToDecisionSeconds, cycle.timeToDecisionPrecision),
            ]
            for (seconds, precision) in durations {
                html += "<td>\(seconds.map { duration($0, precision) } ?? "–")</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }
}
