import ReviewLog

/// A Microsoft Teams message for a Workflows webhook ("When a Teams webhook request is received", the replacement of
/// the retired Office 365 connectors): a `message` whose one attachment is an Adaptive Card, with a bold headline
/// (colour `Attention` for a rejection, `Warning` for a long wait) and a `FactSet`.
///
/// Shapes from Microsoft's documentation: "Create and send messages" / "Send Adaptive Cards using an Incoming Webhook"
/// (learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using: `{"type": "message",
/// "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": null, "content": {...}}]}`),
/// and the Adaptive Cards schema (adaptivecards.io/explorer: `AdaptiveCard` with `$schema`, `version`, `body` of
/// `TextBlock` and `FactSet` with `facts` of `title` and `value`; Teams renders up to version 1.5).
enum TeamsPayload {
    static func body(_ message: NotificationMessage) -> String {
        let color = message.isRejection ? "Attention" : message.isLongWait ? "Warning" : "Default"
        let headline = JSONText.object([
            ("type", JSONText.string("TextBlock")), ("text", JSONText.string(message.title)),
            ("weight", JSONText.string("Bolder")), ("size", JSONText.string("Medium")),
            ("color", JSONText.string(color)), ("wrap", "true"),
        ])
        let facts = JSONText.object([
            ("type", JSONText.string("FactSet")),
            (
                "facts",
                PayloadText.array(
                    message.facts.map {
                        JSONText.object([("title", JSONText.string($0.label)), ("value", JSONText.string($0.value))])
                    })
            ),
        ])
        let card = JSONText.object([
            ("$schema", JSONText.string("http://adaptivecards.io/schemas/adaptive-card.json")),
            ("type", JSONText.string("AdaptiveCard")), ("version", JSONText.string("1.4")),
            ("body", PayloadText.array([headline, facts])),
        ])
        return JSONText.object([
            ("type", JSONText.string("message")),
            (
                "attachments",
                PayloadText.array([
                    JSONText.object([
                        ("contentType", JSONText.string("application/vnd.microsoft.card.adaptive")),
                        ("contentUrl", "null"), ("content", card),
                    ])
                ])
            ),
        ])
    }
}
