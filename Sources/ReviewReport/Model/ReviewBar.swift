package import ReviewLog

/// A version's review time as its timeline bar draws it (issue 25 item 18): each submission cycle from its Waiting
/// for Review to its decision, on the scale every bar shares (`TimelineScale`).
///
/// What is not review time is left out of the bar: the states before the first submission (Prepare for Submission
/// took half a bar's width when each bar had a scale of its own) and the states after a decision (a rejection
/// waiting for the developer's fix, a release pending, the version on sale). The decision (or the withdrawal) ends
/// its cycle as a mark of the minimum width, so a rejection shows however quick it came; the time until the next
/// submission is a gap of fixed width, named in the text.
package struct ReviewBar: Sendable {
    /// One piece of the bar: a state of a cycle, or the cycle's outcome.
    package struct Segment: Sendable {
        /// The state.
        package var span: StateSpan
        /// The number of its cycle.
        package var cycle: Int
        /// Whether it is the cycle's decision or withdrawal, drawn at the minimum width whatever it lasted.
        package var isOutcome: Bool

        /// The review time it stands for, seconds: its span's, none for an outcome.
        package var seconds: Int64 { isOutcome ? 0 : span.seconds }
    }

    /// The pieces, in time order.
    package var segments: [Segment]

    /// The review time drawn, seconds: the sum of the segments'.
    package var reviewSeconds: Int64 { segments.reduce(0) { $0 + $1.seconds } }

    /// The bar of a version.
    /// - Parameter timeline: the version.
    package init(_ timeline: VersionTimeline) {
        segments = timeline.cycles.flatMap { cycle in
            let (review, outcome) = Self.parts(of: cycle)
            return review.map { Segment(span: $0, cycle: cycle.number, isOutcome: false) }
                + (outcome.map { [Segment(span: $0, cycle: cycle.number, isOutcome: true)] } ?? [])
        }
    }

    /// The spans of a cycle a bar draws: its review states, from its Waiting for Review up to its outcome (to now
    /// when it is open), and the outcome: the decision, or the Developer Rejected or Canceling that withdrew it. Both
    /// empty when the cycle was never submitted.
    /// - Parameter cycle: the cycle.
    /// - Returns: the review states and the outcome, if any.
    package static func parts(of cycle: SubmissionCycle) -> (review: ArraySlice<StateSpan>, outcome: StateSpan?) {
        guard cycle.start != nil, let first = cycle.spans.firstIndex(where: { $0.state == .waitingForReview }) else {
            return ([], nil)
        }
        // The cycle's own rule (`VersionTimeline`): its first review outcome decides it, a withdrawal ends it.
        let end = cycle.spans[first...].firstIndex { span in
            span.state.isReviewOutcome || span.state.stage == .withdrawn
        }
        guard let end else { return (cycle.spans[first...], nil) }
        return (cycle.spans[first..<end], cycle.spans[end])
    }
}
