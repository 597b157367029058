import CommandLineKit
import ReviewLog

/// One version `review status` shows: its timeline, and the comparison of its open cycle when there is one.
struct StatusRow {
    var timeline: VersionTimeline
    var comparison: OpenCycleComparison?
}

/// One TestFlight build `review status` shows: a build in Beta App Review (waiting or in review), or the newest
/// approved build of its app and platform; with `--all`, every build.
struct TestFlightStatusRow {
    var key: VersionKey
    var cycle: SubmissionCycle

    /// Per app and platform: the builds whose review is open, most recent first, then the newest approved build.
    static func selection(of timelines: [VersionTimeline], all: Bool) -> [TestFlightStatusRow] {
        var groups: [String: [TestFlightStatusRow]] = [:]
        var order: [String] = []
        for timeline in timelines {
            let group = timeline.key.app.lowercased() + "\u{0}" + timeline.key.platform.rawValue
            if groups[group] == nil { order.append(group) }
            groups[group, default: []] += timeline.cycles.map { TestFlightStatusRow(key: timeline.key, cycle: $0) }
        }
        return order.flatMap { group -> [TestFlightStatusRow] in
            let recentFirst = (groups[group] ?? []).sorted { lhs, rhs in
                let left = lhs.cycle.spans.last.map { ($0.start, $0.event.id) }
                let right = rhs.cycle.spans.last.map { ($0.start, $0.event.id) }
                guard let left, let right else { return false }
                return left > right
            }
            if all { return recentFirst }
            let open = recentFirst.filter(\.cycle.isOpen)
            let approved = recentFirst.filter { $0.cycle.decision.map { !$0.state.isRejection } ?? false }
                .max { lhs, rhs in
                    let left = lhs.cycle.decision.map { ($0.at.secondsSince1970, $0.id) } ?? (0, 0)
                    let right = rhs.cycle.decision.map { ($0.at.secondsSince1970, $0.id) } ?? (0, 0)
                    return left < right
                }
            return open + (approved.map { [$0] } ?? [])
        }
    }
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

    /// `review status`: the rows chosen, and how many versions were not shown (for the hint at `--all`); then the
    /// TestFlight builds, when `testFlight` is not nil (`--track` given, or TestFlight history): a table of their own,
    /// or the JSON member `"testflight": [{"app", "platform", "version", "build", "state", "name", "since",
    /// "seconds", "precision", "open", "approvedWithoutReview", "ascBuildId"}]`. `appStoreShown` false (`--track
    /// testflight`) leaves the App Store rows out, and the JSON's `versions` too.
    func status(
        _ rows: [StatusRow], notShown: Int, json: Bool, testFlight: [TestFlightStatusRow]? = nil,
        appStoreShown: Bool = true
    ) -> String {
        guard let testFlight else { return status(rows, notShown: notShown, json: json) }
        if json {
            var members: [(String, String)] = []
            if appStoreShown {
                members.append(("versions", "[" + rows.compactMap(versionJSON).joined(separator: ", ") + "]"))
                members.append(("notShown", String(notShown)))
            }
            members.append(("testflight", "[" + testFlight.map(testFlightJSON).joined(separator: ", ") + "]"))
            return JSONText.object(members) + "\n"
        }
        var parts: [String] = []
        if appStoreShown { parts.append(status(rows, notShown: notShown, json: false)) }
        guard !testFlight.isEmpty else {
            return (parts + ["No TestFlight builds yet.\n"]).joined(separator: "\n")
        }
        var table = [["TESTFLIGHT", "PLATFORM", "VERSION", "BUILD", "STATE", "SINCE", "FOR"]]
        for row in testFlight {
            guard let span = row.cycle.spans.last else { continue }
            let state =
                row.cycle.isApprovedWithoutReview ? stateName(span.state) + " (without review)" : stateName(span.state)
            table.append([
                shown(row.key.app), row.key.platform.name, shown(row.key.version), row.cycle.build.map(shown) ?? "-",
                state, (span.event.timing.isUnknownStart ? "before " : "") + time(span.start),
                row.cycle.isOpen ? duration(span.seconds, span.precision) : "-",
            ])
        }
        return (parts + [TextTable(rows: table).render()]).joined(separator: "\n")
    }

    /// The JSON of one TestFlight build `status` shows.
    private func testFlightJSON(_ row: TestFlightStatusRow) -> String {
        guard let span = row.cycle.spans.last else { return "null" }
        return JSONText.object([
            ("app", JSONText.string(row.key.app)), ("platform", JSONText.string(row.key.platform.name)),
            ("version", JSONText.string(row.key.version)), ("build", JSONText.string(row.cycle.build)),
            ("state", JSONText.string(span.state.apiString)), ("name", JSONText.string(span.state.displayName)),
            ("since", JSONText.string(span.start.iso8601)), ("seconds", String(span.seconds)),
            ("precision", precisionJSON(span.precision)), ("open", String(row.cycle.isOpen)),
            ("approvedWithoutReview", String(row.cycle.isApprovedWithoutReview)),
            ("ascBuildId", JSONText.string(span.event.ascBuildID)),
        ])
    }

    /// The JSON of one version `status` shows, nil for a version without events.
    private func versionJSON(_ row: StatusRow) -> String? {
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

    /// `review status`: the rows chosen, and how many versions were not shown (for the hint at `--all`).
    private func status(_ rows: [StatusRow], notShown: Int, json: Bool) -> String {
        if json {
            let items = rows.compactMap(versionJSON)
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
