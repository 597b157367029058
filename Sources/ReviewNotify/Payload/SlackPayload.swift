import ReviewLog

/// A Slack incoming webhook message: `text` (the notification's fallback) and Block Kit `blocks`: a `header`, a
/// `section` of `mrkdwn` fields, and a `context` line for a test message or a signing alert. Every text is ``ChatMarkup`` in
/// ``SlackFormat``: `&`, `<` and `>` of every value escaped, the top-level `text` and the `plain_text` header
/// included (Slack parses `<!channel>` there too); the `mrkdwn` objects are `verbatim`.
///
/// Shapes from Slack's documentation: "Sending messages using incoming webhooks" (api.slack.com/messaging/webhooks:
/// POST a JSON body with `text` and optionally `blocks`), the Block Kit reference (api.slack.com/reference/block-kit/
/// blocks: `header` takes `plain_text` of at most 150 characters; `section` at most 10 `fields` of at most 2000
/// characters; `context` `elements`), the text object (docs.slack.dev/reference/block-kit/composition-objects/
/// text-object: `verbatim` true keeps URLs and channel names from being linked), and "Formatting text for app
/// surfaces" (`&`, `<`, `>` escaped).
enum SlackPayload {
    typealias Markup = ChatMarkup<SlackFormat>

    static func body(_ message: NotificationMessage) -> String { body(ChatContent(message)) }

    static func body(_ message: SigningAlertMessage) -> String { body(ChatContent(message)) }

    static func body(_ message: ChatContent) -> String {
        let headline: Markup
        switch message.tone {
        case .ordinary: headline = "\(message.title)"
        case .review: headline = "🔍 \(message.title)"
        case .approval: headline = "✅ \(message.title)"
        case .longWait: headline = "⏳ \(message.title)"
        case .warning: headline = "⚠️ \(message.title)"
        case .alarm: headline = "⛔ \(message.title)"
        }
        var blocks = [
            JSONText.object([
                ("type", PayloadText.constant("header")),
                (
                    "text",
                    JSONText.object([
                        ("type", PayloadText.constant("plain_text")), ("text", headline.cut(150).json),
                        ("emoji", "true"),
                    ])
                ),
            ]),
            JSONText.object([
                ("type", PayloadText.constant("section")),
                (
                    "fields",
                    PayloadText.array(
                        message.facts.prefix(10).map { fact in
                            mrkdwn("*\(fact.label)*\n\(fact.value)", limit: 2000)
                        })
                ),
            ]),
        ]
        if !message.links.isEmpty {
            // Link buttons (Block Kit `actions` of `button`s whose `url` opens the page): no URL is ever a text.
            let buttons = message.links.prefix(5).map { link in
                let label: Markup = "\(link.label)"
                return JSONText.object([
                    ("type", PayloadText.constant("button")),
                    (
                        "text",
                        JSONText.object([("type", PayloadText.constant("plain_text")), ("text", label.cut(75).json)])
                    ),
                    ("url", JSONText.string(link.url)),
                ])
            }
            blocks.append(
                JSONText.object([("type", PayloadText.constant("actions")), ("elements", PayloadText.array(buttons))]))
        }
        switch message.context {
        case .test: blocks.append(context("A test from `review notify test`: no state changed."))
        case .signing: blocks.append(context("A signing alert from Gatehouse: `review signing` lists every item."))
        case nil: break
        }
        let text: Markup = "\(message.title)"
        return JSONText.object([("text", text.cut(3000).json), ("blocks", PayloadText.array(blocks))])
    }

    /// A `mrkdwn` text object, `verbatim`: Slack links no bare URL or channel name in it.
    static func mrkdwn(_ text: Markup, limit: Int) -> String {
        JSONText.object([
            ("type", PayloadText.constant("mrkdwn")), ("text", text.cut(limit).json), ("verbatim", "true"),
        ])
    }

    static func context(_ text: Markup) -> String {
        JSONText.object([
            ("type", PayloadText.constant("context")), ("elements", PayloadText.array([mrkdwn(text, limit: 3000)])),
        ])
    }
}
