import ReviewLog

/// JSON arrays and the payloads' fixed strings. A chat payload's text is ``ChatMarkup``'s `json`; every other string
/// it sends is a ``constant(_:)`` written in the source (a type name, a colour), never a value.
enum PayloadText {
    /// A JSON array of already-encoded values.
    static func array(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

    /// A fixed string of the payload's structure as JSON.
    static func constant(_ text: StaticString) -> String { JSONText.string(text.description) }
}
