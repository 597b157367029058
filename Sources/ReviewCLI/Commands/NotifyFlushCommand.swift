import CommandLineKit
import ReviewLog

/// `review notify flush`: records the signing alerts due, then tries every pending notification and signing alert now
/// (one flush at a time per store).
package struct NotifyFlushCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "flush",
        abstract: "Try every pending notification and signing alert now",
        overview: "Record the signing alerts due, then try every pending notification and signing alert now, its "
            + "backoff ignored (one flush at a time per store: another waits for it).",
        options: [
            ReviewOptions.json.with(
                help: "Output {\"notifications\": [{\"id\", \"channel\", \"eventId\", \"delivered\", \"error\", "
                    + "\"retryAt\"}], \"signingAlerts\": [{\"id\", \"channel\", \"itemId\", \"delivered\", "
                    + "\"error\", \"retryAt\"}]}.")
        ],
        globalOptions: ReviewOptions.global, undocumentedOptions: NotifyCommand.addOnlyOptions)

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
        try NotifyCommand.refuseAddOptions(arguments)
        guard arguments.positionals.isEmpty else { throw .usage("notify flush takes no arguments") }
        self.init(json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        let environment = try global.environment(environment)
        let store = try openStore(in: environment, missing: "check --db or REVIEW_DB (review notify add makes one)")
        return try await NotifyDelivery.flush(
            json: json, store: store, path: try storeLocation(in: environment), environment: environment)
    }
}
