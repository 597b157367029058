import CommandLineKit
import ReviewLog

/// `review undo`: deletes the last event logged by hand.
package struct UndoCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "undo",
        abstract: "Delete the last event logged by hand",
        overview: "Delete the last event logged by hand with 'review log' (the one with the highest id), and print "
            + "it. Its app goes too when nothing else is left of it. Imported and synced events are never undone: "
            + "'review delete' removes them.",
        options: [
            ReviewOptions.json.with(
                help: "Output {\"event\": {the event as export writes it}, \"appRemoved\": true|false}.")
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        self.init(json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        CommandOutput(standardOutput: renderer(environment).undone(try store.undoLastManualEvent(), json: json))
    }
}
