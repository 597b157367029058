import CommandLineKit

/// `jwtcheck` as a library: a command line parsed, run and returned as what to print and the exit status, through
/// CommandLineKit's runner (`CommandInvocation`) over the commands under `JWTCheckCommand`.
///
/// `main.swift` runs the same invocation; tests call these in process.
package struct JWTCheckTool: Sendable {
    /// The clock and standard input.
    package let environment: ToolEnvironment

    /// Creates the tool.
    /// - Parameter environment: the clock and standard input; the real ones by default.
    package init(environment: ToolEnvironment = .system) {
        self.environment = environment
    }

    /// Parses a command line: pure (no file, clock or network is read).
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: what the command line asks for.
    /// - Throws: `CommandFailure` with status `.usage` naming what is wrong.
    package static func parse(_ arguments: [String]) throws(CommandFailure) -> CommandRequest<ToolEnvironment> {
        try JWTCheckCommand.parse(arguments)
    }

    /// Runs a command line synchronously, without the network: a command that needs it (see `needsNetwork(_:)`)
    /// answers `.unavailable`; `perform(_:)` runs every command.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: standard output, standard error and the exit status (see `ExitStatus`).
    package func run(_ arguments: [String]) -> CommandOutput {
        CommandInvocation<JWTCheckCommand>(arguments).run(in: environment)
    }

    /// Whether a command line must run through `perform(_:)`: it fetches a key set (a URL, or Apple's key set
    /// when `--jwks` is absent) or calls Apple (its command's `execution`). Every other command line gives the same
    /// output from `run(_:)`, which `main.swift` prefers: it starts no concurrency threads, so the process starts
    /// and ends sooner.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: true when `run(_:)` would answer `.unavailable` for want of the network.
    package func needsNetwork(_ arguments: [String]) -> Bool {
        CommandInvocation<JWTCheckCommand>(arguments).execution != .synchronous
    }

    /// Runs a command line, every command included: those that fetch a key set or call Apple's endpoints run
    /// asynchronously.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: standard output, standard error and the exit status (see `ExitStatus`).
    package func perform(_ arguments: [String]) async -> CommandOutput {
        await CommandInvocation<JWTCheckCommand>(arguments).perform(in: environment)
    }
}
