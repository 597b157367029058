import Foundation
import GatehouseTesting
import ReviewLog
import ReviewNotify
import Testing

/// What every channel adds to a review notification beyond its facts: the time of the change in words, a marker for an
/// approval and for In Review as there is for a rejection, and the app's App Store Connect page as each channel's own
/// link element (never a text, so it stays the one link of a payload whose texts link nothing).
@Suite("Notifications: the time of the change, the approval and review markers, the App Store Connect link")
struct MessageMarkersAndLinkTests {
    /// 2026-12-03T10:00:00Z, a Thursday.
    static let at = Timestamp(secondsSince1970: 1_796_292_000)

    static func message(
        _ state: ReviewState, kind: NotificationMessage.Kind = .stateChange, appStoreID: String? = nil
    ) -> NotificationMessage {
        let event = ReviewEvent(
            id: 7, app: App(name: "Fokus", appStoreID: appStoreID), platform: .iOS, version: "2.3", build: "41",
            state: state, at: at)
        return NotificationMessage(kind: kind, id: "7-0011223344556677", event: event)
    }

    static func body(
        _ message: NotificationMessage, _ kind: NotificationChannel.Kind,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let channel = NotificationChannel(kind: kind, url: "https://chat.example/hook")
        let request = try NotificationPayload.request(for: message, channel: channel, sentAt: at, key: nil)
        if let format: ChatPayloadInspection.Format = [.slack: .slack, .discord: .discord, .teams: .teams][kind] {
            let problems = ChatPayloadInspection.inspect(request.body, as: format).problems
            #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        }
        return try #require(
            try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
            sourceLocation: sourceLocation)
    }

    static func slackHeadline(_ body: [String: Any]) -> String? {
        ((body["blocks"] as? [[String: Any]])?.first?["text"] as? [String: Any])?["text"] as? String
    }

    static func teamsCard(_ body: [String: Any]) -> [String: Any]? {
        ((body["attachments"] as? [[String: Any]])?.first)?["content"] as? [String: Any]
    }

    static func teamsColor(_ body: [String: Any]) -> String? {
        (teamsCard(body)?["body"] as? [[String: Any]])?.first?["color"] as? String
    }

    static func discordEmbed(_ body: [String: Any]) -> [String: Any]? {
        (body["embeds"] as? [[String: Any]])?.first
    }

    @Test("the time of the change is a fact in words, UTC; a reminder says since when the state holds")
    func timeOfChange() {
        let change = Self.message(.inReview)
        #expect(change.facts.contains { $0 == ("Changed", "Thursday 3 December 2026, 10:00 UTC") })
        #expect(change.text.contains("\nChanged: Thursday 3 December 2026, 10:00 UTC"))
        let reminder = Self.message(.waitingForReview, kind: .reminderLongWait)
        #expect(reminder.facts.contains { $0 == ("In this state since", "Thursday 3 December 2026, 10:00 UTC") })
        #expect(!reminder.facts.contains { $0.label == "Changed" })
    }

    @Test(
        "an approval is marked on every channel as a rejection is: ✅, green, Good",
        arguments: [ReviewState.pendingDeveloperRelease, .readyForDistribution, .approved])
    func approval(state: ReviewState) throws {
        let message = Self.message(state)
        #expect(message.isApproval && !message.isRejection)
        #expect(Self.slackHeadline(try Self.body(message, .slack)) == "✅ Fokus 2.3 (iOS) is \(state.displayName)")
        #expect(Self.discordEmbed(try Self.body(message, .discord))?["color"] as? Int == 0x57F287)
        #expect(Self.teamsColor(try Self.body(message, .teams)) == "Good")
    }

    @Test("In Review is marked (🔍, blurple, Accent); a rejection stays the alarm; Waiting for Review has no mark")
    func markers() throws {
        let review = Self.message(.inReview)
        #expect(Self.slackHeadline(try Self.body(review, .slack)) == "🔍 Fokus 2.3 (iOS) is In Review")
        #expect(Self.discordEmbed(try Self.body(review, .discord))?["color"] as? Int == 0x5865F2)
        #expect(Self.teamsColor(try Self.body(review, .teams)) == "Accent")
        let rejected = Self.message(.rejected)
        #expect(!rejected.isApproval)
        #expect(Self.slackHeadline(try Self.body(rejected, .slack)) == "⛔ Rejected: Fokus 2.3 (iOS)")
        #expect(Self.teamsColor(try Self.body(rejected, .teams)) == "Attention")
        let waiting = Self.message(.waitingForReview)
        #expect(Self.slackHeadline(try Self.body(waiting, .slack)) == "Fokus 2.3 (iOS) is Waiting for Review")
        #expect(Self.teamsColor(try Self.body(waiting, .teams)) == "Default")
    }

    @Test("with the app's App Store Connect id, each channel links its page with its own link element")
    func appStoreConnectLink() throws {
        let message = Self.message(.inReview, appStoreID: "1234567890")
        let url = "https://appstoreconnect.apple.com/apps/1234567890"
        #expect(message.appStoreConnectURL == url)
        #expect(message.text.hasSuffix("\nOpen in App Store Connect: \(url)"))
        let slack = try Self.body(message, .slack)
        let actions = try #require((slack["blocks"] as? [[String: Any]])?.first { $0["type"] as? String == "actions" })
        let button = try #require((actions["elements"] as? [[String: Any]])?.first)
        #expect(button["type"] as? String == "button" && button["url"] as? String == url)
        #expect((button["text"] as? [String: Any])?["text"] as? String == "Open in App Store Connect")
        #expect(Self.discordEmbed(try Self.body(message, .discord))?["url"] as? String == url)
        let action = try #require(
            (Self.teamsCard(try Self.body(message, .teams))?["actions"] as? [[String: Any]])?.first)
        #expect(action["type"] as? String == "Action.OpenUrl" && action["url"] as? String == url)
    }

    @Test(
        "without an id, or with one that is not all digits, no link is made, on any channel",
        arguments: [nil, "", "12a4", "1<!channel>", "1/../../evil", String(repeating: "9", count: 21)])
    func noLink(appStoreID: String?) throws {
        let message = Self.message(.inReview, appStoreID: appStoreID)
        #expect(message.appStoreConnectURL == nil)
        #expect(!message.text.contains("appstoreconnect"))
        let slack = try Self.body(message, .slack)
        #expect((slack["blocks"] as? [[String: Any]])?.contains { $0["type"] as? String == "actions" } == false)
        #expect(Self.discordEmbed(try Self.body(message, .discord))?["url"] == nil)
        #expect(Self.teamsCard(try Self.body(message, .teams))?["actions"] == nil)
    }

    @Test("a state change still current is told as of now, as review status tells it: the wait so far, compared")
    func currentStateAsOfNow() throws {
        let hour: Int64 = 3600
        let submitted = Self.at.secondsSince1970
        func event(_ id: Int64, _ version: String, _ state: ReviewState, _ at: Int64) -> ReviewEvent {
            ReviewEvent(
                id: id, app: App(name: "Fokus"), platform: .iOS, version: version, build: nil, state: state,
                at: Timestamp(secondsSince1970: at))
        }
        // Two decided cycles of 10 and 20 hours, then 2.3 submitted 30 hours before its first sync saw it.
        var events = [
            event(1, "1.0", .waitingForReview, submitted - 900 * hour),
            event(2, "1.0", .approved, submitted - 890 * hour),
            event(3, "1.1", .waitingForReview, submitted - 500 * hour),
            event(4, "1.1", .approved, submitted - 480 * hour),
            event(5, "2.3", .waitingForReview, submitted),
        ]
        let now = Timestamp(secondsSince1970: submitted + 30 * hour)
        let first = try #require(NotificationMessage(kind: .stateChange, eventID: 5, events: events, now: now))
        #expect(first.facts.contains { $0 == ("Cycle so far", "1d 6h") }, "\(first.facts)")
        let compared = try #require(first.facts.first { $0.label == "Compared" }?.value)
        #expect(compared.hasPrefix("1d 6h since submission: longer than 2 of your 2 decided cycles took"))
        #expect(first.links.isEmpty, "30 hours: not yet past 48, no expedite link")
        // Once the version has moved on, the same event's message is told as of its own time again.
        events.append(event(6, "2.3", .inReview, submitted + 31 * hour))
        let later = Timestamp(secondsSince1970: submitted + 40 * hour)
        let old = try #require(NotificationMessage(kind: .stateChange, eventID: 5, events: events, now: later))
        #expect(old.facts.contains { $0 == ("Cycle so far", "0s") }, "\(old.facts)")
        #expect(!old.facts.contains { $0.label == "Compared" })
    }
}
