import Foundation
import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Testing

/// Reminders of long waits: a cycle in Waiting for Review or In Review past the user's own 90th percentile, and past
/// 48 hours, is reminded once per threshold per cycle, however often the check runs.
@Suite("Reminders: once per threshold per cycle")
struct ReminderTests {
    static let hour: Int64 = 3600

    /// Three decided cycles of 10, 20 and 30 hours (p90 30 h), then Fokus 2.3 entering Waiting for Review at `start`.
    static func store(start: Timestamp, _ kind: StoreKind = .sqlite) throws -> NotifyFixture {
        let fixture = try NotifyFixture(kind)
        for (index, hours) in [10, 20, 30].enumerated() {
            let submitted = start.secondsSince1970 - Int64(10 + index) * 86_400
            for (state, at) in [
                (ReviewState.waitingForReview, submitted), (.readyForDistribution, submitted + Int64(hours) * hour),
            ] {
                _ = try fixture.store.record(
                    LogRequest(
                        app: "Past", version: "1.\(index)", state: state, at: Timestamp(secondsSince1970: at)))
            }
        }
        _ = try fixture.store.record(LogRequest(app: "Fokus", version: "2.3", state: .waitingForReview, at: start))
        return fixture
    }

    @Test(
        "past p90 once, past 48 h once; In Review in the same cycle adds none; a new cycle is reminded again",
        arguments: StoreKind.allCases)
    func oncePerThresholdPerCycle(_ kind: StoreKind) async throws {
        let start = Timestamp(secondsSince1970: 1_795_000_000)
        let fixture = try Self.store(start: start, kind)
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook", apps: ["Fokus"])
        func at(_ hours: Int64) -> Timestamp { Timestamp(secondsSince1970: start.secondsSince1970 + hours * Self.hour) }
        #expect(try fixture.store.recordReminders(now: at(29)) == 0, "not yet past the p90 of 30 h")
        #expect(try fixture.store.recordReminders(now: at(31)) == 1)
        #expect(try fixture.store.recordReminders(now: at(32)) == 0)
        #expect(try fixture.store.recordReminders(now: at(47)) == 0)
        #expect(try fixture.store.recordReminders(now: at(49)) == 1)
        #expect(try fixture.store.recordReminders(now: at(60)) == 0)
        _ = try fixture.store.record(LogRequest(app: "Fokus", version: "2.3", state: .inReview, at: at(61)))
        #expect(try fixture.store.recordReminders(now: at(70)) == 0, "the same cycle, now In Review")
        _ = try fixture.store.record(LogRequest(app: "Fokus", version: "2.3", state: .rejected, at: at(71)))
        #expect(try fixture.store.recordReminders(now: at(200)) == 0, "decided: nothing to remind")
        _ = try fixture.store.record(LogRequest(app: "Fokus", version: "2.3", state: .waitingForReview, at: at(72)))
        // The rejected cycle took 71 h: the p90 of 10, 20, 30 and 71 h is now 71 h.
        #expect(try fixture.store.recordReminders(now: at(72 + 49)) == 1, "a new cycle, past 48 h")
        #expect(try fixture.store.recordReminders(now: at(72 + 72)) == 1, "and past the new p90")
        #expect(try fixture.store.recordReminders(now: at(72 + 90)) == 0)

        let kinds = try fixture.store.notifications(statuses: []).map(\.kind)
        #expect(kinds.filter { $0 == .reminderOwnP90 }.count == 2)
        #expect(kinds.filter { $0 == .reminderLongWait }.count == 2)
        #expect(kinds.filter { $0 == .stateChange }.count == 3)
    }

    @Test(
        "past both thresholds at once: one reminder, the 48 hours', saying both, with the expedite link; none follows",
        arguments: StoreKind.allCases)
    func message(_ kind: StoreKind) async throws {
        let start = Timestamp(secondsSince1970: 1_795_000_000)
        let fixture = try Self.store(start: start, kind)
        fixture.server.route("/hook", respond: .text("ok"))
        fixture.server.route("/slack", respond: .text("ok"))
        let webhook = try fixture.channel(.webhook, path: "/hook", states: [.waitingForReview])
        try fixture.channel(.slack, path: "/slack", states: [.rejected])
        let now = start.secondsSince1970 + 50 * Self.hour
        fixture.clock.advance(TimeInterval(now) - fixture.clock.now().timeIntervalSince1970)
        #expect(try fixture.store.recordReminders(now: fixture.now) == 1)
        let report = try await fixture.deliverer().deliverPending()
        // The one reminder (the channels were added after the events); Slack wants rejections only.
        #expect(report.deliveredCount == 1)
        #expect(report.outcomes.allSatisfy { $0.notification.channel.id == webhook.id })
        let bodies = try fixture.server.requests(path: "/hook").map { try NotifyFixture.object($0) }
        let reminders = bodies.filter { ($0["kind"] as? String)?.hasPrefix("reminder") == true }
        #expect(reminders.compactMap { $0["kind"] as? String } == ["reminder-48h"])
        let reminder = try #require(reminders.first)
        #expect(reminder["cycleSeconds"] as? Int == 50 * 3600)
        let text = try #require(reminder["text"] as? String)
        #expect(text.hasPrefix("Still Waiting for Review: Fokus 2.3 (iOS)"))
        #expect(
            text.contains(
                "2d 2h since submission: longer than 3 of your 3 decided cycles took (100%; your 90th percentile: "
                    + "1d 6h), from fewer than 5 cycles: a weak guide; Apple (today): 90% within 24 hours"))
        #expect(
            text.contains(
                "\nReminder: past 48 hours and your own 90th percentile; an expedited review may be worth asking\n"))
        #expect(text.hasSuffix("\nRequest an expedited review: \(AppleReviewClaim.expediteRequestURL)"))
        #expect(fixture.server.requestCount(path: "/slack") == 0)
        // The p90's reminder was recorded with it: it never follows.
        #expect(try fixture.store.recordReminders(now: Timestamp(secondsSince1970: now + Self.hour)) == 0)
        #expect(try fixture.store.notifications(statuses: []).filter { $0.kind == .reminderOwnP90 }.isEmpty)
    }
}
