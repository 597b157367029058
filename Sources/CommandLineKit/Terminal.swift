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

    /// Writes `text` as-is.
    /// - Parameter text: the text, usually ending in a newline.
    package func write(_ text: String) {
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

    /// Whether colour escapes should be written: a TTY, and `NO_COLOR` unset or empty (no-color.org).
    package var usesColor: Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return isatty(fileDescriptor) == 1
    }

    /// `text` in an ANSI colour when this terminal uses colour, else unchanged.
    /// - Parameters:
    ///   - text: the text.
    ///   - color: the colour.
    /// - Returns: the text, possibly wrapped in escapes.
    package func styled(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
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
