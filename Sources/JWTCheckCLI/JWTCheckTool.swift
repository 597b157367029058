public import CommandLineKit

/// `jwtcheck` as a library: parses a command line, runs it, and returns what to print and the exit status.
///
/// `main.swift` only calls `JWTCheckTool().run(arguments)` and writes the result; tests call the same in process.
public struct JWTCheckTool: Sendable {
    /// The clock and standard input.
    public let environment: ToolEnvironment

    /// Creates the tool.
    /// - Parameter environment: the clock and standard input; the real ones by default.
    public init(environment: ToolEnvironment = .system) {
        self.environment = environment
    }

    /// Runs a command line.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: standard output, standard error and the exit status (see `ExitStatus`).
    public func run(_ arguments: [String]) -> CommandOutput {
        do {
            return try execute(try JWTCheckParser.parse(arguments))
        } catch {
            return CommandOutput(status: error.status, standardError: "jwtcheck: \(error.message)\n")
        }
    }

    /// Runs a parsed command.
    /// - Parameter command: the command.
    /// - Returns: what it produced.
    /// - Throws: `CommandFailure` for usage and input errors.
    func execute(_ command: JWTCheckCommand) throws(CommandFailure) -> CommandOutput {
        switch command {
        case .help(let subcommand):
            return CommandOutput(standardOutput: HelpText.text(for: subcommand))
        case .version:
            return CommandOutput(standardOutput: "jwtcheck \(GatehouseVersion.string)\n")
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
