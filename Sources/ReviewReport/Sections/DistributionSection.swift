internal import ReviewLog

extension HTMLReport {
    /// The histogram of time to decision, with markers at 24 h and 48 h (Apple's claims) and the user's median and
    /// 90th percentile; its figures also as a table.
    func histogramSection(_ decided: [Int64], statistics: ReviewStatistics) -> String {
        var html = sectionStart("distribution", "Time to decision")
        guard let median = statistics.timeToDecision.median, let p90 = statistics.timeToDecision.p90 else {
            return html + "<p>No decided cycle with a known start yet.</p>\n</section>\n"
        }
        let histogram = DecisionHistogram(decided)
        let frame = ChartFrame()
        let columns = histogram.counts.count + (histogram.overflow > 0 ? 1 : 0)
        let columnWidth = frame.plotWidth / Double(columns)
        let highest = Double(max(histogram.counts.max() ?? 0, histogram.overflow, 1))
        let upper = Double(histogram.upperSeconds)
        func x(_ seconds: Int64) -> Double {
            frame.left + columnWidth * Double(histogram.counts.count) * min(Double(seconds), upper) / upper
        }
        let within24 = percent(statistics.decidedWithin24h, of: statistics.timeToDecision.count)
        let within48 = percent(statistics.decidedWithin48h, of: statistics.timeToDecision.count)
        let summary =
            "\(count(statistics.timeToDecision.count, "decided cycle", "decided cycles")): median "
            + "\(DurationFormat.string(seconds: median)), 90th percentile \(DurationFormat.string(seconds: p90)); "
            + "\(within24) decided within 24 hours and \(within48) within 48 hours."
        html += "<figure>\n"
        html += frame.open(
            id: "histogram", title: "Distribution of time to decision",
            description: summary + " Bars of \(DurationFormat.string(seconds: histogram.binSeconds)) each.")
        html += frame.axes()
        for tick in [0.5, 1.0] where highest >= 2 || tick == 1 {
            let value = (highest * tick).rounded()
            html += frame.yTick(frame.y(value, maximum: highest), label: "\(Int(value))")
        }
        for (index, number) in histogram.counts.enumerated() where number > 0 {
            html += bar(
                frame, x: frame.left + columnWidth * Double(index), width: columnWidth, count: number,
                highest: highest, label: range(histogram, index))
        }
        if histogram.overflow > 0 {
            html += bar(
                frame, x: frame.left + columnWidth * Double(histogram.counts.count), width: columnWidth,
                count: histogram.overflow, highest: highest,
                label: "\(DurationFormat.string(seconds: histogram.upperSeconds)) or more")
            html += frame.xTick(frame.right - columnWidth / 2, label: "more")
        }
        for tick in ChartFrame.timeTicks(upTo: upper) {
            html += frame.xTick(x(tick), label: DurationFormat.string(seconds: tick).replacing(" 0h", with: ""))
        }
        html += frame.xTick(frame.left, label: "0")
        html += frame.marker(x: x(86_400), label: "24 h", row: 0, anchor: "end", cssClass: "marker-claim")
        html += frame.marker(x: x(172_800), label: "48 h", row: 0, anchor: "start", cssClass: "marker-claim")
        html += frame.marker(x: x(median), label: "median", row: 1, anchor: "end", cssClass: "marker-median")
        html += frame.marker(x: x(p90), label: "p90", row: 1, anchor: "start", cssClass: "marker-p90")
        html += "</svg>\n<figcaption>\(summary) Dashed lines: 24 and 48 hours, the bounds of Apple's claims; solid: "
        html += "your median; dotted: your 90th percentile.</figcaption>\n</figure>\n"
        html += "<details>\n<summary>The figures as a table</summary>\n<table>\n<caption>Decided cycles by time to "
        html += "decision</caption>\n<thead><tr><th scope=\"col\">Time to decision</th><th scope=\"col\">Cycles"
        html += "</th></tr></thead>\n<tbody>\n"
        for (index, number) in histogram.counts.enumerated() {
            html += "<tr><th scope=\"row\">\(range(histogram, index))</th><td>\(number)</td></tr>\n"
        }
        if histogram.overflow > 0 {
            html += "<tr><th scope=\"row\">\(DurationFormat.string(seconds: histogram.upperSeconds)) or more</th>"
            html += "<td>\(histogram.overflow)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n</section>\n"
    }

    private func range(_ histogram: DecisionHistogram, _ index: Int) -> String {
        let start = histogram.binSeconds * Int64(index)
        return "\(index == 0 ? "0" : DurationFormat.string(seconds: start)) to under "
            + DurationFormat.string(seconds: start + histogram.binSeconds)
    }

    private func bar(_ frame: ChartFrame, x: Double, width: Double, count: Int, highest: Double, label: String)
        -> String
    {
        let y = frame.y(Double(count), maximum: highest)
        return "<rect class=\"bar\" x=\"\(HTMLText.number(x + 0.5))\" y=\"\(HTMLText.number(y))\" "
            + "width=\"\(HTMLText.number(max(width - 1, 0.5)))\" height=\"\(HTMLText.number(frame.bottom - y))\">"
            + "<title>\(label): \(self.count(count, "cycle", "cycles"))</title></rect>\n"
    }
}
