import Foundation
import GatehouseTesting
import ReviewLog
import ReviewNotify
import Testing

/// Each channel against a loopback receiver: the body has the shape the service documents (Slack Block Kit, a
/// Discord embed, a Teams Adaptive Card, the generic webhook's fields), rejections stand out, a long wait carries the
/// comparison, and the generic webhook's signature checks.
@Suite("Notification channels: payload shapes on a loopback receiver")
struct ChannelPayloadTests {
    /// What a channel's receiver got: one request per state, each a POST of JSON.
    struct Delivered {
        let fixture: NotifyFixture
        let requests: [LoopbackRequest]
        /// The JSON object of each request's body.
        let bodies: [[String: Any]]
    }

    /// Fokus 2.3 waited 30 h, was in review 2 h, then rejected; the receiver got one request per state.
    static func delivered(_ kind: NotificationChannel.Kind, secretFile: String? = nil) async throws -> Delivered {
        let fixture = try NotifyFixture()
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(kind, path: "/hook", secretFile: secretFile)
        try fixture.log(.waitingForReview, hoursAgo: 32)
        try fixture.log(.inReview, hoursAgo: 2)
        try fixture.log(.rejected, hoursAgo: 0)
        let report = try await fixture.deliverer().deliverPending()
        #expect(report.deliveredCount == 3, "\(report.outcomes.map(\.failure))")
        let requests = fixture.server.requests(path: "/hook")
        #expect(requests.count == 3)
        for request in requests {
            #expect(request.method == "POST")
            #expect(request.header("Content-Type") == "application/json")
        }
        return Delivered(fixture: fixture, requests: requests, bodies: try requests.map(NotifyFixture.object))
    }

    @Test("Slack: text fallback and Block Kit header, mrkdwn section fields; a rejection's header is marked")
    func slack() async throws {
        for (index, body) in try await Self.delivered(.slack).bodies.enumerated() {
            #expect(Set(body.keys) == ["text", "blocks"])
            let blocks = try #require(body["blocks"] as? [[String: Any]])
            #expect(blocks.first?["type"] as? String == "header")
            let header = try #require(blocks.first?["text"] as? [String: Any])
            #expect(header["type"] as? String == "plain_text")
            let headline = try #require(header["text"] as? String)
            #expect(headline.count <= 150)
            let section = try #require(blocks.first { $0["type"] as? String == "section" })
            let fields = try #require(section["fields"] as? [[String: Any]])
            #expect(fields.count <= 10 && fields.allSatisfy { $0["type"] as? String == "mrkdwn" })
            let texts = fields.compactMap { $0["text"] as? String }
            #expect(texts.contains("*App*\nFokus") && texts.contains("*Platform*\niOS"))
            if index == 2 {
                #expect(headline == "⛔ Rejected: Fokus 2.3 (iOS)")
                #expect(body["text"] as? String == "Rejected: Fokus 2.3 (iOS)")
                #expect(texts.contains("*Time to decision*\n1d 8h"))
            }
            if index == 1 {
                // In Review after 30 hours: past Apple's 24, so the comparison is there.
                #expect(texts.contains("*Previous state*\nWaiting for Review, 1d 6h"))
                #expect(texts.contains { $0.hasPrefix("*Compared*\n1d 6h since submission") && $0.contains("90%") })
            }
        }
    }

    @Test("Discord: content and one embed with title, integer colour, inline fields, timestamp; no mentions parsed")
    func discord() async throws {
        let bodies = try await Self.delivered(.discord).bodies
        var colors: [Int] = []
        for body in bodies {
            #expect(Set(body.keys) == ["content", "embeds", "allowed_mentions"])
            #expect((body["allowed_mentions"] as? [String: Any])?["parse"] as? [Any] != nil)
            #expect(((body["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty == true)
            let embeds = try #require(body["embeds"] as? [[String: Any]])
            #expect(embeds.count == 1)
            let embed = try #require(embeds.first)
            let title = try #require(embed["title"] as? String)
            #expect(title.count <= 256)
            colors.append(try #require(embed["color"] as? Int))
            #expect(Timestamp(iso8601: try #require(embed["timestamp"] as? String)) != nil)
            let fields = try #require(embed["fields"] as? [[String: Any]])
            #expect(fields.count <= 25)
            for field in fields {
                #expect(field["name"] is String && field["value"] is String && field["inline"] is Bool)
            }
            // Every value's ASCII punctuation is backslash-escaped (Markdown), so it shows as typed.
            #expect(fields.contains { $0["name"] as? String == "Version" && $0["value"] as? String == "2\\.3" })
        }
        #expect(colors[2] == 0xED4245, "a rejection is red")
        #expect(colors[0] != colors[2])
        let content = try #require(bodies[2]["content"] as? String)
        #expect(content == "**Rejected\\:\u{200B} Fokus 2\\.3 \\(iOS\\)**")
        #expect(ChatPayloadInspection.shown(content, as: .discord) == "**Rejected: Fokus 2.3 (iOS)**")
    }

    @Test("Teams: a message with one Adaptive Card attachment: TextBlock headline, FactSet; a rejection in Attention")
    func teams() async throws {
        var colors: [String] = []
        for body in try await Self.delivered(.teams).bodies {
            #expect(body["type"] as? String == "message")
            let attachments = try #require(body["attachments"] as? [[String: Any]])
            #expect(attachments.count == 1)
            let attachment = try #require(attachments.first)
            #expect(attachment["contentType"] as? String == "application/vnd.microsoft.card.adaptive")
            #expect(attachment.keys.contains("contentUrl"))
            let card = try #require(attachment["content"] as? [String: Any])
            #expect(card["type"] as? String == "AdaptiveCard")
            #expect(card["$schema"] as? String == "http://adaptivecards.io/schemas/adaptive-card.json")
            #expect(card["version"] as? String == "1.4")
            let cardBody = try #require(card["body"] as? [[String: Any]])
            #expect(cardBody.map { $0["type"] as? String } == ["TextBlock", "FactSet"])
            colors.append(try #require(cardBody[0]["color"] as? String))
            let facts = try #require(cardBody[1]["facts"] as? [[String: String]])
            #expect(facts.contains { $0 == ["title": "App", "value": "Fokus"] })
        }
        #expect(colors == ["Default", "Warning", "Attention"])
    }

    @Test("generic webhook: the issue's fields, X-Gatehouse-Event-Id, and a signature that checks with the key")
    func webhook() async throws {
        let directory = try TemporaryDirectory()
        let secretPath = directory.file("secret").path
        try Data("s3cr3t-shared\n".utf8).write(to: URL(fileURLWithPath: secretPath))
        let delivered = try await Self.delivered(.webhook, secretFile: secretPath)
        let fixture = delivered.fixture
        let required: Set<String> = [
            "id", "app", "bundleId", "platform", "version", "build", "state", "stateName", "previousState",
            "previousStateSeconds", "at", "source", "sentAt",
        ]
        let ids = try fixture.store.events(app: nil).map { NotificationMessage.id(of: $0) }
        // Counted before indexing: a delivery missing under load is a recorded failure, not a crash of the run.
        try #require(delivered.requests.count == ids.count && delivered.bodies.count == ids.count)
        for (index, (request, body)) in zip(delivered.requests, delivered.bodies).enumerated() {
            #expect(required.isSubset(of: Set(body.keys)), "missing \(required.subtracting(body.keys))")
            #expect(body["id"] as? String == ids[index])
            #expect(request.header("X-Gatehouse-Event-Id") == ids[index])
            #expect(body["app"] as? String == "Fokus" && body["platform"] as? String == "iOS")
            #expect(body["sentAt"] as? String == fixture.now.iso8601)
            let signature = try #require(request.header("X-Gatehouse-Signature"))
            #expect(signature.hasPrefix("sha256=") && signature.count == 71)
            #expect(signature == signature.lowercased())
            // Keyed by the file's bytes with the trailing newline removed: the newline-less key checks, the file's
            // whole bytes do not.
            #expect(
                GatehouseWebhookSignature.isValid(
                    headerValue: signature, body: request.body, key: Array("s3cr3t-shared".utf8)))
            #expect(
                !GatehouseWebhookSignature.isValid(
                    headerValue: signature, body: request.body, key: Array("s3cr3t-shared\n".utf8)))
            var tampered = request.body
            tampered[tampered.count / 2] ^= 1
            #expect(
                !GatehouseWebhookSignature.isValid(
                    headerValue: signature, body: tampered, key: Array("s3cr3t-shared".utf8)))
        }
        let inReview = delivered.bodies[1]
        #expect(inReview["state"] as? String == "IN_REVIEW" && inReview["stateName"] as? String == "In Review")
        #expect(inReview["previousState"] as? String == "WAITING_FOR_REVIEW")
        #expect(inReview["previousStateSeconds"] as? Int == 30 * 3600)
        #expect(inReview["source"] as? String == "manual")
        #expect(inReview["at"] as? String == Timestamp(secondsSince1970: fixture.now.secondsSince1970 - 7200).iso8601)
    }

    @Test("the signature is HMAC-SHA256: RFC 4231 test case 2, hex in either case accepted, short forms refused")
    func signatureVector() throws {
        // RFC 4231 section 4.3: key "Jefe", data "what do ya want for nothing?".
        let body = Array("what do ya want for nothing?".utf8)
        let expected = "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        #expect(try GatehouseWebhookSignature.headerValue(body: body, key: Array("Jefe".utf8)) == expected)
        #expect(
            GatehouseWebhookSignature.isValid(
                headerValue: expected.uppercased().replacing("SHA256=", with: "sha256="), body: body,
                key: Array("Jefe".utf8)))
        #expect(
            !GatehouseWebhookSignature.isValid(
                headerValue: String(expected.dropLast(2)), body: body, key: Array("Jefe".utf8)))
        #expect(
            !GatehouseWebhookSignature.isValid(
                headerValue: "sha1=" + expected.dropFirst(7), body: body, key: Array("Jefe".utf8))
        )
        #expect(GatehouseWebhookSignature.key(fromFileBytes: Array("k\n".utf8)) == Array("k".utf8))
        #expect(GatehouseWebhookSignature.key(fromFileBytes: Array("k\r\n".utf8)) == Array("k".utf8))
        #expect(GatehouseWebhookSignature.key(fromFileBytes: Array("k\n\n".utf8)) == Array("k\n".utf8))
    }

    @Test("a channel's apps (by name or bundle ID) and states choose what it is sent; others are not queued")
    func filters() async throws {
        let fixture = try NotifyFixture()
        fixture.server.route("/rejections", respond: .text("ok"))
        fixture.server.route("/ledger", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/rejections", states: [.rejected, .metadataRejected])
        try fixture.channel(.webhook, path: "/ledger", apps: ["ledger"])
        try fixture.channel(.webhook, path: "/by-bundle", apps: ["com.example.fokus"])
        fixture.server.route("/by-bundle", respond: .text("ok"))
        try fixture.log(.waitingForReview, hoursAgo: 5)
        // Fokus gets its bundle ID the way a sync gives it.
        _ = try fixture.store.importEvents([
            ReviewEvent(
                id: 0, app: App(name: "Fokus", bundleID: "com.example.fokus"), platform: .iOS, version: "2.3",
                state: .inReview, at: Timestamp(secondsSince1970: fixture.now.secondsSince1970 - 7200))
        ])
        try fixture.log(.rejected, hoursAgo: 1)
        try fixture.log(.waitingForReview, hoursAgo: 1, app: "Ledger", version: "1.0")
        _ = try await fixture.deliverer().deliverPending()
        let rejections = try fixture.server.requests(path: "/rejections").map {
            try NotifyFixture.object($0)["state"] as? String
        }
        #expect(rejections == ["REJECTED"])
        let ledger = try fixture.server.requests(path: "/ledger").map { try NotifyFixture.object($0)["app"] as? String }
        #expect(ledger == ["Ledger"])
        let byBundle = try fixture.server.requests(path: "/by-bundle").map {
            try NotifyFixture.object($0)["state"] as? String
        }
        #expect(byBundle == ["REJECTED"], "matched by bundle ID once Fokus has one (the import queued nothing)")
    }

    @Test("the masked URL keeps the origin and the last four characters of a long path")
    func masking() {
        let slack = NotificationChannel(kind: .slack, url: "https://hooks.slack.com/services/T00/B00/abcdefghXy9Z")
        #expect(slack.maskedURL == "https://hooks.slack.com/…Xy9Z")
        #expect(!slack.maskedURL.contains("T00"))
        #expect(NotificationChannel(kind: .webhook, url: "https://example.com").maskedURL == "https://example.com")
        #expect(
            NotificationChannel(kind: .webhook, url: "https://example.com/abc").maskedURL == "https://example.com/…")
    }
}
