import GatehouseTesting
import ReviewLog
import ReviewNotify
import Testing

/// Mention and link injection (issue 20 item 4): every value a chat payload carries (app, version, build, and the
/// state and durations around them) is escaped by itself in the channel's format, in every text member of every
/// channel, and shows as typed; no link can be assembled from two fields. Checked with GatehouseTesting's
/// `ChatPayloadInspection`, an independent reading of each service's rules.
@Suite("Chat payloads: no value mentions, links or styles")
struct ChatEscapingTests {
    /// A field of the event that carries stored or remote text.
    enum Field: String, CaseIterable, Sendable { case app, version, build }

    /// Mentions, links and markup of all three services.
    static let hostile = [
        "<!channel>", "<!here>", "<!everyone>", "<@U024BE7LH>", "<#C024BE7LR>", "<!subteam^S012>",
        "<https://evil.example/login|Verify your Apple ID>", "&lt;b&gt; & &amp; &#60;",
        "[Verify your Apple ID](https://evil.example/login)", "[x][1]\n\n[1]: https://evil.example",
        "<https://evil.example>", "https://evil.example/login", "see www.evil.example or http://evil.example",
        "@everyone", "@here", "<@123456789012345678>", "<@&123>", "<#123>", "<t:1700000000:R>", "</deploy:1>",
        "<:emoji:123>", "**bold** *it* _it_ __u__ ~~s~~ `code` ```block``` ||spoiler||", "# Header", "### h3",
        "-# subtext", "> quote", ">>> quote", "- item", "1. item", "\\[not\\](escaped)",
        "![img](https://evil.example/i.png)",
        "<at>Someone</at>", "a\nb\n\n# line", "\u{1B}[31m",
    ]

    static let channels: [(NotificationChannel.Kind, ChatPayloadInspection.Format)] = [
        (.slack, .slack), (.discord, .discord), (.teams, .teams),
    ]

    /// A rejected state change with a previous state (bold headline, every fact), or a test message (Slack's
    /// context line), with the given app, version and build.
    static func message(app: String, version: String, build: String?, kind: NotificationMessage.Kind)
        -> NotificationMessage
    {
        let event = ReviewEvent(
            id: 7, app: App(name: app), platform: .iOS, version: version, build: build,
            state: kind == .test ? .inReview : .rejected, at: Timestamp(secondsSince1970: 1_700_000_000))
        return NotificationMessage(
            kind: kind, id: "7-0011223344556677", event: event, previousState: .inReview,
            previousStateSeconds: 7200, previousPrecision: .exact, cycleSeconds: 90_000)
    }

    /// Every problem of each channel's payload for the message, and whether each value shows as typed.
    static func check(
        _ message: NotificationMessage, values: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (kind, format) in channels {
            let channel = NotificationChannel(kind: kind, url: "https://chat.example/hook")
            let request = try NotificationPayload.request(
                for: message, channel: channel, sentAt: message.event.at, key: nil)
            let (problems, shown) = ChatPayloadInspection.inspect(request.body, as: format)
            #expect(problems.isEmpty, "\(kind): \(problems)", sourceLocation: sourceLocation)
            for value in values {
                #expect(
                    shown.contains { $0.contains(value) }, "\(kind) does not show \(value.debugDescription): \(shown)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test(
        "a hostile value in any field, of any message, is inert and shown as typed on every channel",
        arguments: Field.allCases, hostile)
    func everyField(_ field: Field, _ value: String) throws {
        for kind in [NotificationMessage.Kind.stateChange, .test] {
            let message = Self.message(
                app: field == .app ? value : "Fokus", version: field == .version ? value : "2.3",
                build: field == .build ? value : "41", kind: kind)
            try Self.check(message, values: [value])
        }
    }

    @Test(
        "no link or mention assembled from two fields: each value escaped by itself",
        arguments: [
            ("[Verify your Apple ID", "](https://evil.example/login)", "1"), ("https:", "//evil.example", "1"),
            ("<", "!channel>", "1"), ("<https://evil.example", "|Verify>", ">"), ("**", "x", "**"),
            ("x&", "lt;", "1"), ("\\", "[x](https://evil.example)", "1"), ("@", "everyone", "1"),
        ])
    func acrossFields(app: String, version: String, build: String) throws {
        try Self.check(
            Self.message(app: app, version: version, build: build, kind: .stateChange), values: [app, version, build])
    }

    @Test("a long value is cut at a whole escape: what is left stays inert")
    func cutAtEscape() throws {
        // 150 characters of Slack's header and 256 of Discord's title fall inside runs of escapes.
        for unit in ["<", "&", "[", ":", "\\"] {
            let app = String(repeating: unit, count: 200)
            let message = Self.message(app: app, version: "2.3", build: nil, kind: .stateChange)
            try Self.check(message, values: [app])
        }
    }
}
