import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// Issue 25 item 11: a webhook for a version the store has no event of says what state it left; the timeline tells
/// that state, its start unknown, never "not submitted".
@Suite("A webhook for a new version: the state it left, its start unknown")
struct WebhookLeftStateTests {
    static let now = Timestamp(iso8601: "2026-11-21T12:00:00Z")!
    static let version = WebhookVersion(
        ascAppID: "1000000001", appName: "Fokus", bundleID: "com.example.fokus", platform: .iOS, version: "2.3")

    static func delivery(_ id: String, from old: String?, to new: String, at: String) -> WebhookDelivery {
        WebhookDelivery(
            id: id, kind: .stateChange(ascVersionID: "v-1", oldValue: old, newValue: new),
            timestampMilliseconds: Timestamp(iso8601: at)!.secondsSince1970 * 1000, receivedAt: now)
    }

    @Test("In Review for a new version: Waiting for Review before it, unknown since when; no notification for it")
    func leftWaiting() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("r.sqlite3").path
        let store = try RelationalReviewStore(sqlitePath: path)
        _ = try store.addChannel(NotificationChannel(kind: .webhook, url: "https://example.com/hook"))
        _ = try store.recordWebhookDelivery(
            Self.delivery("d1", from: "WAITING_FOR_REVIEW", to: "IN_REVIEW", at: "2026-11-21T08:30:00Z"),
            version: Self.version)
        let events = try store.events(app: nil)
        #expect(events.map(\.state) == [.waitingForReview, .inReview])
        #expect(events[0].timing == .observed(after: nil) && events[0].at == events[1].at)
        #expect(try store.notifications(statuses: [.pending]).map(\.eventID) == [events[1].id])
        let environment = ReviewEnvironment(now: Self.now, variables: ["REVIEW_DB": path])
        let timeline = ReviewCLI.main(arguments: ["timeline", "Fokus", "--utc"], environment: environment)
        #expect(
            timeline.standardOutput.contains(
                "Cycle 1: no decision yet; submitted before 2026-11-21 08:30 UTC, when exactly is unknown"),
            "\(timeline.standardOutput)")
        #expect(!timeline.standardOutput.contains("not submitted"))
        // A state before the cycle (Prepare for Submission) is not recorded; a version with events is left as it is.
        _ = try store.recordWebhookDelivery(
            Self.delivery("d2", from: "PREPARE_FOR_SUBMISSION", to: "WAITING_FOR_REVIEW", at: "2026-11-21T09:00:00Z"),
            version: WebhookVersion(
                ascAppID: "1000000001", appName: "Fokus", bundleID: "com.example.fokus", platform: .iOS,
                version: "2.4"))
        #expect(try store.events(app: nil).filter { $0.version == "2.4" }.map(\.state) == [.waitingForReview])
        _ = try store.recordWebhookDelivery(
            Self.delivery("d3", from: "IN_REVIEW", to: "PENDING_DEVELOPER_RELEASE", at: "2026-11-21T10:00:00Z"),
            version: Self.version)
        #expect(try store.events(app: nil).filter { $0.version == "2.3" }.count == 3)
    }
}
