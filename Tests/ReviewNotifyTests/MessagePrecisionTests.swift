import ReviewLog
import ReviewNotify
import Testing

/// Issue 25 item 8, its last part: a duration the message shows carries `~` whenever a poll observed one of its
/// ends, the cycle's time to decision as the previous state's, so the same polled span never reads "1m" beside "~1m".
@Suite("A notification's durations: approximate ones marked")
struct MessagePrecisionTests {
    static let app = App(name: "Fokus", bundleID: "com.example.fokus")
    static let start = Timestamp(secondsSince1970: 1_795_000_000)

    static func event(_ id: Int64, _ state: ReviewState, _ offset: Int64, _ timing: EventTiming) -> ReviewEvent {
        ReviewEvent(
            id: id, app: app, platform: .iOS, version: "2.3", build: "118", state: state,
            at: Timestamp(secondsSince1970: start.secondsSince1970 + offset),
            source: timing == .exact ? .manual : .sync,
            timing: timing)
    }

    static func facts(_ events: [ReviewEvent], of id: Int64) throws -> [String: String] {
        let message = try #require(
            NotificationMessage(
                kind: .stateChange, eventID: id, events: events,
                now: Timestamp(secondsSince1970: start.secondsSince1970 + 86_400)))
        return Dictionary(message.facts.map { ($0.label, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("a decision first seen by a sync: its time to decision is approximate, as the previous state's span")
    func observedDecision() throws {
        let events = [
            Self.event(1, .waitingForReview, 0, .exact),
            Self.event(
                2, .rejected, 60, .observed(after: Timestamp(secondsSince1970: Self.start.secondsSince1970 + 30))),
        ]
        let facts = try Self.facts(events, of: 2)
        #expect(facts["Previous state"] == "Waiting for Review, ~1m", "\(facts)")
        #expect(facts["Time to decision"] == "~1m", "\(facts)")
    }

    @Test("exact ends give exact durations, without ~")
    func exactDecision() throws {
        let events = [Self.event(1, .waitingForReview, 0, .exact), Self.event(2, .rejected, 60, .exact)]
        let facts = try Self.facts(events, of: 2)
        #expect(facts["Previous state"] == "Waiting for Review, 1m" && facts["Time to decision"] == "1m", "\(facts)")
    }
}
