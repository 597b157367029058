import CommandLineKit
import ReviewLog

/// One track's figures in a `stats --track` run.
struct TrackStatistics {
    var track: ReviewTrack
    var statistics: ReviewStatistics
    var periods: [(period: String, statistics: ReviewStatistics)]
}

extension Renderer {
    // MARK: stats --track

    /// `review stats --track`: one track's figures, each JSON with its `track`; with `all` (`pooled` false never
    /// pools: each track is its own section) `{"tracks": [{"track", ...}]}`, or the text sections one after the other.
    /// TestFlight figures are set beside the App Store ones (`appStore`), never beside an Apple claim: Apple publishes
    /// no figure for Beta App Review times.
    func statistics(
        tracks: [TrackStatistics], appStore: ReviewStatistics, scope: StatisticsScope, json: Bool, pooled: Bool
    ) -> String {
        if json {
            let objects = tracks.map { trackJSON($0, appStore: appStore, scope: scope) }
            if !pooled, let only = objects.first { return only + "\n" }
            return JSONText.object([("tracks", "[" + objects.joined(separator: ", ") + "]")]) + "\n"
        }
        let texts = tracks.map { section in
            section.track == .appStore
                ? statistics(section.statistics, periods: section.periods, scope: scope, json: false)
                : testFlightText(section, appStore: appStore, scope: scope)
        }
        guard pooled else { return texts.first ?? "" }
        return zip(tracks, texts).map { "== \($0.track.displayName) ==\n\n" + $1 }.joined(separator: "\n")
    }

    /// What Apple says of Beta App Review times: nothing, so the comparison is the user's own App Store figures.
    static let noAppleBetaFigure = "Apple publishes no figure for Beta App Review times"

    private func testFlightText(_ section: TrackStatistics, appStore: ReviewStatistics, scope: StatisticsScope)
        -> String
    {
        let stats = section.statistics
        var text = "Beta App Review (TestFlight) of \(scope.app.map(shown) ?? "all apps")"
        if let platform = scope.platform { text += " on \(platform.name)" }
        if let since = scope.since { text += " from \(time(since))" }
        if let until = scope.until { text += " until \(time(until))" }
        if let period = scope.period { text += ", by \(period.rawValue)" }
        text += "\n" + Self.buildCounts(stats) + "\n\n"
        if scope.period == nil {
            text += durationTable(stats) { Self.buildCounts($0, includeOpen: $1) }
        } else {
            var rows = [["PERIOD", "REVIEWED", "REJECTED", "WITHOUT REVIEW", "OPEN", "N", "MEDIAN", "P90"]]
            for (period, stats) in section.periods {
                let decision = stats.timeToDecision
                rows.append([
                    period, String(stats.reviewed), String(stats.rejected), String(stats.approvedWithoutReview),
                    String(stats.open), countCell(decision), percentileCell(decision.median, decision),
                    percentileCell(decision.p90, decision),
                ])
            }
            text += TextTable(rows: rows).render() + "Times to decision: builds decided after a review.\n\n"
        }
        text += Self.noAppleBetaFigure + "; your App Store cycles for comparison: "
        let own = appStore.timeToDecision
        if let median = own.median, let p90 = own.p90 {
            text += "time to decision median \(DurationFormat.string(seconds: median)), P90 "
            text += "\(DurationFormat.string(seconds: p90)) (\(own.count) decided cycle\(own.count == 1 ? "" : "s"))"
            text += own.isFewCycles ? "*.\n" : ".\n"
        } else {
            text += "none decided yet.\n"
        }
        if stats.timeToDecision.isFewCycles || stats.waiting.isFewCycles || stats.inReview.isFewCycles
            || own.isFewCycles
        {
            text += "* from fewer than \(OpenCycleComparison.fewCycles) cycles: a weak guide.\n"
        }
        if stats.openLeftOut > 0 {
            let builds = stats.openLeftOut == 1 ? "1 build in review" : "\(stats.openLeftOut) builds in review"
            text +=
                stats.includesOpen
                ? "\(builds) left out: the submission time is unknown.\n"
                : "\(builds) left out of these figures (no decision yet); --include-open counts "
                    + "\(stats.openLeftOut == 1 ? "it" : "them") as still waiting.\n"
        }
        let approximate = stats.waiting.approximate + stats.inReview.approximate + stats.timeToDecision.approximate
        if approximate > 0 {
            text +=
                "\(approximate) durations are approximate: a state observed by polling App Store Connect is known to "
                + "within the poll interval.\n"
        }
        text += "Times run from the build's submission to Beta App Review (its submittedDate).\n"
        return text
    }

    /// Which builds each row counts.
    private static func buildCounts(_ row: Int, includeOpen: Bool) -> String {
        switch row {
        case 0: "builds that reached In Review" + (includeOpen ? "; open ones still waiting" : "")
        case 1: "decided builds that reached In Review" + (includeOpen ? "; open ones in review" : "")
        default: "builds decided after a review" + (includeOpen ? "; open ones" : "")
        }
    }

    /// "Builds: 12 reviewed (of which rejected 2), 5 approved without review; still open 1".
    private static func buildCounts(_ stats: ReviewStatistics) -> String {
        "Builds: \(stats.reviewed) reviewed (of which rejected \(stats.rejected)), \(stats.approvedWithoutReview) "
            + "approved without review; still open \(stats.open)"
    }

    /// One track's JSON object: `track`, the scope, then the figures (or `periods`); TestFlight's with `reviewed`,
    /// `rejected` and `approvedWithoutReview` at the top and in each period, no Apple claim, and `appStore`: the
    /// user's App Store time to decision beside it.
    private func trackJSON(_ section: TrackStatistics, appStore: ReviewStatistics, scope: StatisticsScope) -> String {
        let figures: (ReviewStatistics) -> [(String, String)] = { stats in
            section.track == .appStore ? self.statisticsJSON(stats) : self.testFlightJSON(stats)
        }
        var members = [("track", JSONText.string(section.track.rawValue))] + scopeJSON(scope)
        if scope.period == nil {
            members += figures(section.statistics)
        } else {
            if section.track == .testFlight { members += Self.testFlightCounts(section.statistics) }
            let rows = section.periods.map {
                JSONText.object([("period", JSONText.string($0.period))] + figures($0.statistics))
            }
            members.append(("periods", "[" + rows.joined(separator: ", ") + "]"))
        }
        if section.track == .testFlight {
            let own = appStore.timeToDecision
            members.append(
                (
                    "appStore",
                    JSONText.object([
                        ("decided", String(own.count)), ("timeToDecisionMedian", JSONText.number(own.median)),
                        ("timeToDecisionP90", JSONText.number(own.p90)), ("fewCycles", String(own.isFewCycles)),
                        ("apple", JSONText.string(Self.noAppleBetaFigure)),
                    ])
                ))
        }
        return JSONText.object(members)
    }

    /// The counts of TestFlight builds.
    private static func testFlightCounts(_ stats: ReviewStatistics) -> [(String, String)] {
        [
            ("reviewed", String(stats.reviewed)), ("rejected", String(stats.rejected)),
            ("approvedWithoutReview", String(stats.approvedWithoutReview)),
        ]
    }

    /// TestFlight figures: the counts, then the App Store figures' members without Apple's claims (none exist for
    /// Beta App Review) and without the 24/48-hour shares that answer them.
    private func testFlightJSON(_ stats: ReviewStatistics) -> [(String, String)] {
        let appleOnly: Set<String> = ["claims", "apple", "decidedWithin24h", "decidedWithin48h", "rejected"]
        return Self.testFlightCounts(stats) + statisticsJSON(stats).filter { !appleOnly.contains($0.0) }
    }
}
