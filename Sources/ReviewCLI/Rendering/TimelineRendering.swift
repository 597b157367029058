import CommandLineKit
import ReviewLog

extension Renderer {
    // MARK: timeline

    /// `review timeline`: one version (`all` false) or every version of an app, each with the comparison of its open
    /// cycle.
    func timeline(_ rows: [StatusRow], app: String, all: Bool, json: Bool, showsTrack: Bool = false) -> String {
        if json {
            let objects = rows.map { timelineJSON($0, showsTrack: showsTrack) }
            guard all else { return (objects.first ?? "null") + "\n" }
            let track =
                showsTrack ? rows.first.map { [("track", JSONText.string($0.timeline.key.track.rawValue))] } : nil
            return JSONText.object(
                [("app", JSONText.string(app))] + (track ?? [])
                    + [("versions", "[" + objects.joined(separator: ", ") + "]")]) + "\n"
        }
        return rows.map(timelineText).joined(separator: "\n")
    }

    /// `review timeline --track all`: each track's section (a track without events says so), or
    /// `{"app", "tracks": [{"track", "versions": [...]}]}` with `--all`, `{"app", "tracks": [{"track", "version"}]}`
    /// without (a version object, or null for a track without events).
    func timeline(byTrack sections: [(track: ReviewTrack, rows: [StatusRow])], app: String, all: Bool, json: Bool)
        -> String
    {
        if json {
            let tracks = sections.map { section in
                let objects = section.rows.map { timelineJSON($0, showsTrack: true) }
                let member =
                    all
                    ? ("versions", "[" + objects.joined(separator: ", ") + "]") : ("version", objects.first ?? "null")
                return JSONText.object([("track", JSONText.string(section.track.rawValue)), member])
            }
            return JSONText.object([
                ("app", JSONText.string(app)), ("tracks", "[" + tracks.joined(separator: ", ") + "]"),
            ]) + "\n"
        }
        return sections.map { section in
            let body =
                section.rows.isEmpty
                ? "\(shown(app)) has no \(section.track.displayName) events.\n"
                : section.rows.map(timelineText).joined(separator: "\n")
            return "== \(section.track.displayName) ==\n\n" + body
        }.joined(separator: "\n")
    }

    private func timelineText(_ row: StatusRow) -> String {
        let timeline = row.timeline
        var text = "\(label(timeline.key))\n"
        for cycle in timeline.cycles {
            let build = cycle.build.map { " (build \(shown($0)))" } ?? ""
            text += "\nCycle \(cycle.number)\(build): \(cycleSummary(cycle))\n"
            var rows: [[String]] = []
            for span in cycle.spans {
                var cells = [
                    "#\(span.event.id)", stateName(span.state), time(span.start),
                    span.end.map { "→ " + time($0) } ?? "→ now",
                    DurationFormat.showsLength(of: span) ? duration(span.seconds, span.precision) : "-",
                ]
                if let note = span.event.note { cells.append("\"\(shown(note))\"") }
                rows.append(cells)
            }
            text += TextTable(rows: rows).render(indent: "  ")
            if cycle.isOpen, cycle == timeline.cycles.last, let comparison = row.comparison {
                text += comparisonLines(comparison, indent: "  ")
            }
        }
        if let total = timeline.totalToReleaseSeconds {
            text += "\nTotal to release: \(DurationFormat.string(seconds: total)).\n"
        }
        return text
    }

    func cycleSummary(_ cycle: SubmissionCycle) -> String {
        var parts: [String] = []
        if cycle.isApprovedWithoutReview {
            return "approved without review (no Beta App Review submission)"
        }
        if let decision = cycle.decision, cycle.start == nil {
            // A TestFlight build whose review was first seen decided.
            return "\(decision.state.displayName); reviewed, when it was submitted is unknown"
        }
        if let decision = cycle.decision, let seconds = cycle.timeToDecisionSeconds {
            parts.append("\(decision.state.displayName) after \(duration(seconds, cycle.timeToDecisionPrecision))")
        } else if let decision = cycle.decision, decision.track == .testFlight {
            // Decided, its time unknown (the decision first seen by a look with no look before it). The App Store
            // wording of this case is left for a change of its own, its baseline regenerated on purpose (issue 24
            // keeps App Store output byte-identical).
            parts.append("\(decision.state.displayName); when it was decided is unknown")
        } else if cycle.isWithdrawn {
            parts.append("withdrawn by the developer before a decision")
        } else if let start = cycle.start, cycle.startTiming.isUnknownStart,
            cycle.spans.first?.event.source == .webhook || cycle.spans.first?.event.track == .testFlight
        {
            // The Waiting for Review a webhook said the version left (issue 25 item 11), or a TestFlight build already
            // waiting when first seen: when it was submitted is unknown. (A sync's first look at an App Store version
            // reads as before: changing it changes App Store output, which issue 24 keeps byte-identical; it is left
            // for a change of its own with its baseline regenerated on purpose.)
            parts.append("no decision yet; submitted before \(time(start)), when exactly is unknown")
        } else if let start = cycle.start {
            parts.append(
                "no decision yet, \(DurationFormat.string(seconds: start.seconds(until: now))) since submission")
        } else {
            parts.append("not submitted (never entered Waiting for Review)")
        }
        if let waiting = cycle.waitingSeconds { parts.append("waiting \(duration(waiting, cycle.waitingPrecision))") }
        if let review = cycle.inReviewSeconds { parts.append("in review \(duration(review, cycle.inReviewPrecision))") }
        if let seconds = cycle.timeToDecisionSeconds {
            parts.append(seconds <= AppleReviewClaim.longWaitSeconds ? "decided within 48h" : "not decided within 48h")
        }
        return parts.joined(separator: "; ")
    }

    private func timelineJSON(_ row: StatusRow, showsTrack: Bool) -> String {
        let timeline = row.timeline
        let isTestFlight = timeline.key.track == .testFlight
        let showsTrack = showsTrack || isTestFlight
        let cycles = timeline.cycles.map { cycle in
            let states = cycle.spans.map { span in
                let trackMembers =
                    isTestFlight
                    ? [("ascBuildId", JSONText.string(span.event.ascBuildID))] : [(String, String)]()
                return JSONText.object(
                    [
                        ("id", String(span.event.id)), ("state", JSONText.string(span.state.apiString)),
                        ("name", JSONText.string(span.state.displayName)),
                        ("start", JSONText.string(span.start.iso8601)),
                        ("end", JSONText.string(span.end?.iso8601)), ("seconds", String(span.seconds)),
                        ("precision", precisionJSON(span.precision)),
                        ("source", JSONText.string(span.event.source.rawValue)),
                        ("build", JSONText.string(span.event.build)), ("note", JSONText.string(span.event.note)),
                    ] + trackMembers)
            }
            let isCurrent = cycle.isOpen && cycle == timeline.cycles.last
            let withoutReview =
                isTestFlight ? [("approvedWithoutReview", String(cycle.isApprovedWithoutReview))] : [(String, String)]()
            return JSONText.object(
                [
                    ("number", String(cycle.number)), ("build", JSONText.string(cycle.build)),
                    ("start", JSONText.string(cycle.start?.iso8601)), ("open", String(cycle.isOpen)),
                    ("decision", JSONText.string(cycle.decision?.state.apiString)),
                    ("decisionAt", JSONText.string(cycle.decision?.at.iso8601)),
                    ("withdrawn", String(cycle.isWithdrawn)), ("waitingSeconds", JSONText.number(cycle.waitingSeconds)),
                    ("inReviewSeconds", JSONText.number(cycle.inReviewSeconds)),
                    ("timeToDecisionSeconds", JSONText.number(cycle.timeToDecisionSeconds)),
                    ("comparison", comparisonJSON(isCurrent ? row.comparison : nil)),
                    ("states", "[" + states.joined(separator: ", ") + "]"),
                ] + withoutReview)
        }
        let track = showsTrack ? [("track", JSONText.string(timeline.key.track.rawValue))] : [(String, String)]()
        return JSONText.object(
            [
                ("app", JSONText.string(timeline.key.app)), ("platform", JSONText.string(timeline.key.platform.name)),
                ("version", JSONText.string(timeline.key.version)),
            ] + track + [
                ("totalToReleaseSeconds", JSONText.number(timeline.totalToReleaseSeconds)),
                ("cycles", "[" + cycles.joined(separator: ", ") + "]"),
            ])
    }
}
