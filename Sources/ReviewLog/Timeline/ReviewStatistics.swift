/// Statistics across submission cycles: how long waiting, review and the decision took.
public struct ReviewStatistics: Sendable, Hashable {
    /// Cycles that started in the window.
    public var cycles: Int
    /// Of those, cycles with a decision.
    public var decided: Int
    /// Of those, cycles the developer withdrew before a decision (counted apart).
    public var withdrawn: Int
    /// Of those, cycles still waiting for a decision.
    public var open: Int
    /// Decided cycles that were rejections (Unresolved Issues included).
    public var rejected: Int
    /// Waiting for Review → In Review.
    public var waiting: DurationSummary
    /// In Review → decision.
    public var inReview: DurationSummary
    /// Waiting for Review → decision.
    public var timeToDecision: DurationSummary
    /// Decided cycles decided within 24 hours of entering Waiting for Review.
    public var decidedWithin24h: Int
    /// Decided cycles decided within 48 hours.
    public var decidedWithin48h: Int
    /// Cycles decided after a review, a start known or not (on TestFlight, builds whose review was first seen
    /// decided count here, without durations); on the App Store the same as `decided`.
    public var reviewed: Int = 0
    /// TestFlight builds approved without a Beta App Review (``SubmissionCycle/isApprovedWithoutReview``): counted
    /// apart, never timed. Always 0 on the App Store.
    public var approvedWithoutReview: Int = 0

    /// How many open cycles the figures leave out: every open cycle, unless they were counted as censored; then
    /// those whose start is unknown (already waiting when first synced).
    public var openLeftOut: Int
    /// Whether open cycles were counted as censored (`stats --include-open`).
    public var includesOpen: Bool
    /// The Kaplan–Meier estimate of time to decision (open cycles censored when included; withdrawn ones never
    /// counted): the shares decided within 24 and 48 hours come from it.
    public var timeToDecisionEstimate: SurvivalEstimate

    /// Computes the statistics of the cycles that entered Waiting for Review in `since ..< until`.
    /// - Parameters:
    ///   - timelines: the versions to consider.
    ///   - since: the window's start (inclusive), or `nil` for no bound.
    ///   - until: the window's end (exclusive), or `nil` for no bound.
    ///   - platform: only versions on this platform, or `nil` for every platform.
    ///   - now: when given, open cycles with a known start count as censored at `now` (`SurvivalEstimate`): in
    ///     time to decision; in waiting while not yet In Review; in review once there. When `nil`, they are left
    ///     out and counted in `openLeftOut`.
    ///   - track: the track whose versions count (default the App Store; tracks are never pooled).
    public init(
        timelines: [VersionTimeline], since: Timestamp? = nil, until: Timestamp? = nil, platform: Platform? = nil,
        includingOpenAt now: Timestamp? = nil, track: ReviewTrack = .appStore
    ) {
        let cycles = timelines.lazy.filter {
            $0.key.track == track && (platform == nil || $0.key.platform == platform)
        }.flatMap(\.cycles).filter { cycle in
            guard let date = Self.date(of: cycle) else { return false }
            return (since.map { date >= $0 } ?? true) && (until.map { date < $0 } ?? true)
        }
        self.init(cycles: Array(cycles), includingOpenAt: now)
    }

    /// The time a cycle is placed by in a window or a period: its start; for a TestFlight build decided with no known
    /// start (approved without review, or its review first seen decided), its decision.
    static func date(of cycle: SubmissionCycle) -> Timestamp? {
        if let start = cycle.start { return start }
        guard let decision = cycle.decision, decision.track == .testFlight else { return nil }
        return decision.at
    }

    /// Computes the statistics of the given cycles (those that never entered Waiting for Review are ignored).
    /// - Parameters:
    ///   - cycles: submission cycles, of any versions.
    ///   - now: when given, open cycles count as censored at `now` (see `init(timelines:since:until:platform:
    ///     includingOpenAt:)`).
    public init(cycles: [SubmissionCycle], includingOpenAt now: Timestamp? = nil) {
        approvedWithoutReview = cycles.count { $0.isApprovedWithoutReview }
        reviewed = cycles.count { $0.decision != nil && !$0.isApprovedWithoutReview }
        let cycles = cycles.filter { $0.start != nil }
        self.cycles = cycles.count
        decided = cycles.count { $0.decision != nil }
        withdrawn = cycles.count { $0.isWithdrawn }
        open = cycles.count { $0.isOpen }
        rejected = cycles.count { $0.decision?.state.isRejection == true }
        includesOpen = now != nil
        // An open cycle with a known start, and how long it has run so far in each measure.
        var censoredWaiting: [Int64] = []
        var censoredReview: [Int64] = []
        var censoredDecision: [Int64] = []
        var leftOut = 0
        for cycle in cycles where cycle.isOpen {
            guard let now, let start = cycle.start, !cycle.startTiming.isUnknownStart else {
                leftOut += 1
                continue
            }
            censoredDecision.append(max(0, start.seconds(until: now)))
            if let inReviewAt = cycle.inReviewAt {
                if cycle.inReviewPrecision != .unknown { censoredReview.append(max(0, inReviewAt.seconds(until: now))) }
            } else {
                censoredWaiting.append(max(0, start.seconds(until: now)))
            }
        }
        openLeftOut = leftOut
        waiting = DurationSummary(
            cycles.compactMap(\.waitingSeconds),
            approximate: cycles.count { $0.waitingSeconds != nil && $0.waitingPrecision == .approximate },
            censored: censoredWaiting)
        inReview = DurationSummary(
            cycles.compactMap(\.inReviewSeconds),
            approximate: cycles.count { $0.inReviewSeconds != nil && $0.inReviewPrecision == .approximate },
            censored: censoredReview)
        let decisions = cycles.compactMap(\.timeToDecisionSeconds)
        timeToDecision = DurationSummary(
            decisions,
            approximate: cycles.count {
                $0.timeToDecisionSeconds != nil && $0.timeToDecisionPrecision == .approximate
            },
            censored: censoredDecision)
        timeToDecisionEstimate = SurvivalEstimate(observed: decisions, censored: censoredDecision)
        decidedWithin24h = decisions.count { $0 <= AppleReviewClaim.todayWithinSeconds }
        decidedWithin48h = decisions.count { $0 <= AppleReviewClaim.longWaitSeconds }
    }

    /// The estimated share of cycles decided within `seconds` of entering Waiting for Review, from 0 to 1: of the
    /// decided cycles with a known start, or the Kaplan–Meier estimate when open cycles are included; `nil` when
    /// there are none.
    /// - Parameter seconds: the bound (24 hours: `AppleReviewClaim.todayWithinSeconds`).
    /// - Returns: the share.
    public func shareDecided(within seconds: Int64) -> Double? {
        timeToDecisionEstimate.shareEnded(within: seconds)
    }

    /// The statistics per period (a calendar month, a quarter): one entry per period that has a cycle starting in
    /// it, in the order of their labels (`2025-06` before `2025-07`; `2025-Q2` before `2025-Q3`).
    /// - Parameters:
    ///   - timelines: the versions to consider.
    ///   - since: the window's start (inclusive), or `nil`.
    ///   - until: the window's end (exclusive), or `nil`.
    ///   - platform: only this platform, or `nil`.
    ///   - now: when given, open cycles count as censored at `now`.
    ///   - track: the track whose versions count (default the App Store).
    ///   - period: the label of the period an instant falls in (the caller chooses the time zone).
    /// - Returns: the periods' labels and statistics.
    public static func byPeriod(
        timelines: [VersionTimeline], since: Timestamp? = nil, until: Timestamp? = nil, platform: Platform? = nil,
        includingOpenAt now: Timestamp? = nil, track: ReviewTrack = .appStore, period: (Timestamp) -> String
    ) -> [(period: String, statistics: ReviewStatistics)] {
        var groups: [String: [SubmissionCycle]] = [:]
        for timeline in timelines
        where timeline.key.track == track && (platform == nil || timeline.key.platform == platform) {
            for cycle in timeline.cycles {
                guard let date = date(of: cycle), since.map({ date >= $0 }) ?? true, until.map({ date < $0 }) ?? true
                else { continue }
                groups[period(date), default: []].append(cycle)
            }
        }
        return groups.keys.sorted().map { ($0, ReviewStatistics(cycles: groups[$0] ?? [], includingOpenAt: now)) }
    }
}
