internal import GatehouseCore

/// A failure a command reports to its user: the message goes to standard error, the status is the exit status.
///
/// Commands map their library's typed errors to this at the edge; `main.swift` prints it and exits.
package struct CommandFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exit status the process ends with.
    package let status: ExitStatus
    /// What went wrong and, where known, how to fix it: one line, its control characters escaped (it quotes
    /// arguments, paths and values from outside), then the `help` given, as written.
    package let message: String

    /// Creates a failure.
    /// - Parameters:
    ///   - status: the exit status.
    ///   - message: the message for standard error, naming the cause. Every control character in it (ESC, CR, a
    ///     line feed in an echoed argument) is written as `\u00XX` (`TerminalText.value(_:)`, issue 20 item 5), so
    ///     an argument it quotes shows as typed and cannot act on the terminal.
    ///   - help: the project's own text shown after the message (a command's help), kept as written; nil for none.
    package init(_ status: ExitStatus, _ message: String, help: String? = nil) {
        self.status = status
        self.message = TerminalText.value(message) + (help ?? "")
    }

    /// A usage error (exit status 64).
    /// - Parameters:
    ///   - message: what was wrong with the command line; its control characters are escaped.
    ///   - help: the project's own text shown after it, as written; nil for none.
    /// - Returns: the failure.
    package static func usage(_ message: String, help: String? = nil) -> CommandFailure {
        CommandFailure(.usage, message, help: help)
    }

    package var description: String { "\(status) (\(status.rawValue)): \(message)" }
}
