/// Slack's text (the top-level `text`, `mrkdwn` and `plain_text` objects): `&`, `<` and `>` are its control
/// characters (`<!channel>`, `<@U…>`, `<#C…>`, `<url|label>`, entities) and are written as `&amp;`, `&lt;` and
/// `&gt;`; Slack decodes exactly these three, so an `&lt;` someone typed is shown as typed ("Formatting text for app
/// surfaces", section "Escaping text": docs.slack.dev/messaging/formatting-message-text#escaping). `*`, `_`, `~` and
/// `` ` `` have no escape in `mrkdwn`: at worst they style text, never link or mention; the payload's `mrkdwn`
/// objects are `verbatim`, so bare URLs and channel names are not turned into links either.
enum SlackFormat: ChatFormat {
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        default: String(scalar)
        }
    }
}
