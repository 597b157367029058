import CommandLineKit
import ReviewLog

/// `review delete <event-id> --yes`: one event, for good.
package struct DeleteCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "delete",
        abstract: "Delete one event",
        overview: "Delete one event for good.",
        arguments: [
            ArgumentSpec("<event-id>", help: "The event's id, as 'review timeline' and 'review export' show it.")
        ],
        options: [
            ReviewOptions.yes,
            ReviewOptions.json.with(help: "Output {\"deleted\": EVENT}, an object of 'review export'."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// The event's id.
    package var id: Int64
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(id: Int64, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.id = id
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(1...1)
        let id = try ReviewArguments.eventID(arguments.positionals[0])
        guard arguments.has(ReviewOptions.yes) else {
            throw .usage("delete removes event \(id) for good; add --yes to confirm")
        }
        self.init(id: id, json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        CommandOutput(standardOutput: renderer(environment).deleted(try store.deleteEvent(id: id), json: json))
    }
}
