import CommandLineKit
import ReviewLog

/// `review notify list`: the channels (URLs masked) and the notifications and signing alerts not delivered.
package struct NotifyListCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "list",
        abstract: "Show the channels (URLs masked) and the notifications and signing alerts not delivered",
        options: [ReviewOptions.json.with(help: "Output {\"channels\", \"notifications\", \"signingAlerts\"}.")],
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
        guard arguments.positionals.isEmpty else { throw .usage("notify list takes no arguments") }
        self.init(json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        try NotifyDelivery.list(json: json, utc: global.utc, store: store)
    }
}
