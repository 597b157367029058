import CommandLineKit
import ReviewLog

/// `review notify test <id>`: sends a sample message to one channel.
package struct NotifyTestCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "test",
        abstract: "Send a sample message to a channel",
        arguments: [ArgumentSpec("<id>", help: "The channel's ID, as 'review notify list' shows it.")],
        options: [ReviewOptions.json.with(help: "Output {\"channel\", \"delivered\", \"status\" or \"error\"}.")],
        globalOptions: ReviewOptions.global, undocumentedOptions: NotifyCommand.addOnlyOptions)

    package static let store = StoreUse.existing

    /// The channel's ID.
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
        try NotifyCommand.refuseAddOptions(arguments)
        self.init(
            id: try NotifyCommand.channelID(arguments), json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        let environment = try global.environment(environment)
        let store = try openStore(in: environment, missing: "check --db or REVIEW_DB (review notify add makes one)")
        return try await NotifyDelivery.test(id, json: json, store: store, environment: environment)
    }
}
