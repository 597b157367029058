/// Writes JSON values as text with keys in the order given, so output is stable and readable
/// (RFC 8259 section 7 string escaping, through `JSONString`: every C0, DEL and C1 character is escaped, so the
/// decoded value stays exact and the bytes are harmless on a terminal).
///
/// Every `--json` output of `review`, the event interchange and the notification payloads are written with it.
/// Public, not `package`: it is public API of the ReviewLog product, which names it for its users
/// (`ReviewLog/Interchange/JSONText.swift`).
public enum JSONText {
    /// A JSON string: quoted and escaped (`\u00XX` for C0, DEL and C1, the short escapes where JSON has them).
    public static func string(_ value: String) -> String { JSONString.quoted(value) }

    /// A JSON string, or `null`.
    public static func string(_ value: String?) -> String { value.map { string($0) } ?? "null" }

    /// A JSON number, or `null`.
    public static func number(_ value: Int64?) -> String { value.map { String($0) } ?? "null" }

    /// A JSON object on one line, with its members in the order given.
    /// - Parameter members: names and already-encoded values.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
