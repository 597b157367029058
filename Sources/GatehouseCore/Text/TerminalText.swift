/// The one rule for what reaches a terminal or a log line, shared by `review`, `jwtcheck` (their standard output
/// and standard error, through `Terminal`) and `review serve`'s log: text from a user, a file or the network is
/// never written with a control character a terminal would act on.
///
/// Two layers, both from here:
/// - ``value(_:)``: a value from outside, interpolated into a line of output (a note, an app name, an argument
///   echoed in an error, an id or URL an API sent). Every C0, DEL and C1 character is written as a visible `\u00XX`
///   escape (`ControlCharacters`), line breaks and tabs included, so a multi-line note shows its breaks as
///   `\u000a` and cannot start a line of its own.
/// - ``output(_:)``: the whole text as it is written, the writer's last word. Line feeds and tabs the output is laid
///   out with are kept, and so are the colour sequences `Terminal.styled` writes (`ESC [ n m`, SGR, with `n` one of
///   the palette's codes); every other control character is escaped, so a value that missed ``value(_:)`` still
///   cannot clear the screen (`ESC [ 2 J`), move the cursor (`U+009B`, CSI), return the carriage (CR), ring (BEL)
///   or delete (DEL).
///
/// ECMA-48 (ISO 6429) section 5: C0 is U+0000-U+001F, C1 is U+0080-U+009F (U+009B is CSI, a one-character
/// `ESC [`); DEL is U+007F.
package enum TerminalText {
    /// `text` as one visible value: every control character escaped, line breaks included.
    /// - Parameter text: the value from outside.
    /// - Returns: the escaped value.
    package static func value(_ text: String) -> String { ControlCharacters.escaped(text) }

    /// `text` as one visible value, or `fallback` when there is none.
    /// - Parameters:
    ///   - text: the value from outside, if any.
    ///   - fallback: what to show when there is none.
    /// - Returns: the escaped value or the fallback.
    package static func value(_ text: String?, or fallback: String) -> String { text.map(value) ?? fallback }

    /// The SGR parameters the project's own colours use (`Terminal.Color` and the reset, 0).
    private static let palette: Set<String> = ["0", "1", "2", "31", "32", "33"]

    /// `text` ready to be written to a terminal or a log: line feeds, tabs and the palette's SGR colour sequences
    /// kept, every other C0, DEL and C1 character written as `\u00XX`.
    /// - Parameter text: the output, usually ending in a newline.
    /// - Returns: the text to write; `text` itself when it holds nothing to escape.
    package static func output(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { ControlCharacters.isControl($0) && $0 != "\n" && $0 != "\t" })
        else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = colourEnd(scalars, from: index) {
                out.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            if ControlCharacters.isControl(scalar), scalar != "\n", scalar != "\t" {
                out.append(contentsOf: ControlCharacters.escaped(String(scalar)).unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// The end of the palette SGR sequence starting at `start` (`ESC [ digits m`), or nil when it is anything else.
    private static func colourEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var end = start + 2
        var digits = ""
        while end < scalars.count, end - start <= 4, ("0"..."9").contains(scalars[end]) {
            digits.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == "m", palette.contains(digits) else { return nil }
        return end + 1
    }
}
