/// A command that only groups subcommands (`jwtcheck apple`, the tool itself): the word after its name picks a
/// subcommand, so it is never built or run; it declares `spec` and `subcommands`.
package protocol CommandGroup: ParsableCommand {}

extension CommandGroup {
    /// Never called: the parser reads a group's subcommand instead. A group given no subcommand is
    /// `missingSubcommand(path:help:)`, which this throws too.
    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        throw Self.missingSubcommand(path: arguments.path, help: arguments.help)
    }
}

/// How a group reads the words between its name and its subcommand's.
package enum SubcommandSelection: Sendable, Equatable {
    /// The first word names the subcommand, or asks for help: `help` or `-h`/`--help`, after which a subcommand's
    /// name asks for that subcommand's help (`jwtcheck help keys`, `jwtcheck apple --help revoke`); or it is an
    /// information option of the group's spec (`--version`, `--man`: `StandardOptions`), and the rest is not read.
    /// Anything else, an option included, is an unknown subcommand.
    case firstWord
    /// Options may come first (`review --db PATH status`): the group's options (`CommandSpec.allOptions`) are
    /// scanned up to the first positional, which names the subcommand; `-h`/`--help` and the information options
    /// end the scan there. What was scanned reaches the command as `CommandArguments.beforeSubcommand`. An unknown
    /// option's message ends with `unknownOptionHint` (" (a command's own options go after it)").
    case afterOptions(unknownOptionHint: String)
}
