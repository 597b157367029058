/// Makes text that came from outside (a token, a key set, a URL, a server's answer) safe to print on a terminal or
/// into a log line: every control character is written as a visible `\u00XX` escape, so a claim named
/// `"x\nVerdict: VALID\n\e[8m"` cannot start a line of its own, move the cursor or hide what follows.
///
/// Escaped: C0 (U+0000-U+001F, including CR, LF and ESC), DEL (U+007F) and C1 (U+0080-U+009F, which some terminals
/// read as escape sequences: U+009B is CSI). Everything else, backslashes included, is kept as it is, so JSON text
/// passed through keeps its meaning (`\u007f` in a JSON string is the same string). Terminals and logs get text
/// through `TerminalText`, built on this; `--json` output is not passed through here but through `JSONString`,
/// which writes the same characters as JSON escapes, so the decoded value stays exact.
package enum ControlCharacters {
    /// Whether `scalar` is escaped by `escaped(_:)`.
    @inline(__always)
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// `text` with every C0, DEL and C1 character written as `\u00XX`.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        let hex = Array("0123456789abcdef".unicodeScalars)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.unicodeScalars.append(contentsOf: ["\\", "u", "0", "0"])
                out.unicodeScalars.append(hex[Int(scalar.value >> 4)])
                out.unicodeScalars.append(hex[Int(scalar.value & 0xF)])
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
