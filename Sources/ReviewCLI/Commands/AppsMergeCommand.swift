import CommandLineKit
import ReviewLog

/// `review apps merge <from> <into>`: every event and all sync state of one app moved to another, in one transaction.
package struct AppsMergeCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "merge",
        abstract: "Merge one app into another",
        overview:
            "Move every event and all sync state of <from> to <into> and remove <from>, in one transaction: two events "
            + "recording the same state at the same time, different bundle IDs, or two synced apps are refused, "
            + "naming them, and nothing changes.",
        arguments: [
            ArgumentSpec("<from>", help: "The app merged, removed after."),
            ArgumentSpec("<into>", help: "The app that keeps the events."),
        ],
        options: [
            ReviewOptions.json.with(help: "Output {\"from\", \"into\", \"events\", \"otherRows\": {table: count}}.")
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// The app merged.
    package var from: String
    /// The app it is merged into.
    package var into: String
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(_ from: String, into: String, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.from = from
        self.into = into
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(2...2)
        self.init(
            arguments.positionals[0], into: arguments.positionals[1], json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        _ = try StoreCommandSupport.requireApp(from, store: store)
        _ = try StoreCommandSupport.requireApp(into, store: store)
        let merge = try store.mergeApp(from, into: into)
        return CommandOutput(standardOutput: renderer(environment).merged(merge, json: json))
    }
}
