internal import GatehouseCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to standard output and standard error, with colour only on a terminal and never under `NO_COLOR`.
package struct Terminal: Sendable {
    /// The file descriptor written to.
    package let fileDescriptor: Int32

    /// Standard output.
    package static let standardOutput = Terminal(fileDescriptor: 1)
    /// Standard error.
    package static let standardError = Terminal(fileDescriptor: 2)

    /// Writes `text` for a terminal or a log: through `TerminalText.output(_:)`, so no control character but the
    /// layout's line feeds and tabs and the palette's colours is written raw (issue 20 item 5).
    /// - Parameter text: the text, usually ending in a newline.
    package func write(_ text: String) {
        writeExact(TerminalText.output(text))
    }

    /// Writes `text` byte for byte: only for a data format meant for a file or a pipe (`review export`), whose
    /// escaping is the format's own.
    package func writeExact(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Whether this descriptor is a terminal.
    package var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    /// Whether colour escapes should be written: a TTY, and `NO_COLOR` unset or empty (no-color.org).
    package var usesColor: Bool {
        Self.usesColor(noColor: getenv("NO_COLOR").map { String(cString: $0) }, isTerminal: isatty(fileDescriptor) == 1)
    }

    /// Whether colour escapes should be written, from the facts a caller gathered (so tests can set them).
    /// - Parameters:
    ///   - noColor: the value of `NO_COLOR`, if set; any non-empty value turns colour off (no-color.org).
    ///   - isTerminal: whether the output is a terminal.
    /// - Returns: whether to colour.
    package static func usesColor(noColor: String?, isTerminal: Bool) -> Bool {
        (noColor ?? "").isEmpty && isTerminal
    }

    /// `text` in an ANSI colour when `enabled`, else unchanged.
    /// - Parameters:
    ///   - color: the colour.
    ///   - enabled: whether to colour.
    /// - Returns: the text, possibly wrapped in escapes.
    package static func styled(_ text: String, _ color: Color, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// `text` in an ANSI colour when this terminal uses colour, else unchanged.
    /// - Parameters:
    ///   - color: the colour.
    /// - Returns: the text, possibly wrapped in escapes.
    package func styled(_ text: String, _ color: Color) -> String {
        Self.styled(text, color, enabled: usesColor)
    }

    /// ANSI colours used by the commands.
    package enum Color: String, Sendable {
        /// Success.
        case green = "32"
        /// Failure.
        case red = "31"
        /// Warnings.
        case yellow = "33"
        /// Secondary text.
        case dim = "2"
        /// Emphasis.
        case bold = "1"
    }
}
