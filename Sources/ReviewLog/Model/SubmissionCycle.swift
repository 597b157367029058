/// One submission of a version: from entering Waiting for Review to its decision, and the states after it.
///
/// Definitions (so numbers can be checked by hand): a cycle starts when the version enters Waiting for Review;
/// its decision is its first event among the review outcomes (`ReviewState.isReviewOutcome`); time waiting runs
/// from the start to the first In Review before the decision; time in review from that In Review to the
/// decision; time to decision from the start to the decision. A cycle the developer withdraws (Developer
/// Rejected, or a submission Canceling, before a decision) has no decision and counts as withdrawn. Each return
/// to Waiting for Review after a decision or a withdrawal starts a new cycle.
public struct SubmissionCycle: Sendable, Hashable {
    /// The cycle's number within its version, from 1.
    public var number: Int
    /// The states of the cycle in order (states before the first Waiting for Review belong to cycle 1).
    public var spans: [StateSpan]
    /// When the cycle entered Waiting for Review, or `nil` when the version never did.
    public var start: Timestamp?
    /// The first In Review after the start and before the decision, if any.
    public var inReviewAt: Timestamp?
    /// The decision event, if decided.
    public var decision: ReviewEvent?
    /// Whether the developer withdrew the cycle before a decision.
    public var isWithdrawn: Bool
    /// How exactly the start is known (a synced Waiting for Review is exact from the submission's date, or observed).
    public var startTiming: EventTiming = .exact
    /// How exactly the In Review time is known.
    public var inReviewTiming: EventTiming = .exact

    /// Creates a cycle.
    /// - Parameters:
    ///   - number: its number within the version.
    ///   - spans: its states.
    ///   - start: when it entered Waiting for Review.
    ///   - inReviewAt: when review began.
    ///   - decision: the decision event.
    ///   - isWithdrawn: whether it was withdrawn.
    public init(
        number: Int, spans: [StateSpan], start: Timestamp?, inReviewAt: Timestamp?, decision: ReviewEvent?,
        isWithdrawn: Bool
    ) {
        self.number = number
        self.spans = spans
        self.start = start
        self.inReviewAt = inReviewAt
        self.decision = decision
        self.isWithdrawn = isWithdrawn
    }

    /// Seconds from Waiting for Review to In Review, when both happened and the start is known.
    public var waitingSeconds: Int64? {
        guard let start, let inReviewAt, waitingPrecision != .unknown else { return nil }
        return start.seconds(until: inReviewAt)
    }

    /// Seconds from In Review to the decision, when both happened and the start of review is known.
    public var inReviewSeconds: Int64? {
        guard let inReviewAt, let decision, inReviewPrecision != .unknown else { return nil }
        return inReviewAt.seconds(until: decision.at)
    }

    /// Seconds from the start to the decision, when decided and the start is known.
    public var timeToDecisionSeconds: Int64? {
        guard let start, let decision, timeToDecisionPrecision != .unknown else { return nil }
        return start.seconds(until: decision.at)
    }

    /// How well `waitingSeconds` is known.
    public var waitingPrecision: DurationPrecision { DurationPrecision(from: startTiming, to: inReviewTiming) }
    /// How well `inReviewSeconds` is known.
    public var inReviewPrecision: DurationPrecision {
        DurationPrecision(from: inReviewTiming, to: decision?.timing)
    }
    /// How well `timeToDecisionSeconds` is known.
    public var timeToDecisionPrecision: DurationPrecision {
        DurationPrecision(from: startTiming, to: decision?.timing)
    }

    /// The build the cycle submitted: the last build given on one of its events (a build is named when it is
    /// submitted, and a later event may correct it), or `nil` when none of them names one. Never taken from another
    /// cycle: a resubmission may carry a new build.
    public var build: String? { spans.last { $0.event.build != nil }?.event.build }

    /// Whether this is a TestFlight build approved without a Beta App Review: its first event is the approval, with no
    /// review submission behind it (App Store Connect approves later builds of a reviewed pre-release version so,
    /// "Only the first build of a version needs a full review", TestFlight overview). Not a timing cycle: no
    /// durations. A build whose submission was first seen approved has its submission's id, and is a reviewed cycle
    /// whose durations are unknown.
    public var isApprovedWithoutReview: Bool {
        guard let decision, decision.track == .testFlight, !decision.state.isRejection else { return false }
        return start == nil && inReviewAt == nil && decision.ascSubmissionID == nil
    }

    /// Whether the cycle is still waiting for a decision.
    public var isOpen: Bool { start != nil && decision == nil && !isWithdrawn }
}
