/// One command of a tool, declared once: its options and arguments, its subcommands, and the text around them.
/// The parser scans with it; `HelpFormatter`, `ManPage` and `CompletionScript` are written from it.
package struct CommandSpec: Sendable {
    /// The name typed on the command line (`"token"`), or the tool's name for the root.
    package let name: String
    /// One line for the parent's command list, the man page's NAME line and the completions.
    package let abstract: String
    /// The help's OVERVIEW paragraph (blank lines separate paragraphs); the abstract when empty.
    package let overview: String
    /// The positional arguments, in order.
    package let arguments: [ArgumentSpec]
    /// The command's own options, in the order the help lists them; the synopsis shows them.
    package let options: [OptionSpec]
    /// Options the tool accepts on every command (`review --db`), listed after the command's own and left out of
    /// its synopsis.
    package let globalOptions: [OptionSpec]
    /// `-h, --help` with this command's wording, or `nil` for a command that takes none.
    package let helpOption: OptionSpec?
    /// Options listed after `--help` that print something about the tool and stop (`--version`, `--man`); left
    /// out of the synopsis.
    package let informationOptions: [OptionSpec]
    /// The subcommands, in the order the help lists them.
    package private(set) var subcommands: [CommandSpec]
    /// What a subcommand is called in the synopsis and the list's title (`"command"`, `"subcommand"`).
    package let subcommandNoun: String
    /// Groups of option names of which at most one may be given, shown `[--a | --b <x>]` in the synopsis.
    package let exclusiveOptions: [[String]]
    /// Paragraphs after the options: `EXIT STATUS`, `STATES`, a closing note.
    package let sections: [HelpSection]
    /// Options the scanner accepts but the help, man page and completions leave out: accepted only so that the
    /// command can refuse them with a better message than "unknown option" (`apple notification --nonce`).
    package let undocumentedOptions: [OptionSpec]

    /// Declares a command.
    /// - Parameters:
    ///   - name: the name typed on the command line.
    ///   - abstract: one line for lists.
    ///   - overview: the OVERVIEW paragraph; the abstract when empty.
    ///   - arguments: positional arguments.
    ///   - options: the command's own options (flags as `OptionSpec`, valued options as `Option<Value>`).
    ///   - globalOptions: options every command of the tool accepts, listed after these.
    ///   - helpOption: `--help` as this command words it; `nil` for none.
    ///   - informationOptions: `--version`, `--man`: listed after `--help`.
    ///   - subcommandNoun: `"command"` or `"subcommand"`.
    ///   - exclusiveOptions: names of options that exclude each other, for the synopsis.
    ///   - sections: paragraphs after the options.
    ///   - undocumentedOptions: options scanned only to be refused with a reason.
    package init(
        _ name: String, abstract: String, overview: String = "", arguments: [ArgumentSpec] = [],
        options: [any OptionDeclaration] = [], globalOptions: [any OptionDeclaration] = [],
        helpOption: OptionSpec? = .help, informationOptions: [any OptionDeclaration] = [],
        subcommands: [CommandSpec] = [], subcommandNoun: String = "command", exclusiveOptions: [[String]] = [],
        sections: [HelpSection] = [], undocumentedOptions: [any OptionDeclaration] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.overview = overview.isEmpty ? abstract : overview
        self.arguments = arguments
        self.options = options.map(\.spec)
        self.globalOptions = globalOptions.map(\.spec)
        self.helpOption = helpOption
        self.informationOptions = informationOptions.map(\.spec)
        self.subcommands = subcommands
        self.subcommandNoun = subcommandNoun
        self.exclusiveOptions = exclusiveOptions
        self.sections = sections
        self.undocumentedOptions = undocumentedOptions.map(\.spec)
    }

    /// Every option the command accepts, in the order the help lists them: its own, the global ones, `--help`,
    /// then `--version` and the like.
    package var allOptions: [OptionSpec] {
        options + globalOptions + (helpOption.map { [$0] } ?? []) + informationOptions
    }

    /// Every option the scanner accepts: `allOptions` and the undocumented ones.
    package var acceptedOptions: [OptionSpec] { allOptions + undocumentedOptions }

    /// The same command with these subcommands (`ParsableCommand.interface` adds a group's from its types).
    /// - Parameter subcommands: the subcommands, in the order the help lists them.
    /// - Returns: the declaration, everything else unchanged.
    package func with(subcommands: [CommandSpec]) -> CommandSpec {
        var command = self
        command.subcommands = subcommands
        return command
    }

    /// The subcommand called `name`, if any.
    /// - Parameter name: the name as typed.
    /// - Returns: the subcommand.
    package func subcommand(_ name: String) -> CommandSpec? { subcommands.first { $0.name == name } }

    /// The first required value option (in the order declared) that `scanned` lacks.
    /// - Parameters:
    ///   - scanned: the scanned command line.
    ///   - emptyIsMissing: whether an empty value counts as missing.
    /// - Returns: the option, or `nil` when every required value option was given.
    package func firstMissingOption(in scanned: ScannedArguments, emptyIsMissing: Bool = false) -> OptionSpec? {
        options.first { option in
            guard option.isRequired, option.takesValue else { return false }
            guard let value = scanned.value(option.name) else { return true }
            return emptyIsMissing && value.isEmpty
        }
    }

    /// Every command of the tree under this one, with its path of names (this command's own path first).
    /// - Parameter path: the names leading to this command (`["jwtcheck"]` for the root).
    /// - Returns: `(path, command)` pairs, depth first, in declaration order.
    package func walk(path: [String]) -> [(path: [String], command: CommandSpec)] {
        [(path, self)] + subcommands.flatMap { $0.walk(path: path + [$0.name]) }
    }
}
