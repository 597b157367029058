import CommandLineKit
import ReviewLog

/// `review notify remove <id>`: removes a channel and its undelivered notifications.
package struct NotifyRemoveCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "remove",
        abstract: "Remove a channel and its undelivered notifications",
        arguments: [ArgumentSpec("<id>", help: "The channel's ID, as 'review notify list' shows it.")],
        options: [ReviewOptions.json.with(help: "Output the channel removed: {\"id\", \"kind\", \"url\", ...}.")],
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

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        try NotifyDelivery.remove(id, json: json, store: store)
    }
}
