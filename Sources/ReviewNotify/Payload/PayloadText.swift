import ReviewLog

/// JSON arrays and length limits for the channel payloads.
enum PayloadText {
    /// A JSON array of already-encoded values.
    static func array(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

    /// `text` cut to at most `limit` characters, with "…" as the last one when cut (the services refuse longer
    /// fields rather than cut them).
    static func cut(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
