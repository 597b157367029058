internal import ReviewLog

extension HTMLReport {
    /// A bar per version, the latest first, grouped by app and platform: its review time per cycle, from Waiting for
    /// Review to the decision, every bar on one scale (`ReviewBar`, `TimelineScale`; issue 25 item 18), with a time
    /// axis above each app's bars. What is not review time (Prepare for Submission, the states after a decision) is
    /// left out of the bar and named in the text, which gives every state's length.
    func timelineSection(_ tracks: [ReportTrack]) -> String {
        var html = sectionStart("timelines", "Timelines")
        guard !tracks.isEmpty else { return html + "<p>No versions yet.</p>\n</section>\n" }
        // The latest first, by when their current state began: indices are sorted, not the timelines (large
        // values: sorting them moved a tenth of the report's time through memmove at 100,000 versions).
        let shown = tracks.map { track in
            let starts = track.versions.map { $0.current?.start ?? now }
            return Array(track.versions.indices.sorted { starts[$0] > starts[$1] }.prefix(versionsPerTrack))
        }
        let bars = zip(tracks, shown).map { track, shown in shown.map { ReviewBar(track.versions[$0]) } }
        let scale = TimelineScale(bars: bars.flatMap { $0 })
        let layouts = bars.map { $0.map(scale.layout) }
        let viewWidth = TimelineScale.viewWidth(layouts.flatMap { $0.map(\.pieces) })
        html += "<p class=\"muted\">One bar per version: its review time, from submission (Waiting for Review) to "
        html += "each decision, all bars on one scale (0 to \(ChartFrame.tickLabel(seconds: scale.fullSeconds)), above "
        html += "each app's bars). Prepare for Submission and the states after a decision are not review time: the "
        html += "text under a bar names them. A decision is a dark mark at the end of its cycle, a gap separates "
        html += "cycles, and the shortest states are drawn at a minimum width. Faded, dashed segments are approximate "
        html += "(observed by polling).</p>\n"
        html += "<ul class=\"legend\" aria-label=\"Colours\">"
        for stage in ReportStage.allCases {
            html += "<li><span class=\"swatch \(stage.cssClass)\"></span>\(stage.title)</li>"
        }
        html += "<li><span class=\"swatch approx-swatch\"></span>Approximate</li></ul>\n"
        let axis = self.axis(scale, viewWidth: viewWidth)
        for (trackIndex, track) in tracks.enumerated() {
            html += "<h3>\(HTMLText.escaped(track.app)) <span class=\"platform\">\(track.platform.name)</span></h3>\n"
            if shown[trackIndex].count < track.versions.count {
                html += "<p class=\"muted\">The latest \(shown[trackIndex].count) of \(track.versions.count) versions; "
                html += "review timeline APP --version V shows any other.</p>\n"
            }
            html += axis + "<ol class=\"gantt\">\n"
            for (index, version) in shown[trackIndex].enumerated() {
                html += bar(
                    track.versions[version], layout: layouts[trackIndex][index], scale: scale, viewWidth: viewWidth,
                    id: "bar-\(trackIndex)-\(index)")
            }
            html += "</ol>\n"
        }
        return html + "</section>\n"
    }

    /// The scale's time axis, aligned with the bars' column: its grid values, at their places in percent of the row.
    private func axis(_ scale: TimelineScale, viewWidth: Double) -> String {
        var html = "<div class=\"gantt-scale\" aria-hidden=\"true\"><div class=\"gantt-spacer\"></div>"
        html += "<svg class=\"gantt-axis\" width=\"100%\" height=\"20\">"
        html += "<text x=\"0\" y=\"13\" text-anchor=\"start\">0</text>"
        for tick in scale.ticks {
            let fraction = scale.x(tick) / viewWidth
            html += "<line x1=\"\(ChartFrame.x(fraction))\" y1=\"15\" x2=\"\(ChartFrame.x(fraction))\" y2=\"20\"/>"
            html +=
                "<text x=\"\(ChartFrame.x(fraction))\" y=\"13\" text-anchor=\"\(fraction > 0.97 ? "end" : "middle")\">"
            html += "\(ChartFrame.tickLabel(seconds: tick))</text>"
        }
        return html + "</svg></div>\n"
    }

    /// A state in words: "In Review 1h 8m", "Waiting for Review ~2h 0m so far", "Rejected since 2020-03-23 ...".
    private func words(_ span: StateSpan) -> String {
        guard DurationFormat.showsLength(of: span) else {
            return "\(span.state.displayName) since \(HTMLText.escaped(formatTime(span.start)))"
        }
        let length =
            span.precision == .unknown
            ? "over " + DurationFormat.string(seconds: span.seconds) : duration(span.seconds, span.precision)
        return "\(span.state.displayName) \(length)" + (span.isCurrent ? " so far" : "")
    }

    private func bar(
        _ timeline: VersionTimeline, layout: (pieces: [TimelineScale.Placed], isCut: Bool), scale: TimelineScale,
        viewWidth: Double, id: String
    ) -> String {
        let build = timeline.cycles.lazy.flatMap(\.spans).compactMap(\.event.build).last
        var html = "<li class=\"gantt-row\">\n<div class=\"gantt-label\"><strong>"
        html += "\(HTMLText.escaped(timeline.key.version))</strong>"
        if let build { html += " <span class=\"muted\">build \(HTMLText.escaped(build))</span>" }
        html += "</div>\n"
        // The row's width is the viewBox's, stretched to the column (preserveAspectRatio none): the same for every bar,
        // so a unit is as wide in each. The track behind the pieces shows where the scale ends.
        var rects = "<rect class=\"gantt-track\" x=\"0\" y=\"0\" width=\"\(HTMLText.number(TimelineScale.width))\" "
        rects += "height=\"12\"/>"
        var words: [String] = []
        for piece in layout.pieces {
            let span = piece.segment.span
            let approximate = span.precision != .exact
            let title: String
            if piece.segment.isOutcome {
                title = "\(span.state.displayName), \(HTMLText.escaped(formatTime(span.start)))"
            } else {
                let from =
                    DurationFormat.showsLength(of: span) ? ", from \(HTMLText.escaped(formatTime(span.start)))" : ""
                title = self.words(span) + from
            }
            words.append(piece.segment.isOutcome ? span.state.displayName : self.words(span))
            rects += "<rect class=\"\(ReportStage(span.state).cssClass)\(approximate ? " approx" : "")"
            rects += piece.segment.isOutcome ? " outcome\" " : "\" "
            rects +=
                "x=\"\(HTMLText.number(piece.x))\" y=\"0\" width=\"\(HTMLText.number(piece.width))\" height=\"12\">"
            rects += "<title>\(title)</title></rect>"
        }
        let label =
            HTMLText.escaped(timeline.key.version) + ": "
            + (words.isEmpty ? "not submitted" : "review time " + words.joined(separator: ", "))
        html += "<svg id=\"\(id)\" class=\"gantt-bar\" viewBox=\"0 0 \(HTMLText.number(viewWidth)) 12\" "
        html += "preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(label)\">\(rects)</svg>\n"
        var detail = self.detail(timeline)
        if layout.isCut {
            detail += " The bar is cut at the end of the scale, \(ChartFrame.tickLabel(seconds: scale.fullSeconds))."
        }
        html += "<p class=\"gantt-detail\">\(detail)</p>\n</li>\n"
        return html
    }

    /// Each cycle in words: when it was submitted again, its review states with their lengths (what the bar draws),
    /// its outcome; then the state the version rests in.
    private func detail(_ timeline: VersionTimeline) -> String {
        var parts: [String] = []
        var previousOutcome: StateSpan?
        for cycle in timeline.cycles {
            let (review, outcome) = ReviewBar.parts(of: cycle)
            var text = timeline.cycles.count > 1 ? "Cycle \(cycle.number)" : ""
            if let previousOutcome, let start = cycle.start {
                text +=
                    " (submitted again \(DurationFormat.string(seconds: previousOutcome.start.seconds(until: start)))"
                text += " after \(previousOutcome.state.displayName))"
            }
            text += timeline.cycles.count > 1 ? ": " : ""
            if !review.isEmpty { text += review.map(words).joined(separator: ", ") + ": " }
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
            previousOutcome = outcome ?? previousOutcome
        }
        var html = parts.joined(separator: "; ") + "."
        // The state the version rests in, unless the bar ends with it (an open cycle's state, the decision just named).
        let last = timeline.cycles.last.map(ReviewBar.parts(of:))
        if let resting = timeline.current, resting.event != last?.outcome?.event, last?.review.last != resting {
            html += " Now \(resting.state.displayName) since \(HTMLText.escaped(formatTime(resting.start)))."
        }
        return html
    }
}
