/// Text that came from a server or a caller, made safe for a message: quoted, `"` and `\\` escaped, every control
/// character (C0, DEL, C1) written as `\u{..}`, and cut to a length.
enum Quoting {
    /// `text` in double quotes, escaped, at most `limit` characters (then `...`).
    /// - Parameters:
    ///   - limit: the most characters kept.
    /// - Returns: the quoted text.
    static func quoted(_ text: String, limit: Int = 300) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F...0x9F: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + (text.unicodeScalars.count > limit ? "...\"" : "\"")
    }

    /// A code-like value (`NOT_AUTHORIZED`, `ENTITY_ERROR.ATTRIBUTE.INVALID`, an ID) as it is when it holds only
    /// ASCII letters, digits and `_.-` and at most 120 of them, else quoted.
    /// - Parameter text: the value.
    /// - Returns: the text for a message.
    static func token(_ text: String) -> String {
        let plain =
            !text.isEmpty && text.utf8.count <= 120
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2E || byte == 0x2D
            }
        return plain ? text : quoted(text, limit: 120)
    }
}
