/// The one writing of a JSON string for every JSON output of the project (`review --json` through `JSONText`,
/// `jwtcheck --json` through `JSONValue`, `review serve --json`'s log): RFC 8259 section 7, with every control
/// character escaped, so the decoded value stays exact and the bytes are harmless on a terminal.
///
/// `"` and `\\` are escaped; LF, CR, tab, backspace and form feed take their short escapes (`\n`, `\r`, `\t`, `\b`,
/// `\f`); every other C0 character, DEL (U+007F) and C1 (U+0080-U+009F, which some terminals read as escape
/// sequences: U+009B is CSI) is written as `\u00XX`. RFC 8259 requires only C0 to be escaped; any character may be
/// (section 7), and DEL and C1 are, for the terminal a `--json` line may be printed on.
package enum JSONString {
    /// Appends `value` to `out` as a quoted JSON string.
    /// - Parameters:
    ///   - value: the text.
    ///   - out: the JSON text being written.
    package static func append(_ value: String, to out: inout String) {
        out.unicodeScalars.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.unicodeScalars.append(contentsOf: ["\\", "\""])
            case "\\": out.unicodeScalars.append(contentsOf: ["\\", "\\"])
            case "\n": out.unicodeScalars.append(contentsOf: ["\\", "n"])
            case "\r": out.unicodeScalars.append(contentsOf: ["\\", "r"])
            case "\t": out.unicodeScalars.append(contentsOf: ["\\", "t"])
            case "\u{08}": out.unicodeScalars.append(contentsOf: ["\\", "b"])
            case "\u{0C}": out.unicodeScalars.append(contentsOf: ["\\", "f"])
            default:
                if ControlCharacters.isControl(scalar) {
                    // ControlCharacters writes the same `\u00XX` (lower-case hex) for C0, DEL and C1.
                    out.append(ControlCharacters.escaped(String(scalar)))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.unicodeScalars.append("\"")
    }

    /// `value` as a quoted JSON string.
    /// - Parameter value: the text.
    /// - Returns: the JSON string.
    package static func quoted(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count + 2)
        append(value, to: &out)
        return out
    }
}
