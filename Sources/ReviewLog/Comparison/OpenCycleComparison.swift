/// How an open submission cycle compares, so far, with the user's own decided cycles and with Apple's claim.
///
/// The figure that matters a week into a wait is not "Waiting for Review 7d 0h" alone but "longer than 11 of your 12
/// decided cycles took in all; Apple says 90% within 24 hours". This type computes that, once, for every output
/// that shows it (`status`, `timeline`, notifications and reminders, the HTML report).
///
/// Definitions: the cycle's elapsed time runs from entering Waiting for Review to `now`; it is compared with the
/// time to decision of decided cycles whose start is known (`SubmissionCycle.timeToDecisionSeconds`). A cycle
/// whose start is unknown (already waiting when first synced) has no comparison.
public struct OpenCycleComparison: Sendable, Hashable {
    /// Seconds from entering Waiting for Review to now.
    public var elapsedSeconds: Int64
    /// How well `elapsedSeconds` is known (approximate when the start was observed by polling).
    public var elapsedPrecision: DurationPrecision
    /// The state the cycle is in now.
    public var state: ReviewState
    /// Seconds in that state so far.
    public var stateSeconds: Int64
    /// How many decided cycles it is compared with.
    public var decidedCycles: Int
    /// Of those, how many were decided in less time than this cycle has taken so far.
    public var decidedFaster: Int
    /// The median time to decision of those cycles, or `nil` when there are none.
    public var ownMedian: Int64?
    /// The 90th percentile (nearest rank) of those cycles, or `nil` when there are none.
    public var ownP90: Int64?

    /// Below this many decided cycles, the user's own figures are flagged as few.
    public static let fewCycles = 5

    /// Compares an open cycle.
    /// - Parameters:
    ///   - cycle: the cycle; `nil` is returned unless it is open with a known start.
    ///   - now: the instant the wait runs to.
    ///   - decidedSeconds: the times to decision of the cycles to compare with (`decidedSeconds(in:)`), any order.
    public init?(cycle: SubmissionCycle, now: Timestamp, decidedSeconds: [Int64]) {
        guard cycle.isOpen, let start = cycle.start, !cycle.startTiming.isUnknownStart,
            let current = cycle.spans.last
        else { return nil }
        elapsedSeconds = max(0, start.seconds(until: now))
        elapsedPrecision = DurationPrecision(from: cycle.startTiming, to: nil)
        state = current.state
        stateSeconds = max(0, current.start.seconds(until: now))
        let sorted = decidedSeconds.sorted()
        decidedCycles = sorted.count
        let elapsed = elapsedSeconds
        decidedFaster = sorted.count { $0 < elapsed }
        ownMedian = DurationSummary.nearestRank(50, of: sorted)
        ownP90 = DurationSummary.nearestRank(90, of: sorted)
    }

    /// The times to decision of every decided App Store cycle with a known start among `timelines`: an open App
    /// Store cycle is compared with the user's App Store cycles and Apple's App Review claim, never with Beta App
    /// Review builds (TestFlight timelines are left out).
    /// - Parameter timelines: the versions.
    /// - Returns: seconds, one per decided cycle.
    public static func decidedSeconds(in timelines: [VersionTimeline]) -> [Int64] {
        timelines.lazy.filter { $0.key.track == .appStore }.flatMap(\.cycles).compactMap(\.timeToDecisionSeconds)
    }

    /// The share of the compared cycles decided faster, from 0 to 1, or `nil` when there are none.
    public var shareDecidedFaster: Double? {
        decidedCycles == 0 ? nil : Double(decidedFaster) / Double(decidedCycles)
    }

    /// Whether the user's own figures rest on fewer than `fewCycles` cycles.
    public var isFewCycles: Bool { decidedCycles < Self.fewCycles }

    /// Whether the wait is past the 24 hours of Apple's claim.
    public var isPastAppleClaim: Bool { elapsedSeconds > AppleReviewClaim.todayWithinSeconds }

    /// Whether the wait is past 48 hours.
    public var isPastLongWait: Bool { elapsedSeconds > AppleReviewClaim.longWaitSeconds }

    /// Whether the wait is past the user's own 90th percentile (`false` when there is none).
    public var isPastOwnP90: Bool { ownP90.map { elapsedSeconds > $0 } ?? false }

    /// Whether to suggest an expedited review request: the cycle is still Waiting for Review (once In Review, App
    /// Review has it, and an expedite request asks for what is happening: issue 25 item 9), past 48 hours, and past
    /// the user's own 90th percentile when there is one.
    public var suggestsExpedite: Bool {
        state == .waitingForReview && isPastLongWait && (ownP90 == nil || isPastOwnP90)
    }

    /// The comparison in one sentence, as `status`, `timeline`, notifications and reminders print it: "7d 0h since
    /// submission: longer than 10 of your 12 decided cycles took (83%; your 90th percentile: 4d 12h); Apple (today):
    /// 90% within 24 hours". Figures from fewer than `fewCycles` cycles say so; an approximate elapsed time is
    /// marked "~".
    public var summary: String {
        var text = (elapsedPrecision == .approximate ? "~" : "") + DurationFormat.string(seconds: elapsedSeconds)
        text += " since submission: "
        if decidedCycles == 0 {
            text += "no decided cycle of yours to compare with yet"
        } else {
            let percent = PercentFormat.string(decidedFaster, of: decidedCycles)
            text += "longer than \(decidedFaster) of your \(decidedCycles) decided cycle"
            text += (decidedCycles == 1 ? "" : "s") + " took (\(percent)"
            if let ownP90 { text += "; your 90th percentile: \(DurationFormat.string(seconds: ownP90))" }
            text += ")"
            if isFewCycles { text += ", from fewer than \(Self.fewCycles) cycles: a weak guide" }
        }
        let apple = AppleReviewClaim.statements[0]
        return text + "; \(apple.source): \(apple.wording)"
    }

    /// The suggestion to ask for an expedited review, when `suggestsExpedite`: why, and Apple's page for it.
    public var expediteAdvice: String? {
        guard suggestsExpedite else { return nil }
        let bound = "\(AppleReviewClaim.longWaitSeconds / 3600) hours"
        let why =
            ownP90.map { "past \(bound) and your 90th percentile (\(DurationFormat.string(seconds: $0)))" }
            ?? "past \(bound)"
        return "Still no decision \(why): consider asking for an expedited review at "
            + AppleReviewClaim.expediteRequestURL
    }
}
