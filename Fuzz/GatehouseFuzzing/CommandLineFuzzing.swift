import CommandLineKit
import GatehouseCore
import JWT
import JWTCheckCLI
import ReviewLog

/// The command-line targets: the pure parsers of `jwtcheck` and `review` over arguments split at NUL bytes, and
/// the texts written from their declarations (help, man page, completion scripts) when a command line asks for one.
///
/// `review-cli` also checks the terminal and storage rules of issue 20 item 5 on every argument, and traps (a
/// finding) when one breaks: a usage error's message holds no control character but its line feeds (an echoed
/// argument is escaped); `TerminalText.value` leaves none at all and `TerminalText.output` none but line feeds, tabs
/// and SGR sequences; a JSON string (`JSONText`) holds none raw and decodes to the argument exactly; and a value
/// the storage rule (`Validation`) accepts as an app name or version holds no C0, DEL or C1.
enum CommandLineFuzzing {
    static func runJWTCheck(_ input: UnsafeRawBufferPointer) {
        let help = JWTCheckCommand.help
        switch try? JWTCheckTool.parse(FuzzInput.arguments(input)) {
        case .help(let path): _ = help.text(for: Array(path.dropFirst()))
        case .manual: _ = help.manPage
        case .run(let completion as CompletionCommand): _ = help.completionScript(for: completion.shell)
        default: break
        }
    }

    /// Traps when `text` holds a C0, DEL or C1 character outside `kept`.
    static func trapOnControl(_ text: String, keeping kept: Set<Unicode.Scalar>, _ what: String) {
        if let scalar = text.unicodeScalars.first(where: { ControlCharacters.isControl($0) && !kept.contains($0) }) {
            fatalError("\(what) wrote the raw control character U+\(String(scalar.value, radix: 16))")
        }
    }

    /// The writers' and the storage rule's promises on one value (issue 20 item 5).
    static func checkOutputRules(_ value: String) {
        trapOnControl(TerminalText.value(value), keeping: [], "TerminalText.value")
        let output = TerminalText.output(value)
        trapOnControl(output.replacingSGR(), keeping: ["\n", "\t"], "TerminalText.output")
        if TerminalText.output(output) != output { fatalError("TerminalText.output is not idempotent") }
        let json = JSONText.string(value)
        trapOnControl(json, keeping: [], "JSONText.string")
        guard case .string(let decoded)? = try? JSONValue.parse(Array(json.utf8)), decoded == value else {
            fatalError("JSONText.string did not decode to the value")
        }
        if Validation.appName(value) == nil || Validation.token(value, "version") == nil {
            trapOnControl(value, keeping: [], "a value the storage rule accepts")
        }
    }
}

extension String {
    /// The text with each `ESC [ digits m` sequence removed, for the check that nothing else is left raw.
    fileprivate func replacingSGR() -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    index = end + 1
                    continue
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }
}
