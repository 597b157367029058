import CommandLineKit
import ReviewLog

/// `review` as a library: a command line parsed, run and returned as what to print and the exit status, through
/// CommandLineKit's runner (`CommandInvocation`) over the commands under `ReviewCommand`.
///
/// `main.swift` runs the same invocation; tests call these in process.
package enum ReviewCLI {
    /// Parses and runs a command line synchronously: a command that needs the network (`sync`, `watch`,
    /// `auth check`, `serve`, `webhook`, `notify test` and `flush`) answers 69; `perform` runs every command.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the time, environment variables and store opener.
    /// - Returns: the exit status and the text for standard output and standard error.
    package static func main(arguments: [String], environment: ReviewEnvironment) -> CommandOutput {
        CommandInvocation<ReviewCommand>(arguments).run(in: environment)
    }

    /// Parses and runs a command line, the App Store Connect commands included; `watch` and `serve` run until the
    /// environment's `shutdown` is triggered (or, for `watch`, its `stop` flag set).
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the time, environment variables, store opener and App Store Connect transport.
    /// - Returns: the exit status and the text for standard output and standard error.
    package static func perform(arguments: [String], environment: ReviewEnvironment) async -> CommandOutput {
        await CommandInvocation<ReviewCommand>(arguments).perform(in: environment, shutdown: environment.shutdown)
    }
}
