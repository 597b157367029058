/// Discord's Markdown (message `content`, embed titles, field names and values: "Markdown Text 101",
/// support.discord.com/hc/articles/210298617): ``MarkdownEscaping``. Mentions are also refused by the payload's empty
/// `allowed_mentions.parse`, so an escaped one that a client still showed would notify nobody.
enum DiscordFormat: ChatFormat {
    static func escaped(_ scalar: Unicode.Scalar) -> String { MarkdownEscaping.escaped(scalar) }
}
