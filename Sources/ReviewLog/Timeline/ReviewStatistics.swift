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

    /// Computes the statistics of the cycles that entered Waiting for Review in `since ..< until`.
    /// - Parameters:
    ///   - timelines: the versions to consider.
    ///   - since: the window's start (inclusive), or `nil` for no bound.
    ///   - until: the window's end (exclusive), or `nil` for no bound.
    public init(timelines: [VersionTimeline], since: Timestamp? = nil, until: Timestamp? = nil) {
        let cycles = timelines.flatMap(\.cycles).filter { cycle in
            guard let start = cycle.start else { return false }
            return (since.map { start >= $0 } ?? true) && (until.map { start < $0 } ?? true)
        }
        self.cycles = cycles.count
        decided = cycles.count { $0.decision != nil }
        withdrawn = cycles.count { $0.isWithdrawn }
        open = cycles.count { $0.isOpen }
        rejected = cycles.count { $0.decision?.state.isRejection == true }
        waiting = DurationSummary(
            cycles.compactMap(\.waitingSeconds),
            approximate: cycles.count { $0.waitingSeconds != nil && $0.waitingPrecision == .approximate })
        inReview = DurationSummary(
            cycles.compactMap(\.inReviewSeconds),
            approximate: cycles.count { $0.inReviewSeconds != nil && $0.inReviewPrecision == .approximate })
        let decisions = cycles.compactMap(\.timeToDecisionSeconds)
        timeToDecision = DurationSummary(
            decisions,
            approximate: cycles.count {
                $0.timeToDecisionSeconds != nil && $0.timeToDecisionPrecision == .approximate
            })
        decidedWithin24h = decisions.count { $0 <= 86_400 }
        decidedWithin48h = decisions.count { $0 <= 172_800 }
    }
}
