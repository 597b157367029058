import CommandLineKit
import ReviewLog

/// `review signing alerts [--days LIST]`: shows or sets the days left at which signing items are alerted.
package struct SigningAlertsCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "alerts",
        abstract: "Show or set the alert days (default 30,14,7,1)",
        overview:
            "Show the days left at which the notification channels are alerted of an item, or set them with --days. "
            + "An item is alerted once at each day it reaches (daysLeft at most that day), only the smallest when "
            + "several are reached at once; also when it expires, when a profile is INVALID, when an item is gone "
            + "from App Store Connect and when a tracked file is missing. The largest day is where signing's STATE "
            + "expiring starts.",
        options: [ReviewOptions.alertDays, ReviewOptions.json.with(help: "Output {\"days\": [30, 14, 7, 1]}.")],
        globalOptions: ReviewOptions.global, undocumentedOptions: SigningCommand.listOnlyOptions)

    package static let store = StoreUse.existing

    /// `--days`: the days to set, or nil to show them.
    package var days: [Int64]?
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(days: [Int64]? = nil, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.days = days
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try SigningCommand.refuseListOptions(arguments)
        guard arguments.positionals.isEmpty else {
            throw .usage("signing alerts takes no arguments (set the days with --days 30,14,7,1)")
        }
        self.init(
            days: try arguments.value(ReviewOptions.alertDays), json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let stored: [Int64]
        if let days { stored = try store.setSigningAlertDays(days) } else { stored = try store.signingAlertDays() }
        return CommandOutput(
            standardOutput: renderer(environment).signingAlertDays(stored, set: days != nil, json: json))
    }
}
