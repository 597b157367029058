internal import ReviewLog

extension HTMLReport {
    /// Counts of app tiles per stage, as summary tiles: Waiting, In Review, Rejected, Live always; Approved and Other
    /// when some tile is in them.
    func summarySection(_ tiles: [AppTile]) -> String {
        var html = sectionStart("summary", "Where your apps stand")
        html += "<ul class=\"summary\">\n"
        for stage in [ReportStage.waiting, .inReview, .rejected, .approved, .live, .other] {
            let number = tiles.count { $0.stage == stage }
            guard number > 0 || stage.isAlwaysSummarised else { continue }
            html += "<li class=\"summary-tile \(stage.cssClass)\" data-stage=\"\(stage.rawValue)\">"
            html += "<span class=\"summary-count\">\(number)</span> <span class=\"summary-label\">\(stage.title)"
            html += "</span></li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    /// The grid: one tile per app and platform.
    func tileSection(_ tiles: [AppTile]) -> String {
        var html = sectionStart("apps", "Apps")
        guard !tiles.isEmpty else {
            return html + "<p>No events yet. Record one with review log APP STATE --version V.</p>\n</section>\n"
        }
        html += "<div class=\"grid\">\n"
        for (index, tile) in tiles.enumerated() { html += self.tile(tile, index: index) }
        return html + "</div>\n</section>\n"
    }

    private func tile(_ tile: AppTile, index: Int) -> String {
        let key = tile.timeline.key
        let span = tile.current
        var html = "<article class=\"tile \(tile.stage.cssClass)\" data-app=\"\(HTMLText.escaped(key.app))\" "
        html += "data-platform=\"\(key.platform.name)\" aria-labelledby=\"tile-\(index)\">\n"
        html += "<h3 id=\"tile-\(index)\">\(HTMLText.escaped(key.app)) <span class=\"platform\">\(key.platform.name)"
        html += "</span></h3>\n<p><span class=\"badge\">\(span.state.displayName)</span></p>\n"
        html += "<p>Version \(HTMLText.escaped(key.version))"
        if let build = tile.build { html += " (build \(HTMLText.escaped(build)))" }
        html += "</p>\n<p class=\"muted\">"
        if !DurationFormat.showsLength(of: span) {
            html += span.precision == .unknown ? "Since before " : "Since "
        } else if span.precision == .unknown {
            html += "For over \(DurationFormat.string(seconds: span.seconds)), since before "
        } else {
            html += "For \(duration(span.seconds, span.precision)), since "
        }
        html += "\(HTMLText.escaped(formatTime(span.start)))</p>\n"
        if let comparison = tile.comparison { html += self.comparison(comparison) }
        return html + "</article>\n"
    }

    /// The open cycle's comparison: how its wait so far ranks among the user's decided cycles, beside Apple's claim,
    /// and the expedited review suggestion past 48 hours (`OpenCycleComparison.suggestsExpedite`).
    private func comparison(_ comparison: OpenCycleComparison) -> String {
        let elapsed = duration(comparison.elapsedSeconds, comparison.elapsedPrecision)
        var html = "<div class=\"comparison\">\n<p><strong>Submitted \(elapsed) ago.</strong> "
        if comparison.decidedCycles == 0 {
            html += "No decided cycle of yours to compare with yet."
        } else {
            html += "Longer than \(comparison.decidedFaster) of your \(comparison.decidedCycles) decided cycles took "
            html += "(\(percent(comparison.decidedFaster, of: comparison.decidedCycles)))"
            if let median = comparison.ownMedian, let p90 = comparison.ownP90 {
                html += "; your median is \(DurationFormat.string(seconds: median)), your 90th percentile "
                html += DurationFormat.string(seconds: p90)
            }
            html += "."
            if comparison.isFewCycles {
                html +=
                    " <span class=\"few\">Fewer than \(OpenCycleComparison.fewCycles) cycles: indicative only.</span>"
            }
        }
        html += "</p>\n<p>Apple: “\(AppleReviewClaim.today).”"
        html += comparison.isPastAppleClaim ? " This wait is past those 24 hours.</p>\n" : "</p>\n"
        if comparison.suggestsExpedite {
            html += "<p class=\"suggestion\">Past 48 hours"
            html += comparison.ownP90 == nil ? "" : " and past your own 90th percentile"
            html += ": consider asking for an expedited review (App Store Connect, Contact Us, “Request an expedited "
            html += "app review”).</p>\n"
        }
        return html + "</div>\n"
    }
}
