internal import ReviewLog

extension HTMLReport {
    /// A bar per version, the latest first, grouped by app and platform: a Gantt of its states per cycle, each bar
    /// scaled to its own length. A released version's final resting state (which lasts until now) is left out of the
    /// bar and named in the text; an open cycle's current state runs to now.
    func timelineSection(_ tracks: [ReportTrack]) -> String {
        var html = sectionStart("timelines", "Timelines")
        guard !tracks.isEmpty else { return html + "<p>No versions yet.</p>\n</section>\n" }
        html += "<p class=\"muted\">One bar per version, each to its own scale; a gap separates submission cycles. "
        html += "Faded, dashed segments are approximate (observed by polling).</p>\n"
        html += "<ul class=\"legend\" aria-label=\"Colours\">"
        for stage in ReportStage.allCases {
            html += "<li><span class=\"swatch \(stage.cssClass)\"></span>\(stage.title)</li>"
        }
        html += "<li><span class=\"swatch approx-swatch\"></span>Approximate</li></ul>\n"
        for (trackIndex, track) in tracks.enumerated() {
            html += "<h3>\(HTMLText.escaped(track.app)) <span class=\"platform\">\(track.platform.name)</span></h3>\n"
            // The latest first, by when their current state began: indices are sorted, not the timelines (large
            // values: sorting them moved a tenth of the report's time through memmove at 100,000 versions).
            let starts = track.versions.map { $0.current?.start ?? now }
            let shown = track.versions.indices.sorted { starts[$0] > starts[$1] }.prefix(versionsPerTrack)
            if shown.count < track.versions.count {
                html += "<p class=\"muted\">The latest \(shown.count) of \(track.versions.count) versions; review "
                html += "timeline APP --version V shows any other.</p>\n"
            }
            html += "<ol class=\"gantt\">\n"
            for (index, version) in shown.enumerated() {
                html += bar(track.versions[version], id: "bar-\(trackIndex)-\(index)")
            }
            html += "</ol>\n"
        }
        return html + "</section>\n"
    }

    private func bar(_ timeline: VersionTimeline, id: String) -> String {
        let isOpen = timeline.cycles.last?.isOpen == true
        var segments: [(cycle: Int, span: StateSpan)] = timeline.cycles.flatMap { cycle in
            cycle.spans.map { (cycle.number, $0) }
        }
        var resting: StateSpan?
        if !isOpen, segments.count > 1, let last = segments.last {
            resting = last.span
            segments.removeLast()
        }
        let build = timeline.cycles.lazy.flatMap(\.spans).compactMap(\.event.build).last
        var html = "<li class=\"gantt-row\">\n<div class=\"gantt-label\"><strong>"
        html += "\(HTMLText.escaped(timeline.key.version))</strong>"
        if let build { html += " <span class=\"muted\">build \(HTMLText.escaped(build))</span>" }
        html += "</div>\n"
        // Widths in seconds, each segment at least 0.6% of the whole so a short state stays visible; a gap of 0.5%
        // between cycles. The viewBox is as wide as the sum, stretched to the row (preserveAspectRatio none).
        let total = max(1, segments.reduce(Int64(0)) { $0 + $1.span.seconds })
        let minimum = Double(total) * 0.006
        let gap = Double(total) * 0.005
        var x = 0.0
        var rects = ""
        var words: [String] = []
        for (offset, segment) in segments.enumerated() {
            if offset > 0, segments[offset - 1].cycle != segment.cycle {
                x += gap
                words.append("then cycle \(segment.cycle):")
            }
            let width = max(Double(segment.span.seconds), minimum)
            let span = segment.span
            let approximate = span.precision != .exact
            let words1: String
            if !DurationFormat.showsLength(of: span) {
                words1 = "\(span.state.displayName) since \(HTMLText.escaped(formatTime(span.start)))"
            } else {
                let length =
                    span.precision == .unknown
                    ? "over " + DurationFormat.string(seconds: span.seconds)
                    : duration(span.seconds, span.precision)
                words1 = "\(span.state.displayName) \(length)" + (span.isCurrent ? " so far" : "")
            }
            words.append(words1)
            rects += "<rect class=\"\(ReportStage(span.state).cssClass)\(approximate ? " approx" : "")\" "
            rects += "x=\"\(HTMLText.number(x))\" y=\"0\" width=\"\(HTMLText.number(width))\" height=\"12\">"
            let from = DurationFormat.showsLength(of: span) ? ", from \(HTMLText.escaped(formatTime(span.start)))" : ""
            rects += "<title>\(words1)\(from)</title></rect>"
            x += width
        }
        let label = HTMLText.escaped(timeline.key.version) + ": " + words.joined(separator: ", ")
        html += "<svg id=\"\(id)\" class=\"gantt-bar\" viewBox=\"0 0 \(HTMLText.number(max(x, 1))) 12\" "
        html += "preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(label)\">\(rects)</svg>\n"
        html += "<p class=\"gantt-detail\">\(detail(timeline, resting: resting))</p>\n</li>\n"
        return html
    }

    /// Each cycle's outcome in words, then the state the version rests in.
    private func detail(_ timeline: VersionTimeline, resting: StateSpan?) -> String {
        var parts: [String] = []
        for cycle in timeline.cycles {
            var text = timeline.cycles.count > 1 ? "Cycle \(cycle.number): " : ""
            if let decision = cycle.decision {
                text += decision.state.displayName
                if let seconds = cycle.timeToDecisionSeconds {
                    text += " after \(duration(seconds, cycle.timeToDecisionPrecision))"
                }
                if let note = decision.note { text += " (“\(HTMLText.escaped(note))”)" }
            } else if cycle.isWithdrawn {
                text += "Withdrawn before a decision"
            } else if let start = cycle.start {
                text += "No decision yet, submitted \(DurationFormat.string(seconds: start.seconds(until: now))) ago"
            } else {
                text += "Not submitted"
            }
            parts.append(text)
        }
        var html = parts.joined(separator: "; ") + "."
        // The state the version rests in, unless it is the decision just named.
        if let resting, resting.event != timeline.cycles.last?.decision {
            html += " Now \(resting.state.displayName) since \(HTMLText.escaped(formatTime(resting.start)))."
        }
        return html
    }
}
