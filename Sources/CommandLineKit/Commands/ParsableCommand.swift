package import GatehouseCore

/// One command of a tool as one type: its declaration, how it reads and checks its arguments, how it runs, and its
/// run. After swift-argument-parser's `ParsableCommand`, without the dependency and without reflection: a command
/// reads its values through the `Option` records its `spec` lists, so the parser, the help, the man page and the
/// completions are written from the same declaration and cannot disagree.
///
/// `CommandInvocation` parses a command line down the tree of `subcommands` to one command, builds it with
/// `init(parsing:)`, calls `validate()`, then runs it as its `execution` says, and maps what it throws to an exit
/// status with the tool's `CommandLineTool.failure(for:running:)`. A command with subcommands is a `CommandGroup`:
/// the word after its name picks one, and the group itself is never built or run.
///
/// A command is a value (`Equatable`), so a test compares what a command line parsed to with the command it
/// expects: `#expect(try Tool.parse(["token", "@t.jwt"]) == .run(TokenCommand(...)))`.
package protocol ParsableCommand<Context>: Sendable, Equatable {
    /// What every command of the tool runs with: the clock, standard input, environment variables, a store opener.
    /// Tests pass their own.
    associatedtype Context: Sendable

    /// The command's declaration: name, abstract, overview, arguments, options and sections. A group's spec leaves
    /// out its subcommands: `interface` adds them from `subcommands`, so they are listed once.
    static var spec: CommandSpec { get }

    /// The subcommands, in the order the help lists them; empty (the default) for a command that runs.
    static var subcommands: [any ParsableCommand<Context>.Type] { get }

    /// Reads the command from its arguments: the options and positionals after its name (already scanned against
    /// `spec`: an unknown option, a missing value or a repeated single option never reaches this), and the options
    /// given before the subcommand's name (`CommandArguments.beforeSubcommand`).
    /// - Throws: `CommandFailure` (usage, 64) naming what is wrong: a missing argument, a value that does not
    ///   parse, options that exclude each other. The help text is `arguments.help`.
    init(parsing arguments: CommandArguments) throws(CommandFailure)

    /// Checks what `init(parsing:)` read as a whole, after it: the validation step of STYLE.md ("a separate
    /// validation step"). Nothing is read from files, the clock or the network here. The default accepts all.
    /// - Throws: `CommandFailure` (usage, 64).
    func validate() throws(CommandFailure)

    /// How the command runs: synchronously (the default), asynchronously, or asynchronously until SIGINT or SIGTERM
    /// asks it to stop. A value, not a type's constant: `jwtcheck token` needs the network only for a key set URL.
    var execution: CommandExecution { get }

    /// Runs a synchronous command (`execution` `.synchronous`); no concurrency thread is started on this path.
    /// The default, for a command that runs asynchronously, fails with 69 naming `perform(in:)`.
    /// - Returns: the exit status and the text for standard output and standard error.
    /// - Throws: any error; the tool's `failure(for:running:)` gives it its status and message.
    func run(in context: Context) throws -> CommandOutput

    /// Runs an asynchronous command (`execution` `.asynchronous`). The default calls `run(in:)`.
    /// - Returns: the exit status and the text for standard output and standard error.
    /// - Throws: any error; the tool's `failure(for:running:)` gives it its status and message.
    func perform(in context: Context) async throws -> CommandOutput

    /// Runs a command that stops on a signal (`execution` `.untilStopped`): it runs until `shutdown` is triggered
    /// (SIGINT or SIGTERM, through `TerminationSignals`), then finishes what is in flight and returns. The default
    /// calls `perform(in:)`.
    /// - Returns: the exit status and the text for standard output and standard error.
    /// - Throws: any error; the tool's `failure(for:running:)` gives it its status and message.
    func perform(in context: Context, until shutdown: GracefulShutdown) async throws -> CommandOutput

    /// The failure this command ends with when its run throws `error`, where the command words it itself (the
    /// flags and commands a tool adds after a library's reason depend on the command that ran); nil, the default,
    /// leaves it to the tool's `CommandLineTool.failure(for:running:)`. A tool whose commands share a protocol of
    /// their own implements this once, in that protocol's extension, with `self` of that protocol: no downcast.
    /// - Returns: the status and message, or nil.
    func failure(for error: any Error) -> CommandFailure?

    /// The failure for a group given no subcommand: by default "no command given" for the tool, "jwtcheck apple
    /// needs a subcommand" below it, each followed by the group's help.
    /// - Parameters:
    ///   - path: the group's path, the tool's name first.
    ///   - help: the group's help text.
    static func missingSubcommand(path: [String], help: String) -> CommandFailure

    /// The failure for a word that names none of a group's subcommands: by default "unknown command 'x'; did you
    /// mean 'y'?" (for a group below the tool, "unknown apple subcommand 'x'") and where to find the list.
    /// - Parameters:
    ///   - word: what was typed.
    ///   - path: the group's path, the tool's name first.
    static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure

    /// How a group reads the words before its subcommand's name; `.firstWord` by default.
    static var subcommandSelection: SubcommandSelection { get }

    /// The subcommand a group runs when none is named (`review apps` is `review apps list`); nil, the default, makes
    /// a missing subcommand `missingSubcommand(path:help:)`.
    static var defaultSubcommand: (any ParsableCommand<Context>.Type)? { get }
}

extension ParsableCommand {
    package static var subcommands: [any ParsableCommand<Context>.Type] { [] }

    package func validate() throws(CommandFailure) {}

    package var execution: CommandExecution { .synchronous }

    package func run(in context: Context) throws -> CommandOutput {
        throw CommandFailure(.unavailable, "\(Self.spec.name) runs asynchronously, through perform(in:)")
    }

    package func perform(in context: Context) async throws -> CommandOutput { try run(in: context) }

    package func perform(in context: Context, until shutdown: GracefulShutdown) async throws -> CommandOutput {
        try await perform(in: context)
    }

    package func failure(for error: any Error) -> CommandFailure? { nil }

    package static func missingSubcommand(path: [String], help: String) -> CommandFailure {
        let noun = spec.subcommandNoun
        let article = noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        let message = path.count == 1 ? "no \(noun) given" : "\(path.joined(separator: " ")) needs \(article) \(noun)"
        return .usage(message, help: "\n\n" + help)
    }

    package static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure {
        let noun = spec.subcommandNoun
        let kind = path.count == 1 ? noun : "\(path[path.count - 1]) \(noun)"
        var message = "unknown \(kind) '\(word)'"
        if let suggestion = Suggestion.closest(to: word, among: subcommands.map { $0.spec.name }) {
            message += "; did you mean '\(suggestion)'?"
        }
        return .usage(message, help: "\nRun '\(path.joined(separator: " ")) --help' for the \(noun)s.")
    }

    package static var subcommandSelection: SubcommandSelection { .firstWord }

    package static var defaultSubcommand: (any ParsableCommand<Context>.Type)? { nil }

    /// The declaration as the help, the man page and the completions are written from it: `spec`, with the
    /// interfaces of `subcommands` as its subcommands.
    package static var interface: CommandSpec {
        let subcommands = Self.subcommands
        guard !subcommands.isEmpty else { return spec }
        return spec.with(subcommands: subcommands.map { $0.interface })
    }

    /// The help texts, the man page, the completion scripts and the version line of the tool under this command.
    package static var help: CommandHelp { CommandHelp(tool: interface) }

    /// Whether `other` is the same command with the same values.
    /// - Parameter other: a command of the same tool.
    /// - Returns: `true` when `other` is a `Self` equal to this one.
    package func isEqual(to other: any ParsableCommand<Context>) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
