internal import GatehouseCore

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
    /// Whether standard output is a data format for a file or a pipe (`review export`): written byte for byte
    /// unless standard output is a terminal, where it goes through `TerminalText.output(_:)` as all other text does.
    package var standardOutputIsData = false

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

    /// The output as a terminal or a log is given it: both streams through `TerminalText.output(_:)` (issue 20
    /// item 5), standard output left exact when it is data (`standardOutputIsData`; `finish` escapes it on a
    /// terminal). Every command of `review` and `jwtcheck` returns this, so an in-process run and the binary show
    /// the same bytes.
    package var forTerminal: CommandOutput {
        var output = self
        if !standardOutputIsData { output.standardOutput = TerminalText.output(standardOutput) }
        output.standardError = TerminalText.output(standardError)
        return output
    }
}

/// The end of every `main.swift`: writes a command's output and exits with its status.
package enum CommandRunner {
    /// Writes `output` to the standard streams and exits the process with its status.
    /// - Parameter output: what the command produced.
    /// - Returns: never.
    package static func finish(_ output: CommandOutput) -> Never {
        if output.standardOutputIsData, !Terminal.standardOutput.isTerminal {
            Terminal.standardOutput.writeExact(output.standardOutput)
        } else {
            Terminal.standardOutput.write(output.standardOutput)
        }
        Terminal.standardError.write(output.standardError)
        exit(output.status.rawValue)
    }
}
