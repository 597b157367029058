package import GatehouseCore

/// The one runner of both tools: a command line parsed (and validated) once, then run as its command's
/// `execution` says, with what it threw mapped to its exit status (by the command, `ParsableCommand.failure(for:)`,
/// else by the tool, `CommandLineTool.failure(for:running:)`), and every output made safe for a
/// terminal (`CommandOutput.forTerminal`). `main.swift` is:
///
/// ```swift
/// let invocation = CommandInvocation<JWTCheckCommand>(arguments)
/// if invocation.execution != .synchronous {
///     CommandRunner.finish(await invocation.perform(in: .system))
/// }
/// CommandRunner.finish(invocation.run(in: .system))
/// ```
///
/// so a synchronous command starts no concurrency thread.
package struct CommandInvocation<Tool: CommandLineTool>: Sendable {
    /// What the command line asked for, or why it does not parse.
    package let request: Result<CommandRequest<Tool.Context>, CommandFailure>

    /// Parses a command line.
    /// - Parameter arguments: the arguments after the program name.
    package init(_ arguments: [String]) {
        do {
            request = .success(try Tool.parse(arguments))
        } catch {
            request = .failure(error)
        }
    }

    /// How the command runs; `.synchronous` for a text the tool prints and for a command line that does not parse.
    package var execution: CommandExecution {
        guard case .success(.run(let command)) = request else { return .synchronous }
        return command.execution
    }

    /// Runs the command line synchronously: a command that runs asynchronously gets its `run(in:)`, which by
    /// default fails with 69 (`perform(in:)` runs every command).
    /// - Parameter context: what commands run with.
    /// - Returns: the exit status and the text for standard output and standard error.
    package func run(in context: Tool.Context) -> CommandOutput {
        let command: any ParsableCommand<Tool.Context>
        switch request {
        case .failure(let failure): return Self.output(failure)
        case .success(.run(let parsed)): command = parsed
        case .success(let text): return Self.text(text)
        }
        do {
            return try command.run(in: context).forTerminal
        } catch {
            return Self.output(command.failure(for: error) ?? Tool.failure(for: error, running: command))
        }
    }

    /// Runs the command line, every command included, by its `execution`. For `.untilStopped`, SIGINT and SIGTERM
    /// trigger the command's shutdown (from then on they no longer end the process: `TerminationSignals`).
    /// - Parameters:
    ///   - context: what commands run with.
    ///   - shutdown: the shutdown a command that runs until stopped is given; nil (the process's run) for one that
    ///     SIGINT and SIGTERM trigger. Tests pass their own, and trigger it themselves.
    /// - Returns: the exit status and the text for standard output and standard error.
    package func perform(in context: Tool.Context, shutdown: GracefulShutdown? = nil) async -> CommandOutput {
        guard case .success(.run(let command)) = request else { return run(in: context) }
        do {
            switch command.execution {
            case .synchronous:
                return try command.run(in: context).forTerminal
            case .asynchronous:
                return try await command.perform(in: context).forTerminal
            case .untilStopped:
                let shutdown = shutdown ?? Self.shutdownOnTerminationSignals()
                return try await command.perform(in: context, until: shutdown).forTerminal
            }
        } catch {
            return Self.output(command.failure(for: error) ?? Tool.failure(for: error, running: command))
        }
    }

    /// A shutdown that SIGINT and SIGTERM trigger, from now on.
    private static func shutdownOnTerminationSignals() -> GracefulShutdown {
        let shutdown = GracefulShutdown()
        TerminationSignals.install { shutdown.trigger() }
        return shutdown
    }

    /// A failure as the process reports it: its status, and `tool: message` on standard error.
    private static func output(_ failure: CommandFailure) -> CommandOutput {
        CommandOutput(status: failure.status, standardError: "\(Tool.spec.name): \(failure.message)\n").forTerminal
    }

    /// A help, the version or the manual page, on standard output.
    private static func text(_ request: CommandRequest<Tool.Context>) -> CommandOutput {
        let help = Tool.help
        let text: String
        switch request {
        case .help(let path): text = help.text(for: Array(path.dropFirst())) ?? help.text(for: [])!
        case .version: text = help.version + "\n"
        case .manual: text = help.manPage
        case .run: text = ""
        }
        return CommandOutput(standardOutput: text).forTerminal
    }
}
