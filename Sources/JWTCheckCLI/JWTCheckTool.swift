import CommandLineKit

/// `jwtcheck` as a library: parses a command line, runs it, and returns what to print and the exit status.
///
/// `main.swift` only calls `JWTCheckTool().run(arguments)` and writes the result; tests call the same in process.
package struct JWTCheckTool: Sendable {
    /// The clock and standard input.
    package let environment: ToolEnvironment

    /// Creates the tool.
    /// - Parameter environment: the clock and standard input; the real ones by default.
    package init(environment: ToolEnvironment = .system) {
        self.environment = environment
    }

    /// Runs a command line synchronously, without the network (see `execute(_:)`); `perform(_:)` runs every
    /// command.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: standard output, standard error and the exit status (see `ExitStatus`).
    package func run(_ arguments: [String]) -> CommandOutput {
        do {
            return try execute(try JWTCheckParser.parse(arguments)).forTerminal
        } catch {
            return CommandOutput(status: error.status, standardError: "jwtcheck: \(error.message)\n").forTerminal
        }
    }

    /// Whether a command line must run through `perform(_:)`: it fetches a key set (a URL, or Apple's key set
    /// when `--jwks` is absent) or calls Apple. Every other command line gives the same output from `run(_:)`,
    /// which `main.swift` prefers: it starts no concurrency threads, so the process starts and ends sooner.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: true when `run(_:)` would answer `.unavailable` for want of the network.
    package func needsNetwork(_ arguments: [String]) -> Bool {
        guard let command = try? JWTCheckParser.parse(arguments) else { return false }
        switch command {
        case .token(let options):
            guard let path = options.jwksPath else { return true }
            return KeySetSource.isURL(path)
        case .apple(.verify), .apple(.notification), .apple(.endpoint):
            return true
        default:
            return false
        }
    }

    /// Runs a command line, every command included: those that fetch a key set or call Apple's endpoints run
    /// asynchronously. `main.swift` calls this.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: standard output, standard error and the exit status (see `ExitStatus`).
    package func perform(_ arguments: [String]) async -> CommandOutput {
        do {
            return try await executeAsync(try JWTCheckParser.parse(arguments)).forTerminal
        } catch {
            return CommandOutput(status: error.status, standardError: "jwtcheck: \(error.message)\n").forTerminal
        }
    }

    /// Runs a parsed command, fetching over the network where it needs to.
    /// - Returns: what it produced.
    /// - Throws: `CommandFailure` for usage, input and network errors.
    func executeAsync(_ command: JWTCheckCommand) async throws(CommandFailure) -> CommandOutput {
        switch command {
        case .token(let options):
            return try await TokenCommand(options: options, environment: environment).run()
        case .apple(.verify(let options)):
            return try await AppleVerifyCommand(options: options, isNotification: false, environment: environment).run()
        case .apple(.notification(let options)):
            return try await AppleVerifyCommand(options: options, isNotification: true, environment: environment).run()
        case .apple(.endpoint(let options)):
            return try await AppleEndpointCommand(options: options, environment: environment).run()
        default:
            return try execute(command)
        }
    }

    /// Runs a parsed command without the network: `run(_:)`'s path. Commands that need the network (a key set
    /// URL, Apple's key set, Apple's endpoints, `apple verify`/`notification`) fail with `.unavailable` here;
    /// `perform(_:)` runs them.
    /// - Returns: what it produced.
    /// - Throws: `CommandFailure` for usage and input errors.
    func execute(_ command: JWTCheckCommand) throws(CommandFailure) -> CommandOutput {
        switch command {
        case .help(let subcommand):
            return CommandOutput(standardOutput: HelpText.text(for: subcommand))
        case .appleHelp(let subcommand):
            return CommandOutput(standardOutput: AppleHelpText.text(for: subcommand))
        case .apple(.clientSecret(let options)):
            return try AppleClientSecretCommand(options: options, environment: environment).run()
        case .apple:
            throw CommandFailure(
                .unavailable, "jwtcheck apple verify/notification/exchange/refresh/revoke run through perform(_:)")
        case .version:
            return CommandOutput(standardOutput: "jwtcheck \(GatehouseVersion.string)\n")
        case .manual:
            return CommandOutput(standardOutput: HelpText.manPage)
        case .completion(let shell):
            return CommandOutput(standardOutput: HelpText.completionScript(for: shell))
        case .token(let options):
            return try TokenCommand(options: options, environment: environment).run()
        case .decode(let options):
            return try DecodeCommand(options: options, environment: environment).run()
        case .keys(let options):
            return try KeysCommand(options: options).run()
        case .sign(let options):
            return try SignCommand(options: options).run()
        }
    }
}
