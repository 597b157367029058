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
        let columnWidth = 1 / Double(columns)
        let ticks = histogram.countTicks
        let top = Double(ticks.last!)
        let upper = Double(histogram.upperSeconds)
        /// The x of a time, as a fraction of the width: the regular bins take all but the overflow column.
        func x(_ seconds: Int64) -> Double {
            columnWidth * Double(histogram.counts.count) * min(Double(seconds), upper) / upper
        }
        let within24 = percent(statistics.decidedWithin24h, of: statistics.timeToDecision.count)
        let within48 = percent(statistics.decidedWithin48h, of: statistics.timeToDecision.count)
        let summary =
            "\(count(statistics.timeToDecision.count, "decided cycle", "decided cycles")): median "
            + "\(DurationFormat.string(seconds: median)), 90th percentile \(DurationFormat.string(seconds: p90)); "
            + "\(within24) decided within 24 hours and \(within48) within 48 hours."
        let overflowNote =
            histogram.overflow > 0
            ? " The last bar counts the \(count(histogram.overflow, "cycle", "cycles")) of "
                + "\(DurationFormat.string(seconds: histogram.upperSeconds)) or more."
            : ""
        html += "<figure>\n"
        html += frame.open(
            id: "histogram", title: "Distribution of time to decision",
            description: summary + " Bars of \(binWords(histogram.binSeconds)) each."
                + overflowNote)
        for tick in ticks {
            html += frame.yTick(frame.y(Double(tick), maximum: top), label: "\(tick)")
        }
        for (index, number) in histogram.counts.enumerated() where number > 0 {
            html += bar(
                frame, x: columnWidth * Double(index), width: columnWidth, count: number, top: top,
                label: range(histogram, index))
        }
        if histogram.overflow > 0 {
            html += bar(
                frame, x: columnWidth * Double(histogram.counts.count), width: columnWidth,
                count: histogram.overflow, top: top,
                label: "\(DurationFormat.string(seconds: histogram.upperSeconds)) or more")
        }
        html += frame.axes()
        // Time ticks a label's width apart at a phone's width: at most 6 of them, none next to the overflow column's
        // "more".
        let timeTicks = ChartFrame.timeTicks(upTo: upper, count: 6)
        for tick in timeTicks where histogram.overflow == 0 || x(tick) < 0.88 {
            html += frame.xTick(x(tick), label: ChartFrame.tickLabel(seconds: tick))
        }
        if histogram.overflow > 0 {
            html += frame.xTick(1, label: "more")
        }
        html += frame.xTick(0, label: "0")
        // A median and a 90th percentile closer than a label's width (a few cycles, all alike) share one label: two
        // labels there would be drawn over each other at the chart's edge.
        let together = abs(x(median) - x(p90)) < 0.1
        let markers: [(Int64, String, Int, String)] = [
            (AppleReviewClaim.todayWithinSeconds, "24 h", 0, "marker-claim"),
            (AppleReviewClaim.longWaitSeconds, "48 h", 0, "marker-claim"),
            (median, together ? "median, p90" : "median", 1, "marker-median"),
            (p90, together ? "" : "p90", 1, "marker-p90"),
        ]
        for (seconds, label, row, cssClass) in markers
        where cssClass != "marker-claim" || seconds < histogram.upperSeconds {
            // The label away from its pair: the first of a row ends at its line, the second starts there.
            let anchor = label == "24 h" || label.hasPrefix("median") ? "end" : "start"
            html += frame.marker(x: x(seconds), label: label, row: row, anchor: anchor, cssClass: cssClass)
        }
        let claims = Double(AppleReviewClaim.longWaitSeconds) < upper ? "24 and 48 hours" : "24 hours"
        html += "</svg>\n<figcaption>\(summary) Bars of \(binWords(histogram.binSeconds)) each"
        html +=
            histogram.overflow > 0
            ? "; the last, “more”, counts the cycles of "
                + "\(DurationFormat.string(seconds: histogram.upperSeconds)) or more" : ""
        html += ". Dashed lines: \(claims), the bounds of Apple's claims; solid: your median; dotted: your 90th "
        html += "percentile.</figcaption>\n</figure>\n"
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

    /// A bin's width in words: "3 hours", "a day".
    private func binWords(_ seconds: Int64) -> String {
        if seconds % 86_400 == 0 { return seconds == 86_400 ? "a day" : "\(seconds / 86_400) days" }
        return seconds == 3_600 ? "an hour" : "\(seconds / 3_600) hours"
    }

    private func range(_ histogram: DecisionHistogram, _ index: Int) -> String {
        let start = histogram.binSeconds * Int64(index)
        return "\(index == 0 ? "0" : DurationFormat.string(seconds: start)) to under "
            + DurationFormat.string(seconds: start + histogram.binSeconds)
    }

    /// A bar of `count` at `x`, `width` (fractions of the chart's width), with a gap of a tenth of the width
    /// between bars.
    private func bar(_ frame: ChartFrame, x: Double, width: Double, count: Int, top: Double, label: String)
        -> String
    {
        let y = frame.y(Double(count), maximum: top)
        return "<rect class=\"bar\" x=\"\(ChartFrame.x(x + width * 0.05))\" y=\"\(HTMLText.number(y))\" "
            + "width=\"\(ChartFrame.x(width * 0.9))\" height=\"\(HTMLText.number(frame.bottom - y))\">"
            + "<title>\(label): \(self.count(count, "cycle", "cycles"))</title></rect>\n"
    }
}
