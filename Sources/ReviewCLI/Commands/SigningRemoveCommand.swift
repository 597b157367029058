import CommandLineKit
import ReviewLog

/// `review signing remove <id>`: stops tracking an item, with its history and pending alerts.
package struct SigningRemoveCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "remove",
        abstract: "Stop tracking a signing item",
        overview:
            "Stop tracking a signing item, and drop its history and pending alerts. A certificate or profile that "
            + "App Store Connect still lists comes back at the next sync.",
        arguments: [ArgumentSpec("<id>", help: "The item's id, as 'review signing --all' shows it.")],
        options: [ReviewOptions.json.with(help: "Output the item removed, as signing --json shows it.")],
        globalOptions: ReviewOptions.global, undocumentedOptions: SigningCommand.listOnlyOptions)

    package static let store = StoreUse.existing

    /// The item's id.
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
        try SigningCommand.refuseListOptions(arguments)
        self.init(
            id: try SigningSupport.itemID(arguments), json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let now = environment.now
        let statuses = try SigningSupport.statuses(store: store, now: now)
        let removed = try store.removeSigningItem(id: id)
        // Where it stood when it was removed (renewed among the others), as signing list showed it.
        let status =
            statuses.first { $0.item.id == removed.id }
            ?? SigningItemStatus.of([removed], at: now, expiringWithin: SigningAlert.defaultDays[0])[0]
        return CommandOutput(standardOutput: renderer(environment).signingRemoved(status, json: json))
    }
}
