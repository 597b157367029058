internal import ReviewLog

extension HTMLReport {
    /// The months the line chart shows, the latest ones: two years.
    static let chartMonths = 24

    /// Median and 90th percentile of time to decision per month as a line chart, with Apple's two claims as
    /// reference lines and quoted beside it; its figures also as a table.
    func monthlySection(_ figures: MonthlyFigures, statistics: ReviewStatistics) -> String {
        var html = sectionStart("monthly", "Month by month, beside Apple's claims")
        guard !figures.months.isEmpty else {
            return html + "<p>No decided cycle with a known start yet.</p>\n</section>\n"
        }
        // The chart shows the latest `chartMonths` months (a long history would squeeze them to dots); the table
        // lists every month.
        let months = Array(figures.months.suffix(Self.chartMonths))
        let frame = ChartFrame(height: 250, top: 16, bottom: 220)
        let highestP90 = Double(months.compactMap(\.p90).max() ?? 0)
        let maximum = max(Double(AppleReviewClaim.longWaitSeconds) * 1.2, highestP90 * 1.05)
        // The points stand in the middle of equal columns, one per month, so the first and last are clear of the
        // edges and their labels stay inside the page.
        func x(_ index: Int) -> Double { (Double(index) + 0.5) / Double(months.count) }
        let busiest = months.max { $0.count < $1.count }!
        let description =
            (months.count < figures.months.count ? "The latest " : "")
            + "\(count(months.count, "month", "months")) from \(months.first!.label) to "
            + "\(months.last!.label); months without a decided cycle leave a gap. The busiest, \(busiest.label), had "
            + "\(count(busiest.count, "decided cycle", "decided cycles")). Reference lines at 24 hours (Apple "
            + "today: 90% within 24 hours) and 48 hours (Apple, 2020: over 90% within 48 hours)."
        html += "<figure>\n"
        html += frame.open(
            id: "monthly-chart", title: "Median and 90th percentile of time to decision per month",
            description: description)
        for tick in ChartFrame.timeTicks(upTo: maximum, count: 6) {
            html += frame.yTick(frame.y(Double(tick), maximum: maximum), label: ChartFrame.tickLabel(seconds: tick))
        }
        html += frame.axes()
        // Apple's claims as reference lines, each named on the line at the right, where its figure stands beside the
        // user's median and p90 (a halo keeps the label readable over a data line).
        let claims = [
            (AppleReviewClaim.todayWithinSeconds, "Apple today: 90% in 24 h"),
            (AppleReviewClaim.longWaitSeconds, "Apple 2020: over 90% in 48 h"),
        ]
        for (seconds, label) in claims {
            let y = frame.y(Double(seconds), maximum: maximum)
            html += frame.line(x1: 0, y1: y, x2: 1, y2: y, cssClass: "marker-claim")
            html += frame.text(label, x: 1, dx: -2, y: y - 4, anchor: "end", cssClass: "marker-claim-label")
        }
        // At most 6 month labels; on a phone every other one ("minor") is hidden (`ReportStyle`), so 3 are a label's
        // width apart.
        let labelEvery = max(1, (months.count + 5) / 6)
        for index in months.indices where index % labelEvery == 0 {
            html += frame.text(
                months[index].label, x: x(index), y: frame.bottom + 17, anchor: "middle",
                cssClass: index / labelEvery % 2 == 1 ? "tick minor" : "tick")
        }
        for (series, value) in [("line-p90", \MonthlyFigures.Month.p90), ("line-median", \MonthlyFigures.Month.median)]
        {
            // Segments between consecutive months with a figure (an empty month leaves a gap), then a dot per month.
            var lines = ""
            var dots = ""
            var previous: (index: Int, y: Double)?
            for (index, month) in months.enumerated() {
                guard let seconds = month[keyPath: value] else {
                    previous = nil
                    continue
                }
                let y = frame.y(Double(seconds), maximum: maximum)
                if let previous {
                    lines += frame.line(x1: x(previous.index), y1: previous.y, x2: x(index), y2: y, cssClass: series)
                }
                dots += "<circle class=\"\(series)\" cx=\"\(ChartFrame.x(x(index)))\" cy=\"\(HTMLText.number(y))\" "
                dots += "r=\"3\"/>"
                previous = (index, y)
            }
            html += "\(lines)\(dots)\n"
        }
        html += "</svg>\n<figcaption><span class=\"key line-median-key\"></span>median and <span class=\"key "
        html += "line-p90-key\"></span>90th percentile of the cycles decided that started each month (UTC)"
        html += months.count < figures.months.count ? ", the latest \(months.count) months" : ""
        html +=
            "; dashed: 90% within 24 hours (Apple today) and within 48 hours (Apple, 2020).</figcaption>\n</figure>\n"
        html += "<aside class=\"claims\" aria-label=\"Apple's published claims\">\n<h3>Apple says</h3>\n"
        html += "<blockquote><p>“\(AppleReviewClaim.today).”</p><p class=\"muted\">App Review page, today</p>"
        html += "</blockquote>\n<blockquote><p>“\(AppleReviewClaim.earlier).”</p><p class=\"muted\">App Review page, "
        html += "2020</p></blockquote>\n"
        let decided = statistics.timeToDecision.count
        html += "<h3>You</h3>\n<p>\(percent(statistics.decidedWithin24h, of: decided)) within 24 hours, "
        html += "\(percent(statistics.decidedWithin48h, of: decided)) within 48 hours, of "
        html += "\(count(decided, "decided cycle", "decided cycles")).</p>\n</aside>\n"
        html += "<details>\n<summary>The figures as a table</summary>\n<table>\n<caption>Time to decision per month "
        html +=
            "(months with a decided cycle)</caption>\n<thead><tr><th scope=\"col\">Month</th><th scope=\"col\">Decided</th><th scope=\"col\">"
        html += "Median</th><th scope=\"col\">90th pct.</th></tr></thead>\n<tbody>\n"
        for month in months where month.count > 0 {
            html += "<tr><th scope=\"row\">\(month.label)</th><td>\(month.count)</td>"
            html += "<td>\(month.median.map { DurationFormat.string(seconds: $0) } ?? "–")</td>"
            html += "<td>\(month.p90.map { DurationFormat.string(seconds: $0) } ?? "–")</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n</section>\n"
    }
}
