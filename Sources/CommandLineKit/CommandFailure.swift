/// A failure a command reports to its user: the message goes to standard error, the status is the exit status.
///
/// Commands map their library's typed errors to this at the edge; `main.swift` prints it and exits.
package struct CommandFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exit status the process ends with.
    package let status: ExitStatus
    /// What went wrong and, where known, how to fix it.
    package let message: String

    /// Creates a failure.
    /// - Parameters:
    ///   - status: the exit status.
    ///   - message: the message for standard error, naming the cause.
    package init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A usage error (exit status 64).
    /// - Parameter message: what was wrong with the command line.
    /// - Returns: the failure.
    package static func usage(_ message: String) -> CommandFailure { CommandFailure(.usage, message) }

    package var description: String { "\(status) (\(status.rawValue)): \(message)" }
}
