import CommandLineKit
import ReviewLog

/// One version `review status` shows: its timeline, and the comparison of its open cycle when there is one.
struct StatusRow {
    var timeline: VersionTimeline
    var comparison: OpenCycleComparison?
}

extension Renderer {
    // MARK: Shared by status and timeline

    /// A state's name, coloured by what it means when colour is on: rejections red; approved, releasing and
    /// released green; waiting and in review yellow; the rest plain.
    func stateName(_ state: ReviewState) -> String {
        guard color, let tint = Self.tint(of: state) else { return state.displayName }
        return Terminal.styled(state.displayName, tint, enabled: true)
    }

    /// The colour of a state, if it has one.
    static func tint(of state: ReviewState) -> Terminal.Color? {
        if state.isRejection { return .red }
        if state.isReviewOutcome || state == .preorderReadyForSale { return .green }
        switch state {
        case .waitingForReview, .inReview, .waitingForExportCompliance, .readyForReview: return .yellow
        default: return nil
        }
    }

    /// The lines an open cycle gets: the comparison, and the expedite request past the threshold.
    func comparisonLines(_ comparison: OpenCycleComparison, indent: String) -> String {
        var text = indent + comparison.summary + "\n"
        if let advice = comparison.expediteAdvice {
            text += indent + Terminal.styled(advice, .yellow, enabled: color) + "\n"
        }
        return text
    }

    /// The JSON of a comparison, or `null`.
    func comparisonJSON(_ comparison: OpenCycleComparison?) -> String {
        guard let comparison else { return "null" }
        return JSONText.object([
            ("elapsedSeconds", String(comparison.elapsedSeconds)),
            ("elapsedPrecision", precisionJSON(comparison.elapsedPrecision)),
            ("state", JSONText.string(comparison.state.apiString)), ("stateSeconds", String(comparison.stateSeconds)),
            ("decidedCycles", String(comparison.decidedCycles)), ("decidedFaster", String(comparison.decidedFaster)),
            ("shareDecidedFaster", comparison.shareDecidedFaster.map { String($0) } ?? "null"),
            ("ownMedianSeconds", JSONText.number(comparison.ownMedian)),
            ("ownP90Seconds", JSONText.number(comparison.ownP90)), ("fewCycles", String(comparison.isFewCycles)),
            ("pastAppleClaim", String(comparison.isPastAppleClaim)),
            ("pastLongWait", String(comparison.isPastLongWait)), ("pastOwnP90", String(comparison.isPastOwnP90)),
            ("suggestsExpedite", String(comparison.suggestsExpedite)),
            ("expediteURL", JSONText.string(comparison.suggestsExpedite ? AppleReviewClaim.expediteRequestURL : nil)),
            ("apple", JSONText.string(AppleReviewClaim.today)), ("summary", JSONText.string(comparison.summary)),
        ])
    }

    // MARK: status

    /// `review status`: the rows chosen, and how many versions were not shown (for the hint at `--all`).
    func status(_ rows: [StatusRow], notShown: Int, json: Bool) -> String {
        if json {
            let items = rows.compactMap { row -> String? in
                guard let span = row.timeline.current else { return nil }
                let key = row.timeline.key
                return JSONText.object([
                    ("app", JSONText.string(key.app)), ("platform", JSONText.string(key.platform.name)),
                    ("version", JSONText.string(key.version)),
                    ("build", JSONText.string(row.timeline.cycles.last?.build)),
                    ("state", JSONText.string(span.state.apiString)), ("name", JSONText.string(span.state.displayName)),
                    ("since", JSONText.string(span.start.iso8601)), ("seconds", String(span.seconds)),
                    ("precision", precisionJSON(span.precision)), ("open", String(row.timeline.isOpen)),
                    ("comparison", comparisonJSON(row.comparison)),
                ])
            }
            return "{\"versions\": [" + items.joined(separator: ", ") + "], \"notShown\": \(notShown)}\n"
        }
        if rows.isEmpty { return "No events yet. Record one with: review log APP STATE --version V\n" }
        var table = [["APP", "PLATFORM", "VERSION", "BUILD", "STATE", "SINCE", "FOR"]]
        var notes = ""
        for row in rows {
            guard let span = row.timeline.current else { continue }
            let key = row.timeline.key
            table.append([
                shown(key.app), key.platform.name, shown(key.version),
                row.timeline.cycles.last?.build.map(shown) ?? "-", stateName(span.state),
                (span.event.timing.isUnknownStart ? "before " : "") + time(span.start),
                !DurationFormat.showsLength(of: span)
                    ? "-"
                    : span.precision == .unknown
                        ? "over " + DurationFormat.string(seconds: span.seconds)
                        : duration(span.seconds, span.precision),
            ])
            if let comparison = row.comparison {
                notes += "\n\(label(key)), \(span.state.displayName):\n" + comparisonLines(comparison, indent: "  ")
            }
        }
        var text = TextTable(rows: table).render() + notes
        if notShown > 0 {
            text +=
                "\n\(notShown) older version\(notShown == 1 ? "" : "s") not shown: review status --all lists them.\n"
        }
        return text
    }
}
