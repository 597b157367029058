import Foundation
import Testing

@testable import ReviewLog

/// Sync issue: times observed by polling make approximate durations; a state already current when first synced has
/// an unknown start and never counts; a state that came and went between two polls is not invented.
@Suite("Observed times: approximate and unknown durations")
struct ObservedTimingTests {
    static let t0: Int64 = 1_700_000_000
    static let app = App(name: "Fokus")

    static func event(
        _ id: Int64, _ state: ReviewState, hours: Int64, timing: EventTiming = .exact, source: EventSource = .sync
    ) -> ReviewEvent {
        ReviewEvent(
            id: id, app: app, platform: .iOS, version: "2.3", state: state,
            at: Timestamp(secondsSince1970: t0 + hours * 3600), source: source, timing: timing)
    }

    static func observed(_ id: Int64, _ state: ReviewState, hours: Int64) -> ReviewEvent {
        event(id, state, hours: hours, timing: .observed(after: Timestamp(secondsSince1970: t0 + hours * 3600 - 300)))
    }

    static let now = Timestamp(secondsSince1970: t0 + 1_000 * 3600)
    static let key = VersionKey(app: "Fokus", platform: .iOS, version: "2.3")

    @Test("exact submission time, then observed states: waiting and decision are approximate, counted as such")
    func approximateDurations() {
        let timeline = VersionTimeline(
            key: Self.key,
            events: [
                Self.event(1, .waitingForReview, hours: 0), Self.observed(2, .inReview, hours: 28),
                Self.observed(3, .rejected, hours: 40),
            ], now: Self.now)
        let cycle = timeline.cycles[0]
        #expect(cycle.waitingSeconds == 28 * 3600 && cycle.waitingPrecision == .approximate)
        #expect(cycle.inReviewSeconds == 12 * 3600 && cycle.inReviewPrecision == .approximate)
        #expect(cycle.timeToDecisionPrecision == .approximate)
        #expect(timeline.cycles[0].spans.map(\.precision) == [.approximate, .approximate, .approximate])
        let stats = ReviewStatistics(timelines: [timeline])
        #expect(stats.waiting.count == 1 && stats.waiting.approximate == 1)
        #expect(stats.timeToDecision.approximate == 1)
    }

    @Test("a state already current at the first sync has an unknown start and never counts")
    func unknownStartNeverCounts() {
        let timeline = VersionTimeline(
            key: Self.key,
            events: [
                Self.event(1, .waitingForReview, hours: 0, timing: .observed(after: nil)),
                Self.observed(2, .inReview, hours: 30), Self.observed(3, .pendingDeveloperRelease, hours: 35),
            ], now: Self.now)
        let cycle = timeline.cycles[0]
        #expect(cycle.waitingSeconds == nil && cycle.waitingPrecision == .unknown)
        #expect(cycle.timeToDecisionSeconds == nil)
        #expect(cycle.inReviewSeconds == 5 * 3600 && cycle.inReviewPrecision == .approximate)
        #expect(timeline.cycles[0].spans[0].precision == .unknown)
        let stats = ReviewStatistics(timelines: [timeline])
        #expect(stats.waiting.count == 0 && stats.timeToDecision.count == 0 && stats.inReview.count == 1)
    }

    @Test("a review faster than the poll (In Review never seen) leaves waiting and in review unknown, not zero")
    func skippedStateIsNotInvented() {
        let timeline = VersionTimeline(
            key: Self.key,
            events: [Self.event(1, .waitingForReview, hours: 0), Self.observed(2, .pendingDeveloperRelease, hours: 9)],
            now: Self.now)
        let cycle = timeline.cycles[0]
        #expect(cycle.inReviewAt == nil)
        #expect(cycle.waitingSeconds == nil && cycle.inReviewSeconds == nil)
        #expect(cycle.timeToDecisionSeconds == 9 * 3600 && cycle.timeToDecisionPrecision == .approximate)
    }

    @Test("hand-logged times stay exact")
    func manualStaysExact() {
        let timeline = VersionTimeline(
            key: Self.key,
            events: [
                Self.event(1, .waitingForReview, hours: 0, source: .manual),
                Self.event(2, .inReview, hours: 20, source: .manual),
                Self.event(3, .rejected, hours: 21, source: .manual),
            ], now: Self.now)
        #expect(timeline.cycles[0].spans.allSatisfy { $0.precision == .exact })
        #expect(ReviewStatistics(timelines: [timeline]).waiting.approximate == 0)
    }
}
