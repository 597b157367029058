import CommandLineKit
import ReviewLog

/// Turns results into the text `review` prints: human output (local time or UTC) and `--json`.
struct Renderer {
    var utc: Bool
    var now: Timestamp

    func time(_ instant: Timestamp) -> String { WallClock.format(instant.secondsSince1970, utc: utc) }

    func label(_ key: VersionKey) -> String { "\(key.app) \(key.version) (\(key.platform.name))" }

    func json(_ value: String?) -> String { JSONText.string(value) }

    /// A duration as people read it, marked "~" when an end was observed by polling, "unknown" when its start is.
    func duration(_ seconds: Int64?, _ precision: DurationPrecision) -> String {
        DurationFormat.string(seconds: seconds, precision: precision)
    }

    /// The JSON of a precision: "exact", "approximate" or "unknown".
    func precisionJSON(_ precision: DurationPrecision) -> String {
        switch precision {
        case .exact: return JSONText.string("exact")
        case .approximate: return JSONText.string("approximate")
        case .unknown: return JSONText.string("unknown")
        }
    }

    // MARK: log

    func logged(_ result: LogResult) -> String {
        let event = result.event
        var text =
            result.inserted
            ? "Logged event \(event.id): " : "Already logged as event \(event.id) (nothing changed): "
        text += "\(label(event.versionKey)) \(event.state.displayName) at \(time(event.at))\n"
        if let previous = result.previous, let seconds = result.previousStateSeconds {
            text += "\(previous.state.displayName) lasted \(DurationFormat.string(seconds: seconds)).\n"
        }
        return text
    }

    func transitionWarning(_ result: LogResult) -> String {
        let event = result.event
        if let previous = result.previous {
            return "review: warning: unusual transition for \(label(event.versionKey)): \(previous.state.displayName) "
                + "→ \(event.state.displayName); recorded anyway\n"
        }
        return "review: warning: \(label(event.versionKey)) starts at \(event.state.displayName); a version usually "
            + "starts at Prepare for Submission or Waiting for Review; recorded anyway\n"
    }

    // MARK: status

    func status(_ timelines: [VersionTimeline], json: Bool) -> String {
        let currents = timelines.compactMap { timeline in timeline.current.map { (timeline.key, $0) } }
        if json {
            let items = currents.map { key, span in
                JSONText.object([
                    ("app", JSONText.string(key.app)), ("platform", JSONText.string(key.platform.name)),
                    ("version", JSONText.string(key.version)), ("state", JSONText.string(span.state.apiString)),
                    ("since", JSONText.string(span.start.iso8601)), ("seconds", String(span.seconds)),
                    ("precision", precisionJSON(span.precision)),
                ])
            }
            return "{\"versions\": [" + items.joined(separator: ", ") + "]}\n"
        }
        if currents.isEmpty { return "No events yet. Record one with: review log APP STATE --version V\n" }
        var rows = [["APP", "PLATFORM", "VERSION", "STATE", "SINCE", "FOR"]]
        for (key, span) in currents {
            rows.append([
                key.app, key.platform.name, key.version, span.state.displayName,
                (span.event.timing.isUnknownStart ? "before " : "") + time(span.start),
                span.precision == .unknown
                    ? "over " + DurationFormat.string(seconds: span.seconds) : duration(span.seconds, span.precision),
            ])
        }
        return TextTable(rows: rows).render()
    }

    // MARK: timeline

    func timeline(_ timeline: VersionTimeline, json: Bool) -> String {
        json ? timelineJSON(timeline) : timelineText(timeline)
    }

    private func timelineText(_ timeline: VersionTimeline) -> String {
        var text = "\(label(timeline.key))\n"
        for cycle in timeline.cycles {
            text += "\nCycle \(cycle.number): \(cycleSummary(cycle))\n"
            var rows: [[String]] = []
            for span in cycle.spans {
                var row = [
                    "#\(span.event.id)", span.state.displayName, time(span.start),
                    span.end.map { "→ " + time($0) } ?? "→ now", duration(span.seconds, span.precision),
                ]
                if let note = span.event.note { row.append("\"\(note)\"") }
                rows.append(row)
            }
            text += TextTable(rows: rows).render(indent: "  ")
        }
        if let total = timeline.totalToReleaseSeconds {
            text += "\nTotal to release: \(DurationFormat.string(seconds: total)).\n"
        }
        return text
    }

    func cycleSummary(_ cycle: SubmissionCycle) -> String {
        var parts: [String] = []
        if let decision = cycle.decision, let seconds = cycle.timeToDecisionSeconds {
            parts.append("\(decision.state.displayName) after \(duration(seconds, cycle.timeToDecisionPrecision))")
        } else if cycle.isWithdrawn {
            parts.append("withdrawn by the developer before a decision")
        } else if let start = cycle.start {
            parts.append(
                "no decision yet, \(DurationFormat.string(seconds: start.seconds(until: now))) since submission")
        } else {
            parts.append("not submitted (never entered Waiting for Review)")
        }
        if let waiting = cycle.waitingSeconds { parts.append("waiting \(duration(waiting, cycle.waitingPrecision))") }
        if let review = cycle.inReviewSeconds { parts.append("in review \(duration(review, cycle.inReviewPrecision))") }
        if let seconds = cycle.timeToDecisionSeconds {
            parts.append(seconds <= 172_800 ? "decided within 48h" : "not decided within 48h")
        }
        return parts.joined(separator: "; ")
    }

    private func timelineJSON(_ timeline: VersionTimeline) -> String {
        let cycles = timeline.cycles.map { cycle in
            let states = cycle.spans.map { span in
                JSONText.object([
                    ("id", String(span.event.id)), ("state", JSONText.string(span.state.apiString)),
                    ("name", JSONText.string(span.state.displayName)),
                    ("start", JSONText.string(span.start.iso8601)),
                    ("end", JSONText.string(span.end?.iso8601)), ("seconds", String(span.seconds)),
                    ("precision", precisionJSON(span.precision)),
                    ("source", JSONText.string(span.event.source.rawValue)),
                    ("note", JSONText.string(span.event.note)),
                ])
            }
            return JSONText.object([
                ("number", String(cycle.number)), ("start", JSONText.string(cycle.start?.iso8601)),
                ("decision", JSONText.string(cycle.decision?.state.apiString)),
                ("decisionAt", JSONText.string(cycle.decision?.at.iso8601)),
                ("withdrawn", String(cycle.isWithdrawn)), ("waitingSeconds", JSONText.number(cycle.waitingSeconds)),
                ("inReviewSeconds", JSONText.number(cycle.inReviewSeconds)),
                ("timeToDecisionSeconds", JSONText.number(cycle.timeToDecisionSeconds)),
                ("states", "[" + states.joined(separator: ", ") + "]"),
            ])
        }
        return JSONText.object([
            ("app", JSONText.string(timeline.key.app)), ("platform", JSONText.string(timeline.key.platform.name)),
            ("version", JSONText.string(timeline.key.version)),
            ("totalToReleaseSeconds", JSONText.number(timeline.totalToReleaseSeconds)),
            ("cycles", "[" + cycles.joined(separator: ", ") + "]"),
        ]) + "\n"
    }

    // MARK: stats

    static let appleToday = AppleReviewClaim.today
    static let appleEarlier = AppleReviewClaim.earlier

    func statistics(_ stats: ReviewStatistics, app: String?, since: Timestamp?, until: Timestamp?, json: Bool)
        -> String
    {
        json
            ? statisticsJSON(stats, app: app, since: since, until: until)
            : statisticsText(stats, app: app, since: since, until: until)
    }

    private func share(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "\(count) of 0" }
        return "\(count) of \(total) (\(count * 100 / total)%)"
    }

    private func statisticsText(_ stats: ReviewStatistics, app: String?, since: Timestamp?, until: Timestamp?)
        -> String
    {
        var window = ""
        if let since { window += " from \(time(since))" }
        if let until { window += " until \(time(until))" }
        var text = "Submission cycles of \(app ?? "all apps")\(window)\n"
        text += "Cycles: \(stats.cycles) (decided \(stats.decided), of which rejected \(stats.rejected); "
        text += "withdrawn \(stats.withdrawn); still open \(stats.open))\n\n"
        func cells(_ name: String, _ summary: DurationSummary) -> [String] {
            let format: (Int64?) -> String = { $0.map { DurationFormat.string(seconds: $0) } ?? "-" }
            return [name, String(summary.count), format(summary.median), format(summary.p90), format(summary.max)]
        }
        text += TextTable(rows: [
            ["", "COUNT", "MEDIAN", "P90", "MAX"],
            cells("Waiting for review", stats.waiting),
            cells("In review", stats.inReview),
            cells("Time to decision", stats.timeToDecision),
        ]).render()
        text += "\n"
        text += TextTable(rows: [
            [
                "Decided within 24h:", share(stats.decidedWithin24h, of: stats.decided),
                "Apple today: \"\(Self.appleToday)\"",
            ],
            [
                "Decided within 48h:", share(stats.decidedWithin48h, of: stats.decided),
                "Apple earlier: \"\(Self.appleEarlier)\"",
            ],
        ]).render()
        let approximate = stats.waiting.approximate + stats.inReview.approximate + stats.timeToDecision.approximate
        if approximate > 0 {
            let figures = stats.waiting.count + stats.inReview.count + stats.timeToDecision.count
            text +=
                "\(approximate) of the \(figures) durations are approximate: a state observed by polling App Store "
                + "Connect is known to within the poll interval.\n"
        }
        text += "Percentiles are nearest-rank; times run from entering Waiting for Review.\n"
        return text
    }

    private func statisticsJSON(_ stats: ReviewStatistics, app: String?, since: Timestamp?, until: Timestamp?)
        -> String
    {
        func summary(_ value: DurationSummary) -> String {
            JSONText.object([
                ("count", String(value.count)), ("approximate", String(value.approximate)),
                ("median", JSONText.number(value.median)),
                ("p90", JSONText.number(value.p90)), ("max", JSONText.number(value.max)),
            ])
        }
        func ratio(_ count: Int) -> String {
            stats.decided == 0 ? "null" : String(Double(count) / Double(stats.decided))
        }
        return JSONText.object([
            ("app", JSONText.string(app)), ("since", JSONText.string(since?.iso8601)),
            ("until", JSONText.string(until?.iso8601)), ("cycles", String(stats.cycles)),
            ("decided", String(stats.decided)), ("rejected", String(stats.rejected)),
            ("withdrawn", String(stats.withdrawn)), ("open", String(stats.open)),
            ("waitingSeconds", summary(stats.waiting)), ("inReviewSeconds", summary(stats.inReview)),
            ("timeToDecisionSeconds", summary(stats.timeToDecision)),
            (
                "decidedWithin24h",
                JSONText.object([("count", String(stats.decidedWithin24h)), ("share", ratio(stats.decidedWithin24h))])
            ),
            (
                "decidedWithin48h",
                JSONText.object([("count", String(stats.decidedWithin48h)), ("share", ratio(stats.decidedWithin48h))])
            ),
            (
                "apple",
                JSONText.object([
                    ("today", JSONText.string(Self.appleToday)), ("earlier", JSONText.string(Self.appleEarlier)),
                ])
            ),
        ]) + "\n"
    }
}
