/// Writes JSON values as text with keys in the order given, so output is stable and readable
/// (RFC 8259 section 7 string escaping).
public enum JSONText {
    /// A JSON string.
    /// - Parameter value: the text.
    /// - Returns: the quoted, escaped string.
    public static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

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
