import ReviewLog

/// A Discord webhook message: `content` (the headline) and one embed with a title, a colour (red for a rejection or an
/// urgent signing alert, whose `content` is bold too; amber for a long wait or another signing alert), one field per
/// fact (inline but for the long ones) and the event's (or the signing alert's) timestamp; `allowed_mentions` with an empty
/// `parse` list, so a name such as "@everyone" mentions nobody. Every text is ``ChatMarkup`` in ``DiscordFormat``:
/// every value's Markdown escaped, so no value links, mentions or styles.
///
/// Shapes from Discord's documentation: "Execute Webhook" (discord.com/developers/docs/resources/webhook#execute-
/// webhook: JSON params `content` of at most 2000 characters, `embeds` of at most 10, `allowed_mentions`) and the
/// Embed Object (discord.com/developers/docs/resources/message#embed-object: `title` at most 256 characters, `color`
/// an integer, `timestamp` ISO 8601, at most 25 `fields` whose `name` is at most 256 and `value` at most 1024).
enum DiscordPayload {
    typealias Markup = ChatMarkup<DiscordFormat>

    static func body(_ message: NotificationMessage) -> String { body(ChatContent(message)) }

    static func body(_ message: SigningAlertMessage) -> String { body(ChatContent(message)) }

    static func body(_ message: ChatContent) -> String {
        let color: Int64
        switch message.tone {
        case .ordinary, .approval: color = 0x57F287
        case .review: color = 0x5865F2
        case .longWait, .warning: color = 0xFAA61A
        case .alarm: color = 0xED4245
        }
        let fields = message.facts.prefix(25).map { fact in
            let name: Markup = "\(fact.label)"
            let value: Markup = "\(fact.value)"
            return JSONText.object([
                ("name", name.cut(256).json), ("value", value.cut(1024).json),
                ("inline", message.wideLabels.contains(fact.label) ? "false" : "true"),
            ])
        }
        let title: Markup = "\(message.title)"
        var members = [
            ("title", title.cut(256).json), ("color", JSONText.number(color)),
            ("fields", PayloadText.array(fields)), ("timestamp", JSONText.string(message.at.iso8601)),
        ]
        // The embed's url makes its title the link: the first, most useful one (an embed has one).
        if let link = message.links.first { members.insert(("url", JSONText.string(link.url)), at: 1) }
        let embed = JSONText.object(members)
        let headline: Markup = message.tone == .alarm ? "**\(message.title)**" : "\(message.title)"
        return JSONText.object([
            ("content", headline.cut(2000).json), ("embeds", PayloadText.array([embed])),
            ("allowed_mentions", JSONText.object([("parse", "[]")])),
        ])
    }
}
