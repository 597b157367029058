/// What a command reads itself from: its path, its declaration, the arguments after its name (scanned against that
/// declaration), and the options given before its group's subcommand was named.
///
/// The reading helpers word their failures one way for every command: "jwtcheck token needs TOKEN", followed by
/// the command's help.
package struct CommandArguments: Sendable {
    /// The names leading to the command, the tool's first (`["jwtcheck", "apple", "verify"]`).
    package let path: [String]
    /// The command's declaration.
    package let spec: CommandSpec
    /// The options and positionals after the command's name.
    package let scanned: ScannedArguments
    /// The options given before the subcommand's name, to groups that read them
    /// (`SubcommandSelection.afterOptions`: `review --db PATH status`); empty otherwise.
    package let beforeSubcommand: ScannedArguments

    /// Creates the arguments of a command.
    package init(
        path: [String], spec: CommandSpec, scanned: ScannedArguments,
        beforeSubcommand: ScannedArguments = ScannedArguments()
    ) {
        self.path = path
        self.spec = spec
        self.scanned = scanned
        self.beforeSubcommand = beforeSubcommand
    }

    /// The command as typed, for messages: `jwtcheck apple verify`.
    package var invocation: String { path.joined(separator: " ") }

    /// The command's help text, as `--help` prints it.
    package var help: String { HelpFormatter.text(for: spec, path: path) }

    /// The command's synopsis on one line, written from its declaration: `jwtcheck keys <file> [--json]`.
    package var usage: String { ([invocation] + CommandSynopsis.parts(of: spec)).joined(separator: " ") }

    /// The positional arguments after the command's name, in order.
    package var positionals: [String] { scanned.positionals }

    /// The value of an option given after the command's name, read by its declaration.
    /// - Returns: the typed value, or `nil` when not given.
    /// - Throws: the option's `CommandFailure` (usage) when the value does not parse.
    package func value<Value>(_ option: Option<Value>) throws(CommandFailure) -> Value? {
        try scanned.value(option)
    }

    /// Every value of a repeatable option given after the command's name, read by its declaration.
    /// - Returns: the typed values in order; empty when not given.
    /// - Throws: the option's `CommandFailure` (usage) for the first value that does not parse.
    package func values<Value>(_ option: Option<Value>) throws(CommandFailure) -> [Value] {
        try scanned.values(option)
    }

    /// Whether a flag was given after the command's name.
    package func has(_ flag: OptionSpec) -> Bool { scanned.has(flag) }

    /// The one positional argument of a command.
    /// - Parameter name: what the argument is, for the messages (`TOKEN`).
    /// - Returns: the argument, exactly as given (the empty string included).
    /// - Throws: a usage failure when there is none (followed by the help), or more than one (naming them).
    package func onePositional(named name: String) throws(CommandFailure) -> String {
        switch positionals.count {
        case 1:
            return positionals[0]
        case 0:
            throw .usage("\(invocation) needs \(name)", help: "\n\n" + help)
        default:
            throw .usage(
                "\(invocation) takes one \(name), got \(positionals.count) arguments: "
                    + positionals.map { "'\($0)'" }.joined(separator: " "))
        }
    }

    /// Refuses positional arguments, for a command that takes none.
    /// - Throws: a usage failure naming the first one, followed by the help.
    package func noPositionals() throws(CommandFailure) {
        if let extra = positionals.first {
            throw .usage("\(invocation) takes no positional arguments, got '\(extra)'", help: "\n\n" + help)
        }
    }

    /// Refuses a command line that lacks one of the value options the spec marks required.
    /// - Parameter emptyIsMissing: whether an empty value counts as missing.
    /// - Throws: a usage failure naming the first missing option in the order declared, followed by the help.
    package func requireDeclaredOptions(emptyIsMissing: Bool = false) throws(CommandFailure) {
        if let missing = spec.firstMissingOption(in: scanned, emptyIsMissing: emptyIsMissing) {
            throw missingOption(missing)
        }
    }

    /// The value of an option the command needs.
    /// - Returns: the typed value.
    /// - Throws: the option's `CommandFailure` when the value does not parse; when it was not given, the failure
    ///   `requireDeclaredOptions(emptyIsMissing:)` throws for it.
    package func required<Value>(_ option: Option<Value>) throws(CommandFailure) -> Value {
        guard let value = try value(option) else { throw missingOption(option.spec) }
        return value
    }

    private func missingOption(_ option: OptionSpec) -> CommandFailure {
        .usage("\(invocation) needs \(option.longFlag)", help: "\n\n" + help)
    }
}
