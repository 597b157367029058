internal import ReviewLog

extension HTMLReport {
    /// The figures of `review stats` as tables: the three durations with the cycles each row counts, and the shares
    /// decided within 24 and 48 hours beside Apple's claims, one claim per row.
    func statisticsSection(_ statistics: ReviewStatistics) -> String {
        var html = sectionStart("statistics", "Statistics")
        html += "<table class=\"stats\">\n<caption>\(count(statistics.cycles, "cycle", "cycles")) entered Waiting for "
        html += "Review: \(statistics.decided) decided (\(statistics.rejected) rejected), \(statistics.withdrawn) "
        html += "withdrawn, \(statistics.open) open. Percentiles by nearest rank.</caption>\n"
        html += "<thead><tr><th scope=\"col\">Measure</th><th scope=\"col\">Cycles</th><th scope=\"col\">Median</th>"
        html += "<th scope=\"col\">90th pct.</th><th scope=\"col\">Max</th></tr></thead>\n<tbody>\n"
        let rows: [(String, String, DurationSummary)] = [
            (
                "Waiting", "Waiting for Review to In Review; cycles that reached review, withdrawn ones included",
                statistics.waiting
            ),
            ("In review", "In Review to the decision; decided cycles", statistics.inReview),
            (
                "To decision", "Waiting for Review to the decision; decided cycles (withdrawn and open left out)",
                statistics.timeToDecision
            ),
        ]
        for (name, meaning, summary) in rows {
            html += "<tr><th scope=\"row\">\(name)<span class=\"row-note\">\(meaning)</span></th>"
            html += "<td>\(summary.count)"
            if summary.approximate > 0 { html += "<span class=\"row-note\">\(summary.approximate) approximate</span>" }
            if summary.count > 0, summary.count < OpenCycleComparison.fewCycles {
                html += "<span class=\"row-note few\">fewer than \(OpenCycleComparison.fewCycles): indicative</span>"
            }
            html += "</td>"
            for value in [summary.median, summary.p90, summary.max] {
                html += "<td>\(value.map { DurationFormat.string(seconds: $0) } ?? "–")</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        let decided = statistics.timeToDecision.count
        html += "<table class=\"stats\">\n<caption>Decided within a bound, beside Apple's claim for it</caption>\n"
        html += "<thead><tr><th scope=\"col\">Bound</th><th scope=\"col\">You</th><th scope=\"col\">Apple</th></tr>"
        html += "</thead>\n<tbody>\n"
        let claims: [(String, Int, String)] = [
            ("24 hours", statistics.decidedWithin24h, "90% on average (today)"),
            ("48 hours", statistics.decidedWithin48h, "over 90% (2020)"),
        ]
        for (bound, within, claim) in claims {
            html += "<tr><th scope=\"row\">\(bound)</th><td>"
            html += decided == 0 ? "–" : "\(percent(within, of: decided)) (\(within) of \(decided))"
            html += "</td><td>\(claim)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }
}
