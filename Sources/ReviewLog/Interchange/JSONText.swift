internal import GatehouseCore

/// Writes JSON values as text with keys in the order given, so output is stable and readable
/// (RFC 8259 section 7 string escaping, through GatehouseCore's `JSONString`: every C0, DEL and C1 character is
/// escaped, so the decoded value stays exact and the bytes are harmless on a terminal).
public enum JSONText {
    /// A JSON string.
    /// - Parameter value: the text.
    /// - Returns: the quoted, escaped string (`\u00XX` for C0, DEL and C1, the short escapes where JSON has them).
    public static func string(_ value: String) -> String { JSONString.quoted(value) }

    /// A JSON string, or `null`.
    /// - Parameter value: the text, if any.
    /// - Returns: the JSON value.
    public static func string(_ value: String?) -> String { value.map { string($0) } ?? "null" }

    /// A JSON number, or `null`.
    /// - Parameter value: the number, if any.
    /// - Returns: the JSON value.
    public static func number(_ value: Int64?) -> String { value.map { String($0) } ?? "null" }

    /// A JSON object with members in the order given.
    /// - Parameter members: names and already-encoded values.
    /// - Returns: the object on one line.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
