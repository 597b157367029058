import Testing

@testable import ReviewLog

/// One rule for when an output shows a span's length, and when only its dates (issue 25 item 10).
@Suite("Span lengths: shown where they say something")
struct SpanLengthTests {
    private let day = 24.0

    private func current(_ steps: [(ReviewState, hours: Double)], nowHours: Double) throws -> StateSpan {
        try #require(EventBuilder.timeline(steps, nowHours: nowHours).current)
    }

    @Test("a version live, rejected or prepared for over 30 days: the dates only; a long wait for review keeps it")
    func settledSpans() throws {
        let released = try current(
            [(.waitingForReview, 0), (.inReview, 10), (.readyForDistribution, 20)], nowHours: 404 * day)
        #expect(!DurationFormat.showsLength(of: released), "For 404d")
        let rejected = try current([(.waitingForReview, 0), (.rejected, 30)], nowHours: 2444 * day)
        #expect(!DurationFormat.showsLength(of: rejected), "→ now 2444d")
        #expect(!DurationFormat.showsLength(of: try current([(.prepareForSubmission, 0)], nowHours: 31 * day)))
        // Within 30 days the length shows.
        #expect(DurationFormat.showsLength(of: try current([(.readyForDistribution, 0)], nowHours: 29 * day)))
        // A wait for review, or a review, of any length is the figure that matters.
        #expect(DurationFormat.showsLength(of: try current([(.waitingForReview, 0)], nowHours: 45 * day)))
        #expect(
            DurationFormat.showsLength(of: try current([(.waitingForReview, 0), (.inReview, 1)], nowHours: 40 * day)))
        // A closed span keeps its length, however long.
        let timeline = EventBuilder.timeline(
            [(.waitingForReview, 0), (.readyForDistribution, 60 * day)], nowHours: 61 * day)
        let closed = try #require(timeline.cycles.first?.spans.first)
        #expect(!closed.isCurrent && DurationFormat.showsLength(of: closed))
    }

    @Test("a state first seen by a sync: never \"over 0s\"; \"over 5m\" once something is known")
    func firstSeen() throws {
        var builder = EventBuilder()
        builder.add(.waitingForReview, hours: 0, timing: .observed(after: nil))
        let fresh = try #require(builder.timeline(nowHours: 0).current)
        #expect(fresh.precision == .unknown && fresh.seconds == 0)
        #expect(!DurationFormat.showsLength(of: fresh))
        let later = try #require(builder.timeline(nowHours: 5.0 / 60).current)
        #expect(later.precision == .unknown && DurationFormat.showsLength(of: later))
    }
}
