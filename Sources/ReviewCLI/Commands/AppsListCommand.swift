import CommandLineKit
import ReviewLog

/// `review apps [list]`: every app with its platforms, versions, events and last event, and apps that look alike.
package struct AppsListCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "list",
        abstract: "List every app (the default)",
        overview: "List every app with its platforms, versions, events and last event, and name apps that look alike "
            + "(one typo apart: perhaps one app typed twice).",
        options: [
            ReviewOptions.json.with(
                help: "Output {\"apps\": [{\"name\", \"bundleId\", \"appStoreId\", \"platforms\", \"versions\", "
                    + "\"events\", \"firstEventAt\", \"lastEventAt\", \"synced\", \"alike\": [names one typo away]}]}.")
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
        CommandOutput(standardOutput: renderer(environment).apps(try store.apps(), json: json))
    }
}
