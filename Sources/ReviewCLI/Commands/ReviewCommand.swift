import CommandLineKit

/// `review` itself: the group every command line starts from, with `--version` and `--man`, and the options every
/// command takes (`--db`, `--utc`, `--now`), which may come before the command's name. Its command lines are parsed
/// and run by CommandLineKit's `CommandInvocation`; each command words its failures itself
/// (`ReviewSubcommand.failure(for:)`).
package struct ReviewCommand: CommandLineTool {
    package typealias Context = ReviewEnvironment

    package static let spec = CommandSpec(
        "review",
        abstract: "keep App Review state changes and turn them into elapsed times and statistics",
        overview: "Keep App Review state changes and turn them into elapsed times and statistics.",
        options: ReviewOptions.global,
        informationOptions: [ReviewOptions.showVersion, ReviewOptions.manual],
        sections: [
            HelpSection(
                "STATES",
                "App Store Connect's API strings (WAITING_FOR_REVIEW), display names (\"Waiting for Review\"), "
                    + "kebab-case aliases (waiting-for-review) or former names (\"Ready for Sale\"), in any case; "
                    + "'review states' lists them all by stage, with what each means."),
            .exitStatus(
                "0 success; 1 app or event not found, nothing to undo; 64 usage error, an app name close to an "
                    + "existing one (log without --new-app); 65 malformed import file or .p8 key, a signing file that "
                    + "is none of the kinds signing add takes or is damaged, a rename, merge or edit that would make "
                    + "two apps or events one; 66 import, key or signing file missing, or no store for a command that "
                    + "only reads or edits (only log, import, sync, watch, serve, notify add, signing add and migrate "
                    + "create one); 69 App Store Connect, a notification channel or a PostgreSQL server unavailable (network, "
                    + "TLS, 5xx, 429 after the retries; a server that refuses the connection or goes away); 74 store error (cannot open or write; a foreign or corrupt database file) or a "
                    + "report file that cannot be written; 77 App Store Connect refusing the key (401: key, issuer ID or "
                    + "clock) or its role (403)."),
            HelpSection(nil, "See 'review help <command>' for a command's arguments and options."),
        ])

    package static var subcommands: [any ParsableCommand<ReviewEnvironment>.Type] {
        [
            LogCommand.self, StatusCommand.self, TimelineCommand.self, StatsCommand.self, ReportCommand.self,
            ExportCommand.self, ImportCommand.self, DeleteCommand.self, EditCommand.self, UndoCommand.self,
            AppsCommand.self, StatesCommand.self, MigrateCommand.self, SyncCommand.self, WatchCommand.self,
            ServeCommand.self, WebhookCommand.self, NotifyCommand.self, SigningCommand.self, AuthCommand.self,
            CompletionCommand.self, HelpCommand.self,
        ]
    }

    /// The commands `review help` explains, in the order the overview lists them (`help` itself left out).
    /// Read without `HelpCommand.spec`, whose argument lists them.
    package static let commandNames = subcommands.filter { ObjectIdentifier($0) != ObjectIdentifier(HelpCommand.self) }
        .map { $0.spec.name }

    package static var subcommandSelection: SubcommandSelection {
        .afterOptions(unknownOptionHint: " (a command's own options go after it)")
    }

    package static func missingSubcommand(path: [String], help: String) -> CommandFailure {
        .usage("no command given; try 'review --help' (commands: \(allNames))")
    }

    package static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure {
        if let suggestion = Suggestion.closest(to: word, among: subcommands.map { $0.spec.name }) {
            return .usage("unknown command \"\(word)\"; did you mean \(suggestion)?")
        }
        return .usage("unknown command \"\(word)\"; the commands are \(allNames)")
    }

    /// Every command's name, `help` included, for the messages.
    private static var allNames: String { subcommands.map { $0.spec.name }.joined(separator: ", ") }

    /// What a command that is not a `ReviewSubcommand` (none is) ends with: its status by the error's code.
    package static func failure(
        for error: any Error, running command: any ParsableCommand<ReviewEnvironment>
    ) -> CommandFailure {
        if let failure = error as? CommandFailure { return failure }
        return CommandFailure(ExitStatus(failure: error), "\(error)")
    }
}
