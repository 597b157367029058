import CommandLineKit
import ReviewLog

/// What a `stats` run covered: the filters, for the heading and the JSON.
struct StatisticsScope {
    var app: String?
    var platform: Platform?
    var since: Timestamp?
    var until: Timestamp?
    var period: StatisticsPeriod?
    var includeOpen: Bool
}

extension Renderer {
    // MARK: stats

    /// `review stats`: one table, or a row per period.
    func statistics(
        _ stats: ReviewStatistics, periods: [(period: String, statistics: ReviewStatistics)], scope: StatisticsScope,
        json: Bool
    ) -> String {
        if json {
            var members = scopeJSON(scope)
            if scope.period == nil {
                members += statisticsJSON(stats)
            } else {
                let rows = periods.map {
                    JSONText.object([("period", JSONText.string($0.period))] + statisticsJSON($0.1))
                }
                members.append(("periods", "[" + rows.joined(separator: ", ") + "]"))
            }
            return JSONText.object(members) + "\n"
        }
        var text = heading(scope)
        text += "Cycles: \(stats.cycles) (decided \(stats.decided), of which rejected \(stats.rejected); "
        text += "withdrawn \(stats.withdrawn); still open \(stats.open))\n\n"
        text += scope.period == nil ? statisticsTable(stats) : periodTable(periods)
        return text + footnotes(stats)
    }

    /// A share as every output shows it (`PercentFormat`: rounded down, "<1%" above zero).
    static func percent(_ share: Double) -> String { PercentFormat.string(share: share) }

    private func heading(_ scope: StatisticsScope) -> String {
        var text = "Submission cycles of \(scope.app.map(shown) ?? "all apps")"
        if let platform = scope.platform { text += " on \(platform.name)" }
        if let since = scope.since { text += " from \(time(since))" }
        if let until = scope.until { text += " until \(time(until))" }
        if let period = scope.period { text += ", by \(period.rawValue)" }
        return text + "\n"
    }

    /// A percentile, "-" without data, or "over X" when open cycles keep the estimate from reaching it.
    func percentileCell(_ value: Int64?, _ summary: DurationSummary) -> String {
        if let value { return DurationFormat.string(seconds: value) }
        guard summary.censored > 0 else { return "-" }
        let followed = max(summary.max ?? 0, summary.longestCensored ?? 0)
        return "over " + DurationFormat.string(seconds: followed)
    }

    /// The count of a row: "11", "11 + 2 open", flagged "*" below `OpenCycleComparison.fewCycles`.
    func countCell(_ summary: DurationSummary) -> String {
        var cell = String(summary.count)
        if summary.censored > 0 { cell += " + \(summary.censored) open" }
        return cell + (summary.isFewCycles ? "*" : "")
    }

    /// Which cycles each row counts (issue 13, item 10: withdrawn cycles count for waiting, never for decision).
    static func counts(_ row: Int, includeOpen: Bool) -> String {
        switch row {
        case 0: "cycles that reached In Review, withdrawn ones too" + (includeOpen ? "; open ones still waiting" : "")
        case 1: "decided cycles that reached In Review" + (includeOpen ? "; open ones in review" : "")
        default: "decided cycles, never withdrawn ones" + (includeOpen ? "; open ones" : "")
        }
    }

    /// The table of the three durations, each row saying what it counts (`counts(row, includeOpen)`).
    func durationTable(_ stats: ReviewStatistics, counts: (Int, Bool) -> String) -> String {
        var rows = [["", "COUNTS", "N", "MEDIAN", "P90", "MAX"]]
        let named = [
            ("Waiting for review", stats.waiting), ("In review", stats.inReview),
            ("Time to decision", stats.timeToDecision),
        ]
        for (index, (name, summary)) in named.enumerated() {
            rows.append([
                name, counts(index, stats.includesOpen), countCell(summary),
                percentileCell(summary.median, summary), percentileCell(summary.p90, summary),
                summary.max.map { DurationFormat.string(seconds: $0) } ?? "-",
            ])
        }
        return TextTable(rows: rows).render() + "\n"
    }

    private func statisticsTable(_ stats: ReviewStatistics) -> String {
        var text = durationTable(stats) { Self.counts($0, includeOpen: $1) }
        // One claim per line: the user's share beside each of Apple's figures.
        for statement in AppleReviewClaim.statements {
            let hours = statement.withinSeconds / 3600
            let you =
                stats.shareDecided(within: statement.withinSeconds).map {
                    "you: \(Self.percent($0)) decided within \(hours) h"
                } ?? "you: no decided cycles yet"
            let few = stats.timeToDecision.isFewCycles && stats.timeToDecision.count > 0 ? "*" : ""
            text += "\(you)\(few); \(statement.source): \(statement.wording)\n"
        }
        return text
    }

    private func periodTable(_ periods: [(period: String, statistics: ReviewStatistics)]) -> String {
        var rows = [["PERIOD", "CYCLES", "DECIDED", "OPEN", "N", "MEDIAN", "P90", "WITHIN 24H", "WITHIN 48H"]]
        for (period, stats) in periods {
            let decision = stats.timeToDecision
            let share: (Int64) -> String = { bound in
                stats.shareDecided(within: bound).map(Self.percent) ?? "-"
            }
            rows.append([
                period, String(stats.cycles), String(stats.decided), String(stats.open), countCell(decision),
                percentileCell(decision.median, decision), percentileCell(decision.p90, decision),
                share(AppleReviewClaim.todayWithinSeconds), share(AppleReviewClaim.longWaitSeconds),
            ])
        }
        return TextTable(rows: rows).render()
            + "Times to decision: decided cycles, never withdrawn ones; Apple's figures are below.\n"
    }

    private func footnotes(_ stats: ReviewStatistics) -> String {
        var text = ""
        if stats.timeToDecision.isFewCycles || stats.waiting.isFewCycles || stats.inReview.isFewCycles {
            text += "* from fewer than \(OpenCycleComparison.fewCycles) cycles: a weak guide.\n"
        }
        for quote in [AppleReviewClaim.today, AppleReviewClaim.earlier] {
            let source = AppleReviewClaim.statements.first { $0.quote == quote }?.source ?? "Apple"
            text += "\(source): \"\(quote)\"\n"
        }
        if stats.openLeftOut > 0 {
            let cycles = stats.openLeftOut == 1 ? "1 open cycle" : "\(stats.openLeftOut) open cycles"
            text +=
                stats.includesOpen
                ? "\(cycles) left out: \(stats.openLeftOut == 1 ? "its" : "their") start is unknown (already waiting "
                    + "when first synced).\n"
                : "\(cycles) left out of these figures (no decision yet); --include-open counts "
                    + "\(stats.openLeftOut == 1 ? "it" : "them") as still waiting.\n"
        }
        let approximate = stats.waiting.approximate + stats.inReview.approximate + stats.timeToDecision.approximate
        if approximate > 0 {
            let figures = stats.waiting.count + stats.inReview.count + stats.timeToDecision.count
            text +=
                "\(approximate) of the \(figures) durations are approximate: a state observed by polling App Store "
                + "Connect is known to within the poll interval.\n"
        }
        text +=
            stats.includesOpen
            ? "Percentiles and shares are Kaplan-Meier estimates with open cycles censored now (nearest-rank when "
                + "none is open); times run from entering Waiting for Review.\n"
            : "Percentiles are nearest-rank; times run from entering Waiting for Review.\n"
        return text
    }

    // MARK: stats JSON

    func scopeJSON(_ scope: StatisticsScope) -> [(String, String)] {
        [
            ("app", JSONText.string(scope.app)), ("platform", JSONText.string(scope.platform?.name)),
            ("since", JSONText.string(scope.since?.iso8601)), ("until", JSONText.string(scope.until?.iso8601)),
            ("by", JSONText.string(scope.period?.rawValue)), ("includeOpen", String(scope.includeOpen)),
        ]
    }

    func statisticsJSON(_ stats: ReviewStatistics) -> [(String, String)] {
        func summary(_ value: DurationSummary, row: Int) -> String {
            JSONText.object([
                ("counts", JSONText.string(Self.counts(row, includeOpen: stats.includesOpen))),
                ("count", String(value.count)), ("censored", String(value.censored)),
                ("fewCycles", String(value.isFewCycles)), ("approximate", String(value.approximate)),
                ("median", JSONText.number(value.median)), ("p90", JSONText.number(value.p90)),
                ("max", JSONText.number(value.max)), ("longestCensored", JSONText.number(value.longestCensored)),
            ])
        }
        func share(_ bound: Int64) -> String { stats.shareDecided(within: bound).map { String($0) } ?? "null" }
        let claims = AppleReviewClaim.statements.map { statement in
            JSONText.object([
                ("withinSeconds", String(statement.withinSeconds)), ("yourShare", share(statement.withinSeconds)),
                ("source", JSONText.string(statement.source)), ("appleShare", String(statement.share)),
                ("appleOver", String(statement.isLowerBound)), ("apple", JSONText.string(statement.wording)),
                ("quote", JSONText.string(statement.quote)),
            ])
        }
        return [
            ("cycles", String(stats.cycles)), ("decided", String(stats.decided)), ("rejected", String(stats.rejected)),
            ("withdrawn", String(stats.withdrawn)), ("open", String(stats.open)),
            ("openLeftOut", String(stats.openLeftOut)),
            ("waitingSeconds", summary(stats.waiting, row: 0)), ("inReviewSeconds", summary(stats.inReview, row: 1)),
            ("timeToDecisionSeconds", summary(stats.timeToDecision, row: 2)),
            (
                "decidedWithin24h",
                JSONText.object([
                    ("count", String(stats.decidedWithin24h)), ("share", share(AppleReviewClaim.todayWithinSeconds)),
                ])
            ),
            (
                "decidedWithin48h",
                JSONText.object([
                    ("count", String(stats.decidedWithin48h)), ("share", share(AppleReviewClaim.longWaitSeconds)),
                ])
            ),
            ("claims", "[" + claims.joined(separator: ", ") + "]"),
            (
                "apple",
                JSONText.object([
                    ("today", JSONText.string(AppleReviewClaim.today)),
                    ("earlier", JSONText.string(AppleReviewClaim.earlier)),
                ])
            ),
        ]
    }
}
