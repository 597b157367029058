#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command produced: its exit status and the text for standard output and standard error.
///
/// Commands build this instead of printing, so tests can run them in process and assert all three.
package struct CommandOutput: Sendable, Equatable {
    /// The exit status.
    package var status: ExitStatus
    /// Text for standard output.
    package var standardOutput: String
    /// Text for standard error (errors and warnings).
    package var standardError: String

    /// Creates an output.
    /// - Parameters:
    ///   - status: the exit status.
    ///   - standardOutput: text for standard output.
    ///   - standardError: text for standard error.
    package init(status: ExitStatus = .success, standardOutput: String = "", standardError: String = "") {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// The end of every `main.swift`: writes a command's output and exits with its status.
package enum CommandRunner {
    /// Writes `output` to the standard streams and exits the process with its status.
    /// - Parameter output: what the command produced.
    /// - Returns: never.
    package static func finish(_ output: CommandOutput) -> Never {
        Terminal.standardOutput.write(output.standardOutput)
        Terminal.standardError.write(output.standardError)
        exit(output.status.rawValue)
    }
}
