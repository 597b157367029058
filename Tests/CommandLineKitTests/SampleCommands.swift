import CommandLineKit
import GatehouseCore

/// A small tool written with the command protocol, over `SampleTool`'s declarations, for the tests of the parser
/// and the runner: `sample run`, `sample pick`, `sample wait` (until stopped), `sample fail`, and `sample config`,
/// a group that takes options before its subcommand.
struct SampleRoot: CommandLineTool {
    typealias Context = SampleContext

    static let spec = CommandSpec(
        "sample", abstract: "a sample tool", overview: "A sample tool.",
        informationOptions: [StandardOptions.version, StandardOptions.manual(tool: "sample")],
        sections: [.exitStatus("0 done; 64 usage.")])

    static var subcommands: [any ParsableCommand<SampleContext>.Type] {
        [
            RunCommand.self, PickCommand.self, WaitCommand.self, FailCommand.self, ConfigCommand.self,
            ListingCommand.self,
        ]
    }

    static func failure(for error: any Error, running command: any ParsableCommand<SampleContext>) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: failure
        case let error as SampleError: CommandFailure(.ioError, "\(type(of: command).spec.name): \(error.reason)")
        default: CommandFailure(.dataError, "\(error)")
        }
    }
}

/// What the sample commands run with.
struct SampleContext: Sendable {
    var greeting = "hello"
}

/// The error `sample fail` throws, which the tool's `failure(for:running:)` maps to 74.
struct SampleError: Error {
    var reason: String
}

/// `sample run <name> [<more>] --count <n> ...`: `SampleTool.run`'s declaration; prints the greeting count times.
struct RunCommand: ParsableCommand {
    typealias Context = SampleContext

    static let spec = SampleTool.run

    var name: String
    var count: Int
    var quiet = false

    init(name: String, count: Int, quiet: Bool = false) {
        self.name = name
        self.count = count
        self.quiet = quiet
    }

    init(parsing arguments: CommandArguments) throws(CommandFailure) {
        guard let name = arguments.positionals.first else {
            throw .usage("\(arguments.invocation) needs <name>; usage: \(arguments.usage)")
        }
        try arguments.requireDeclaredOptions()
        self.init(name: name, count: try arguments.required(SampleTool.count), quiet: arguments.has(SampleTool.quiet))
    }

    /// A name is not a number: the validation step after parsing.
    func validate() throws(CommandFailure) {
        if Int(name) != nil { throw .usage("the name '\(name)' is a number") }
    }

    func run(in context: SampleContext) throws -> CommandOutput {
        if quiet { return CommandOutput() }
        return CommandOutput(
            standardOutput: String(repeating: "\(context.greeting) \(name)\n", count: count))
    }
}

/// `sample pick <colour>`: an asynchronous command.
struct PickCommand: ParsableCommand {
    typealias Context = SampleContext

    static let spec = SampleTool.pick

    var colour: String

    init(parsing arguments: CommandArguments) throws(CommandFailure) {
        colour = try arguments.onePositional(named: "COLOUR")
    }

    var execution: CommandExecution { .asynchronous }

    func perform(in context: SampleContext) async throws -> CommandOutput {
        await Task.yield()
        return CommandOutput(standardOutput: "picked \(colour)\n")
    }
}

/// `sample wait`: runs until stopped, then says so.
struct WaitCommand: ParsableCommand {
    typealias Context = SampleContext

    static let spec = CommandSpec("wait", abstract: "Wait until stopped.")

    init(parsing arguments: CommandArguments) throws(CommandFailure) { try arguments.noPositionals() }

    var execution: CommandExecution { .untilStopped }

    func perform(in context: SampleContext, until shutdown: GracefulShutdown) async throws -> CommandOutput {
        await shutdown.wait()
        return CommandOutput(standardOutput: "stopped\n")
    }
}

/// `sample fail [--usage]`: throws the tool's own error, or a usage failure.
struct FailCommand: ParsableCommand {
    typealias Context = SampleContext

    static let usageFlag = OptionSpec.flag("usage", help: "Fail with a usage error instead.")
    static let advisedFlag = OptionSpec.flag("advised", help: "Word the failure in the command.")
    static let spec = CommandSpec("fail", abstract: "Fail.", options: [usageFlag, advisedFlag])

    var usage: Bool
    var advised: Bool

    init(parsing arguments: CommandArguments) throws(CommandFailure) {
        usage = arguments.has(Self.usageFlag)
        advised = arguments.has(Self.advisedFlag)
    }

    /// With `--advised`, the command's own wording of its error, and its own status.
    func failure(for error: any Error) -> CommandFailure? {
        guard advised, let error = error as? SampleError else { return nil }
        return CommandFailure(.unavailable, "\(error.reason); try again later")
    }

    func run(in context: SampleContext) throws -> CommandOutput {
        if usage { throw CommandFailure.usage("asked to fail") }
        throw SampleError(reason: "the store is locked")
    }
}

/// `sample [--profile <name>] config show [--profile <name>]`: a group whose options come before its subcommand.
struct ConfigCommand: CommandGroup {
    typealias Context = SampleContext

    static let profile = Option(.value("profile", valueName: "<name>", help: "The profile."))
    static let spec = CommandSpec(
        "config", abstract: "Show the configuration.", options: [profile], subcommandNoun: "action")

    static var subcommands: [any ParsableCommand<SampleContext>.Type] { [ShowCommand.self, ResetCommand.self] }

    static var subcommandSelection: SubcommandSelection {
        .afterOptions(unknownOptionHint: " (put it after the action)")
    }
}

/// `sample config show`: prints the profile given before or after its name.
struct ShowCommand: ParsableCommand {
    typealias Context = SampleContext

    static let spec = CommandSpec("show", abstract: "Show it.", globalOptions: [ConfigCommand.profile])

    var profile: String?

    init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let before = try arguments.beforeSubcommand.value(ConfigCommand.profile)
        let after = try arguments.value(ConfigCommand.profile)
        profile = before ?? after
    }

    func run(in context: SampleContext) throws -> CommandOutput {
        CommandOutput(standardOutput: "profile \(profile ?? "default")\n")
    }
}

/// `sample config reset`: a second action, so that `config` alone must say which it wants.
struct ResetCommand: ParsableCommand {
    typealias Context = SampleContext

    static let spec = CommandSpec("reset", abstract: "Reset it.")

    init(parsing arguments: CommandArguments) throws(CommandFailure) {}

    func run(in context: SampleContext) throws -> CommandOutput { CommandOutput(standardOutput: "reset\n") }
}

/// `sample [options] list [names]`, `sample list` when no action is named: a group with a default subcommand.
struct ListingCommand: CommandGroup {
    typealias Context = SampleContext

    static let spec = CommandSpec("listing", abstract: "List things.", options: [SampleTool.quiet])

    static var subcommands: [any ParsableCommand<SampleContext>.Type] { [ListCommand.self, ResetCommand.self] }
    static var defaultSubcommand: (any ParsableCommand<SampleContext>.Type)? { ListCommand.self }
    static var subcommandSelection: SubcommandSelection { .afterOptions(unknownOptionHint: "") }
}

/// `sample listing list`: prints its path and whether `--quiet` was given before it.
struct ListCommand: ParsableCommand {
    typealias Context = SampleContext

    static let spec = CommandSpec("list", abstract: "List them.")

    var path: [String]
    var quiet: Bool

    init(parsing arguments: CommandArguments) throws(CommandFailure) {
        path = arguments.path
        quiet = arguments.beforeSubcommand.has(SampleTool.quiet)
    }

    func run(in context: SampleContext) throws -> CommandOutput {
        CommandOutput(standardOutput: "\(path.joined(separator: " "))\(quiet ? " quietly" : "")\n")
    }
}
