import Foundation
import GatehouseTesting
import ReviewLog
import ReviewNotify
import ReviewTesting
import Testing

/// Signing alerts on each channel against a loopback receiver (issue 22): the service's shape, as review notifications
/// have it (Slack Block Kit, a Discord embed, a Teams Adaptive Card), the generic webhook's signing object and its
/// signature, what each message names (item, kind, source, the exact expiry in ISO 8601 and in words, the days left,
/// what breaks, what to do, what happened), and every value from outside inert in every chat format.
@Suite("Signing alerts: payload shapes on a loopback receiver")
struct SigningAlertPayloadTests {
    /// The client secret's expiry when it is tracked 6 days and 3 hours before it (ManualClock's start is
    /// 2026-11-29T12:00:00Z, a Sunday).
    static let expires = "2026-12-05T15:00:00Z"

    /// One channel of `kind` at /hook, a client secret tracked `seconds` before its expiry, the alerts due recorded
    /// and one round delivered: the requests the receiver got.
    static func delivered(
        _ kind: NotificationChannel.Kind, expiringIn seconds: Int64 = 6 * 86_400 + 3 * 3600, secretFile: String? = nil,
        store: StoreKind = .sqlite
    ) async throws -> (fixture: NotifyFixture, requests: [LoopbackRequest]) {
        let fixture = try NotifyFixture(store)
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(kind, path: "/hook", secretFile: secretFile)
        try fixture.trackSecret(expiringIn: seconds)
        #expect(try fixture.store.recordSigningAlerts(now: fixture.now) == 1)
        let report = try await fixture.deliverer().deliverPending()
        #expect(
            report.signingDeliveredCount == 1 && report.outcomes.isEmpty, "\(report.signingOutcomes.map(\.failure))")
        let requests = fixture.server.requests(path: "/hook")
        #expect(requests.count == 1)
        for request in requests {
            #expect(request.method == "POST")
            #expect(request.header("Content-Type") == "application/json")
        }
        return (fixture, requests)
    }

    @Test("Slack: a ⛔ header naming the item and the days, mrkdwn fields with every fact, a context line")
    func slack() async throws {
        let request = try #require(try await Self.delivered(.slack).requests.first)
        let body = try NotifyFixture.object(request)
        #expect(Set(body.keys) == ["text", "blocks"])
        #expect(body["text"] as? String == "Client secret expires in 6 days: com.example.web")
        let blocks = try #require(body["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["type"] as? String } == ["header", "section", "context"])
        let header = try #require(blocks[0]["text"] as? [String: Any])
        #expect(header["type"] as? String == "plain_text")
        #expect(header["text"] as? String == "⛔ Client secret expires in 6 days: com.example.web")
        let fields = try #require(blocks[1]["fields"] as? [[String: Any]])
        #expect(
            fields.count <= 10
                && fields.allSatisfy { $0["type"] as? String == "mrkdwn" && $0["verbatim"] as? Bool == true })
        let texts = fields.compactMap { $0["text"] as? String }
        #expect(
            texts == [
                "*Item*\ncom.example.web", "*Kind*\nSign in with Apple client secret",
                "*Detail*\nkey ABC123DEFG, team TEAM123456", "*Source*\n/tmp/gatehouse-test/client-secret.jwt",
                "*Expires*\n\(Self.expires) (Saturday 5 December 2026, 15:00 UTC)",
                "*Left*\n6 days left (the 7-day alert)",
                "*What breaks*\n\(SigningItemKind.clientSecret.whatBreaks)",
                "*What to do*\n\(SigningItemKind.clientSecret.whatToDo)",
            ])
        #expect(ChatPayloadInspection.inspect(request.body, as: .slack).problems.isEmpty)
    }

    @Test("more than 7 days left is amber, not red: Slack ⚠️, Discord amber, Teams Warning")
    func amber() async throws {
        let twentyDays: Int64 = 20 * 86_400 + 3 * 3600
        let slack = try NotifyFixture.object(
            try #require(try await Self.delivered(.slack, expiringIn: twentyDays).requests.first))
        let header = ((slack["blocks"] as? [[String: Any]])?.first?["text"] as? [String: Any])?["text"] as? String
        #expect(header == "⚠️ Client secret expires in 20 days: com.example.web")
        let discord = try NotifyFixture.object(
            try #require(try await Self.delivered(.discord, expiringIn: twentyDays).requests.first))
        #expect(((discord["embeds"] as? [[String: Any]])?.first?["color"] as? Int) == 0xFAA61A)
        #expect((discord["content"] as? String)?.hasPrefix("**") == false, "only a red alert is bold")
        let teams = try NotifyFixture.object(
            try #require(try await Self.delivered(.teams, expiringIn: twentyDays).requests.first))
        let card = ((teams["attachments"] as? [[String: Any]])?.first?["content"] as? [String: Any])
        #expect(((card?["body"] as? [[String: Any]])?.first?["color"] as? String) == "Warning")
        let text = try #require(((card?["body"] as? [[String: Any]])?[1]["facts"] as? [[String: String]]))
        #expect(text.contains(["title": "Left", "value": "20 days left \\(the 30\\-day alert\\)"]))
    }

    @Test("Discord: bold content, one red embed, the long facts on whole lines, the message's time, no mentions parsed")
    func discord() async throws {
        let (fixture, requests) = try await Self.delivered(.discord)
        let request = try #require(requests.first)
        let body = try NotifyFixture.object(request)
        #expect(Set(body.keys) == ["content", "embeds", "allowed_mentions"])
        #expect(((body["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty == true)
        let content = try #require(body["content"] as? String)
        #expect(
            ChatPayloadInspection.shown(content, as: .discord)
                == "**Client secret expires in 6 days: com.example.web**")
        let embed = try #require((body["embeds"] as? [[String: Any]])?.first)
        #expect(embed["color"] as? Int == 0xED4245)
        #expect(embed["timestamp"] as? String == fixture.now.iso8601)
        let fields = try #require(embed["fields"] as? [[String: Any]])
        let inline = Dictionary(
            uniqueKeysWithValues: fields.map { ($0["name"] as? String ?? "", $0["inline"] as? Bool ?? true) })
        #expect(inline["Item"] == true && inline["Kind"] == true)
        #expect(inline["Expires"] == false && inline["What to do"] == false && inline["What breaks"] == false)
        let expires = try #require(fields.first { $0["name"] as? String == "Expires" }?["value"] as? String)
        #expect(
            ChatPayloadInspection.shown(expires, as: .discord)
                == "\(Self.expires) (Saturday 5 December 2026, 15:00 UTC)")
        #expect(ChatPayloadInspection.inspect(request.body, as: .discord).problems.isEmpty)
    }

    @Test("Teams: one Adaptive Card, the headline in Attention, a FactSet of every fact")
    func teams() async throws {
        let request = try #require(try await Self.delivered(.teams).requests.first)
        let body = try NotifyFixture.object(request)
        #expect(body["type"] as? String == "message")
        let attachment = try #require((body["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["contentType"] as? String == "application/vnd.microsoft.card.adaptive")
        let card = try #require(attachment["content"] as? [String: Any])
        #expect(card["type"] as? String == "AdaptiveCard" && card["version"] as? String == "1.4")
        let cardBody = try #require(card["body"] as? [[String: Any]])
        #expect(cardBody.map { $0["type"] as? String } == ["TextBlock", "FactSet"])
        #expect(cardBody[0]["color"] as? String == "Attention")
        let facts = try #require(cardBody[1]["facts"] as? [[String: String]])
        #expect(
            facts.map { $0["title"] ?? "" } == [
                "Item", "Kind", "Detail", "Source", "Expires", "Left", "What breaks", "What to do",
            ])
        #expect(
            facts.map { ChatPayloadInspection.shown($0["value"] ?? "", as: .teams) }.first
                == "com.example.web")
        #expect(ChatPayloadInspection.inspect(request.body, as: .teams).problems.isEmpty)
    }

    @Test(
        "generic webhook: id, kind, alert, threshold, item (review signing --json's), text, sentAt; signed; the id header",
        arguments: StoreKind.allCases)
    func webhook(_ kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let secretPath = directory.file("secret").path
        try Data("s3cr3t-shared\n".utf8).write(to: URL(fileURLWithPath: secretPath))
        let (fixture, requests) = try await Self.delivered(.webhook, secretFile: secretPath, store: kind)
        let request = try #require(requests.first)
        let body = try NotifyFixture.object(request)
        #expect(Set(body.keys) == ["id", "kind", "alert", "threshold", "item", "text", "sentAt"])
        let item = try #require(try fixture.store.signingItems().first)
        let id = SigningAlert(kind: .expiring, threshold: 7).id(itemID: item.id)
        #expect(id == "signing-\(item.id)-expiring-7")
        #expect(body["id"] as? String == id)
        #expect(request.header("X-Gatehouse-Event-Id") == id)
        #expect(body["kind"] as? String == "signing" && body["alert"] as? String == "expiring")
        #expect(body["threshold"] as? Int == 7)
        #expect(body["sentAt"] as? String == fixture.now.iso8601)
        // The item object is review signing --json's, worked out at the sending.
        let status = try #require(
            SigningItemStatus.of(try fixture.store.signingItems(), at: fixture.now, expiringWithin: 30).first)
        let expected = try JSONSerialization.jsonObject(with: Data(status.json.utf8)) as? NSDictionary
        #expect((body["item"] as? NSDictionary) == expected)
        let object = try #require(body["item"] as? [String: Any])
        #expect(object["daysLeft"] as? Int == 6 && object["state"] as? String == "expiring")
        #expect(object["expires"] as? String == Self.expires && object["kind"] as? String == "client-secret")
        let text = try #require(body["text"] as? String)
        #expect(text.hasPrefix("Client secret expires in 6 days: com.example.web\nItem: com.example.web\n"))
        #expect(text.contains("\nExpires: \(Self.expires) (Saturday 5 December 2026, 15:00 UTC)\n"))
        #expect(text.contains("\nWhat to do: sign a new one with `jwtcheck apple client-secret`"))
        let signature = try #require(request.header("X-Gatehouse-Signature"))
        #expect(signature == "sha256=" + HMACHex.of(key: "s3cr3t-shared", body: request.body))
        #expect(
            GatehouseWebhookSignature.isValid(
                headerValue: signature, body: request.body, key: Array("s3cr3t-shared".utf8)))
    }

    @Test("expired, INVALID, gone and missing: each says what happened, with the expiry and the days; threshold null")
    func whatHappened() async throws {
        let fixture = try NotifyFixture()
        fixture.server.route("/hook", respond: .text("ok"))
        try fixture.channel(.webhook, path: "/hook")
        let day: Int64 = 86_400
        let at = fixture.now
        // Expired three days and an hour ago.
        let expired = try fixture.trackSecret(expiringIn: -(3 * day + 3600), path: "/tmp/gatehouse-test/old.jwt")
        // A listed certificate that the next complete listing lacks, and a profile App Store Connect marks INVALID.
        let source = SigningListing.source(profile: "work", keyID: "ABC123DEFG")
        let certificate = SigningSighting(
            kind: .certificate, reference: "CERT1", name: "Apple Distribution: Example", detail: "DISTRIBUTION",
            ownExpires: Timestamp(secondsSince1970: at.secondsSince1970 + 200 * day), renewalGroup: "DISTRIBUTION")
        let profile = SigningSighting(
            kind: .profile, reference: "PROF1", name: "App Store com.example", detail: "IOS_APP_STORE",
            ownExpires: Timestamp(secondsSince1970: at.secondsSince1970 + 100 * day), isInvalid: true,
            renewalGroup: "App Store com.example")
        _ = try fixture.store.applySigningListing(
            SigningListing(source: source, at: at, certificates: [certificate], profiles: [profile]))
        let later = Timestamp(secondsSince1970: at.secondsSince1970 + 3600)
        _ = try fixture.store.applySigningListing(
            SigningListing(source: source, at: later, certificates: [], profiles: [profile]))
        // A tracked file found missing.
        let file = try fixture.trackSecret(expiringIn: 90 * day, path: "/tmp/gatehouse-test/gone.jwt")
        _ = try fixture.store.recordSigningFileRead(id: file.id, nil, at: later)
        fixture.clock.advance(3600)
        #expect(try fixture.store.recordSigningAlerts(now: fixture.now) == 4)
        let report = try await fixture.deliverer().deliverPending()
        #expect(report.signingDeliveredCount == 4)
        var byAlert: [String: [String: Any]] = [:]
        for request in fixture.server.requests(path: "/hook") {
            let body = try NotifyFixture.object(request)
            byAlert[body["alert"] as? String ?? ""] = body
            #expect(body["threshold"] is NSNull, "\(body)")
        }
        #expect(Set(byAlert.keys) == ["expired", "invalid", "gone", "missing"])
        let items = try fixture.store.signingItems()
        func text(_ alert: String) -> String { byAlert[alert]?["text"] as? String ?? "" }
        #expect(text("expired").hasPrefix("Client secret expired: com.example.web\n"))
        #expect(text("expired").contains("\nLeft: expired 3 days ago\n"))
        #expect(byAlert["expired"]?["id"] as? String == "signing-\(expired.id)-expired")
        #expect(text("invalid").hasPrefix("Profile is INVALID: App Store com.example\n"))
        #expect(text("invalid").contains("\nWhat happened: App Store Connect marks the profile INVALID"))
        #expect(text("invalid").contains("\nSource: app-store-connect:work\n"))
        #expect(text("invalid").contains("\nLeft: 99 days left\n"), "an hour after the listing")
        #expect(text("gone").hasPrefix("Certificate gone from App Store Connect: Apple Distribution: Example\n"))
        #expect(
            text("gone").contains(
                "\nWhat happened: a complete App Store Connect listing no longer has it (revoked or deleted), since "
                    + "\(later.iso8601); last seen \(at.iso8601)\n"))
        #expect(text("missing").hasPrefix("Client secret file missing: com.example.web\n"))
        #expect(
            text("missing").contains(
                "\nWhat happened: the tracked file /tmp/gatehouse-test/gone.jwt is missing (since \(later.iso8601))"))
        #expect(text("missing").contains("stop tracking it with review signing remove \(file.id)"))
        let missingItem = try #require(byAlert["missing"]?["item"] as? [String: Any])
        #expect(missingItem["state"] as? String == "missing" && missingItem["missingSince"] as? String == later.iso8601)
        #expect(items.count == 4)
    }

    /// Mentions, links and markup of the three chat services, as an item's name, detail or source.
    static let hostile = [
        "<!channel>", "<@U024BE7LH>", "<https://evil.example/login|Verify your Apple ID>", "&lt;b&gt; & &amp;",
        "[Verify your Apple ID](https://evil.example/login)", "https://evil.example/login", "@everyone",
        "<@123456789012345678>", "**bold** _it_ `code`", "# Header", "> quote", "<at>Someone</at>",
    ]

    @Test("a hostile name, detail or source is inert and shown as typed on every chat channel", arguments: hostile)
    func hostileValues(_ value: String) throws {
        let at = Timestamp(secondsSince1970: 1_795_953_600)
        let item = SigningItem(
            id: 9, kind: .profileFile, source: "/tmp/\(value)", reference: "/tmp/\(value)", readName: value,
            detail: value, expires: Timestamp(secondsSince1970: at.secondsSince1970 + 86_400 * 3), firstSeen: at)
        for alert in [SigningAlert(kind: .expiring, threshold: 7), SigningAlert(kind: .missing)] {
            var status = SigningItemStatus(item: item, state: .expiring, daysLeft: 3)
            if alert.kind == .missing {
                status.item.missingSince = at
                status.state = .missing
            }
            let message = SigningAlertMessage(alert: alert, status: status, at: at)
            for (kind, format) in [
                (NotificationChannel.Kind.slack, ChatPayloadInspection.Format.slack), (.discord, .discord),
                (.teams, .teams),
            ] {
                let request = try NotificationPayload.request(
                    for: message, channel: NotificationChannel(kind: kind, url: "https://chat.example/hook"),
                    sentAt: at, key: nil)
                let (problems, shown) = ChatPayloadInspection.inspect(request.body, as: format)
                #expect(problems.isEmpty, "\(kind) \(alert.kind): \(problems)")
                #expect(shown.contains { $0.contains(value) }, "\(kind) does not show \(value.debugDescription)")
            }
        }
    }

    @Test("the days: less than a day left, 1 day, expired less than a day ago; a certificate deciding a profile")
    func days() {
        let at = Timestamp(secondsSince1970: 1_795_953_600)
        func message(_ seconds: Int64, kind: SigningItemKind = .clientSecret, decidedBy: String? = nil)
            -> SigningAlertMessage
        {
            let item = SigningItem(
                id: 4, kind: kind, source: "/tmp/x", reference: "/tmp/x", readName: "x", detail: "",
                expires: Timestamp(secondsSince1970: at.secondsSince1970 + seconds),
                ownExpires: Timestamp(secondsSince1970: at.secondsSince1970 + 400 * 86_400), decidedBy: decidedBy,
                firstSeen: at)
            let status = SigningItemStatus.of([item], at: at, expiringWithin: 30)[0]
            let alert =
                status.daysLeft < 0 ? SigningAlert(kind: .expired) : SigningAlert(kind: .expiring, threshold: 1)
            return SigningAlertMessage(alert: alert, status: status, at: at)
        }
        #expect(message(3600).title == "Client secret expires in less than a day: x")
        #expect(message(3600).text.contains("\nLeft: less than a day left (the 1-day alert)\n"))
        #expect(message(86_400 + 5).text.contains("\nLeft: 1 day left (the 1-day alert)\n"))
        #expect(message(-5).title == "Client secret expired: x")
        #expect(message(-5).text.contains("\nLeft: expired less than a day ago\n"))
        #expect(message(-86_400).text.contains("\nLeft: expired 1 day ago\n"))
        #expect(message(-86_400).isUrgent && message(3600).isUrgent)
        #expect(!message(8 * 86_400).isUrgent)
        #expect(!message(-5).text.contains("What happened"), "an expiry needs no explanation")
        let profile = message(5 * 86_400, kind: .profileFile, decidedBy: "serial:01AB")
        #expect(profile.title == "Profile expires in 5 days: x")
        #expect(
            profile.text.contains(
                "\nLeft: 5 days left (the 1-day alert); a certificate it includes expires first (the profile's own date "
                    + "is \(Timestamp(secondsSince1970: at.secondsSince1970 + 400 * 86_400).iso8601))\n"))
        #expect(profile.text.contains("\nKind: provisioning profile file\n"))
    }
}

/// HMAC-SHA256 by the openssl command line, independently of the code under test.
enum HMACHex {
    static func of(key: String, body: [UInt8]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "dgst", "-sha256", "-hmac", key, "-r"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "openssl did not run" }
        input.fileHandleForWriting.write(Data(body))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
