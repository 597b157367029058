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
        var frame = ChartFrame()
        frame.right = 380
        frame.top = 16
        let highestP90 = Double(months.compactMap(\.p90).max() ?? 0)
        let maximum = max(Double(AppleReviewClaim.longWaitSeconds) * 1.15, highestP90 * 1.05)
        let step = months.count == 1 ? 0 : frame.plotWidth / Double(months.count - 1)
        func x(_ index: Int) -> Double {
            months.count == 1 ? frame.left + frame.plotWidth / 2 : frame.left + step * Double(index)
        }
        let busiest = months.max { $0.count < $1.count }!
        let description =
            (months.count < figures.months.count ? "The latest " : "")
            + "\(count(months.count, "month", "months")) from \(months.first!.label) to "
            + "\(months.last!.label); months without a decided cycle leave a gap. The busiest, \(busiest.label), had "
            + "\(count(busiest.count, "decided cycle", "decided cycles")). Reference lines at 24 and 48 hours."
        html += "<div class=\"beside\">\n<figure>\n"
        html += frame.open(
            id: "monthly-chart", title: "Median and 90th percentile of time to decision per month",
            description: description)
        html += frame.axes()
        for tick in ChartFrame.timeTicks(upTo: maximum) {
            html += frame.yTick(
                frame.y(Double(tick), maximum: maximum),
                label: DurationFormat.string(seconds: tick).replacing(" 0h", with: ""))
        }
        html += frame.line(
            x1: frame.left, y1: frame.y(86_400, maximum: maximum), x2: frame.right,
            y2: frame.y(86_400, maximum: maximum), cssClass: "marker-claim")
        html += frame.line(
            x1: frame.left, y1: frame.y(172_800, maximum: maximum), x2: frame.right,
            y2: frame.y(172_800, maximum: maximum), cssClass: "marker-claim")
        // The claims' labels in the right margin, clear of the data: today's 90% within 24 h, 2020's within 48 h.
        html += frame.text(
            "Apple today", x: frame.right + 4, y: frame.y(86_400, maximum: maximum) + 4,
            anchor: "start", cssClass: "marker-claim-label")
        html += frame.text(
            "Apple 2020", x: frame.right + 4, y: frame.y(172_800, maximum: maximum) + 4,
            anchor: "start", cssClass: "marker-claim-label")
        let labelEvery = max(1, (months.count + 4) / 5)
        for index in months.indices where index % labelEvery == 0 {
            html += frame.xTick(x(index), label: months[index].label)
        }
        for (series, value) in [("line-p90", \MonthlyFigures.Month.p90), ("line-median", \MonthlyFigures.Month.median)]
        {
            var path = ""
            var pen = "M"
            var dots = ""
            for (index, month) in months.enumerated() {
                guard let seconds = month[keyPath: value] else {
                    pen = "M"
                    continue
                }
                let point =
                    "\(HTMLText.number(x(index))) \(HTMLText.number(frame.y(Double(seconds), maximum: maximum)))"
                path += "\(pen)\(point) "
                pen = "L"
                dots += "<circle class=\"\(series)\" cx=\"\(HTMLText.number(x(index)))\" "
                dots += "cy=\"\(HTMLText.number(frame.y(Double(seconds), maximum: maximum)))\" r=\"2.5\"/>"
            }
            html += "<path class=\"\(series)\" d=\"\(path)\"/>\n\(dots)\n"
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
        html += "\(count(decided, "decided cycle", "decided cycles")).</p>\n</aside>\n</div>\n"
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
