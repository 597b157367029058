/// The Markdown of Adaptive Card text in Teams (`TextBlock.text`, `Fact.title`, `Fact.value`: bold, italic, lists
/// and links `[title](url)`; "Format cards in Teams", learn.microsoft.com/microsoftteams/platform/task-modules-and-cards
/// /cards/cards-format): ``MarkdownEscaping``. A mention needs `<at>` and an entity the payload never sends.
enum TeamsFormat: ChatFormat {
    static func escaped(_ scalar: Unicode.Scalar) -> String { MarkdownEscaping.escaped(scalar) }
}
