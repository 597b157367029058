import ReviewLog

/// A Discord webhook message: `content` (the headline) and one embed with a title, a colour (red for a rejection,
/// amber for a long wait), one inline field per fact and the event's timestamp; `allowed_mentions` with an empty
/// `parse` list, so a name such as "@everyone" mentions nobody. Every text is ``ChatMarkup`` in ``DiscordFormat``:
/// every value's Markdown escaped, so no value links, mentions or styles.
///
/// Shapes from Discord's documentation: "Execute Webhook" (discord.com/developers/docs/resources/webhook#execute-
/// webhook: JSON params `content` of at most 2000 characters, `embeds` of at most 10, `allowed_mentions`) and the
/// Embed Object (discord.com/developers/docs/resources/message#embed-object: `title` at most 256 characters, `color`
/// an integer, `timestamp` ISO 8601, at most 25 `fields` whose `name` is at most 256 and `value` at most 1024).
enum DiscordPayload {
    typealias Markup = ChatMarkup<DiscordFormat>

    static func body(_ message: NotificationMessage) -> String {
        let color: Int64 = message.isRejection ? 0xED4245 : message.isLongWait ? 0xFAA61A : 0x57F287
        let fields = message.facts.prefix(25).map { fact in
            let name: Markup = "\(fact.label)"
            let value: Markup = "\(fact.value)"
            return JSONText.object([
                ("name", name.cut(256).json), ("value", value.cut(1024).json),
                ("inline", fact.label == "Compared" ? "false" : "true"),
            ])
        }
        let title: Markup = "\(message.title)"
        let embed = JSONText.object([
            ("title", title.cut(256).json), ("color", JSONText.number(color)),
            ("fields", PayloadText.array(fields)), ("timestamp", JSONText.string(message.event.at.iso8601)),
        ])
        let headline: Markup = message.isRejection ? "**\(message.title)**" : "\(message.title)"
        return JSONText.object([
            ("content", headline.cut(2000).json), ("embeds", PayloadText.array([embed])),
            ("allowed_mentions", JSONText.object([("parse", "[]")])),
        ])
    }
}
