import ReviewLog

/// A Slack incoming webhook message: `text` (the notification's fallback) and Block Kit `blocks`: a `header`, a
/// `section` of `mrkdwn` fields, and a `context` line for a long wait's comparison.
///
/// Shapes from Slack's documentation: "Sending messages using incoming webhooks" (api.slack.com/messaging/webhooks:
/// POST a JSON body with `text` and optionally `blocks`), the Block Kit reference (api.slack.com/reference/block-kit/
/// blocks: `header` takes `plain_text` of at most 150 characters; `section` at most 10 `fields` of at most 2000
/// characters; `context` `elements`), and "Formatting text for app surfaces" (`&`, `<`, `>` escaped in `mrkdwn`).
enum SlackPayload {
    static func body(_ message: NotificationMessage) -> String {
        let headline = (message.isRejection ? "⛔ " : message.isLongWait ? "⏳ " : "") + message.title
        var blocks = [
            JSONText.object([
                ("type", JSONText.string("header")),
                (
                    "text",
                    JSONText.object([
                        ("type", JSONText.string("plain_text")),
                        ("text", JSONText.string(PayloadText.cut(headline, 150))),
                        ("emoji", "true"),
                    ])
                ),
            ]),
            JSONText.object([
                ("type", JSONText.string("section")),
                (
                    "fields",
                    PayloadText.array(
                        message.facts.prefix(10).map { fact in
                            JSONText.object([
                                ("type", JSONText.string("mrkdwn")),
                                (
                                    "text",
                                    JSONText.string(PayloadText.cut("*\(fact.label)*\n\(escaped(fact.value))", 2000))
                                ),
                            ])
                        })
                ),
            ]),
        ]
        if message.kind == .test {
            blocks.append(context("A test from `review notify test`: no state changed."))
        }
        return JSONText.object([
            ("text", JSONText.string(PayloadText.cut(message.title, 3000))), ("blocks", PayloadText.array(blocks)),
        ])
    }

    static func context(_ text: String) -> String {
        JSONText.object([
            ("type", JSONText.string("context")),
            (
                "elements",
                PayloadText.array([
                    JSONText.object([("type", JSONText.string("mrkdwn")), ("text", JSONText.string(text))])
                ])
            ),
        ])
    }

    /// `&`, `<` and `>` as Slack's `mrkdwn` needs them, so an app name cannot make a link or a mention.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
