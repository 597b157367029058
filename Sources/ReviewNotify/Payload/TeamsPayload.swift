import ReviewLog

/// A Microsoft Teams message for a Workflows webhook ("When a Teams webhook request is received", the replacement of
/// the retired Office 365 connectors): a `message` whose one attachment is an Adaptive Card, with a bold headline
/// (colour `Attention` for a rejection or an urgent signing alert, `Warning` for a long wait or another signing alert)
/// and a `FactSet`. Every text is ``ChatMarkup`` in ``TeamsFormat``: every value's Markdown escaped, so no value links
/// or styles.
///
/// Shapes from Microsoft's documentation: "Create and send messages" / "Send Adaptive Cards using an Incoming Webhook"
/// (learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using: `{"type": "message",
/// "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": null, "content": {...}}]}`),
/// and the Adaptive Cards schema (adaptivecards.io/explorer: `AdaptiveCard` with `$schema`, `version`, `body` of
/// `TextBlock` and `FactSet` with `facts` of `title` and `value`; Teams renders up to version 1.5).
enum TeamsPayload {
    typealias Markup = ChatMarkup<TeamsFormat>

    static func body(_ message: NotificationMessage) -> String { body(ChatContent(message)) }

    static func body(_ message: SigningAlertMessage) -> String { body(ChatContent(message)) }

    static func body(_ message: ChatContent) -> String {
        let color: StaticString
        switch message.tone {
        case .ordinary: color = "Default"
        case .review: color = "Accent"
        case .approval: color = "Good"
        case .longWait, .warning: color = "Warning"
        case .alarm: color = "Attention"
        }
        let title: Markup = "\(message.title)"
        let headline = JSONText.object([
            ("type", PayloadText.constant("TextBlock")), ("text", title.json),
            ("weight", PayloadText.constant("Bolder")), ("size", PayloadText.constant("Medium")),
            ("color", PayloadText.constant(color)), ("wrap", "true"),
        ])
        let facts = JSONText.object([
            ("type", PayloadText.constant("FactSet")),
            (
                "facts",
                PayloadText.array(
                    message.facts.map { fact in
                        let label: Markup = "\(fact.label)"
                        let value: Markup = "\(fact.value)"
                        return JSONText.object([("title", label.json), ("value", value.json)])
                    })
            ),
        ])
        var members = [
            ("$schema", PayloadText.constant("http://adaptivecards.io/schemas/adaptive-card.json")),
            ("type", PayloadText.constant("AdaptiveCard")), ("version", PayloadText.constant("1.4")),
            ("body", PayloadText.array([headline, facts])),
        ]
        if !message.links.isEmpty {
            let actions = message.links.map { link in
                let label: Markup = "\(link.label)"
                return JSONText.object([
                    ("type", PayloadText.constant("Action.OpenUrl")), ("title", label.json),
                    ("url", JSONText.string(link.url)),
                ])
            }
            members.append(("actions", PayloadText.array(actions)))
        }
        let card = JSONText.object(members)
        return JSONText.object([
            ("type", PayloadText.constant("message")),
            (
                "attachments",
                PayloadText.array([
                    JSONText.object([
                        ("contentType", PayloadText.constant("application/vnd.microsoft.card.adaptive")),
                        ("contentUrl", "null"), ("content", card),
                    ])
                ])
            ),
        ])
    }
}
