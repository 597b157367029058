import CommandLineKit
import ReviewLog

/// `review status [<app>]`: each app's latest version and every open submission.
package struct StatusCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "status",
        abstract: "Each app's latest version and every open submission: state, build and time in it",
        overview: "Show, per app and platform, the version with the latest event and every version whose submission "
            + "cycle is open (most recent first): its state, build and how long it has been in it. An open cycle "
            + "says how its wait compares with your decided cycles and Apple's \"90% within 24 hours\", and past 48 "
            + "hours (and your own 90th percentile) suggests Apple's expedited review request. It ends with a line when a "
            + "signing certificate, profile or client secret expires within 14 days, has expired or is invalid "
            + "(review signing lists them).",
        arguments: [ArgumentSpec("<app>", help: "Only this app.", isOptional: true)],
        options: [
            ReviewOptions.platformFilter,
            ReviewOptions.all.with(help: "Every version ever logged, not only the latest and the open."),
            ReviewOptions.color,
            ReviewOptions.track.with(
                help: "app-store, testflight or all (the default: the App Store versions, then the TestFlight builds "
                    + "in Beta App Review and the newest approved build per app and platform, in a table of their own "
                    + "when there is TestFlight history). Given, or with TestFlight history, the JSON adds "
                    + "\"testflight\": [{\"app\", \"platform\", \"version\", \"build\", \"state\", \"since\", "
                    + "\"open\", \"approvedWithoutReview\", ...}] (testflight alone leaves out versions)."),
            ReviewOptions.json.with(
                help: "Output {\"versions\": [{\"app\", \"platform\", \"version\", \"build\", \"state\", \"name\", "
                    + "\"since\", \"seconds\", \"precision\", \"open\", \"comparison\"}], \"notShown\"}; comparison is "
                    + "null unless the cycle is open with a known start (see docs/json-output.md)."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// What to show.
    package var query: StatusQuery
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(_ query: StatusQuery, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.query = query
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...1)
        self.init(
            StatusQuery(
                app: arguments.positionals.first, platform: try arguments.value(ReviewOptions.platformFilter),
                all: arguments.has(ReviewOptions.all), color: try arguments.value(ReviewOptions.color) ?? .auto,
                track: try arguments.value(ReviewOptions.track)),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        try ReadingSupport.status(
            query, json: json, store: store,
            signing: json ? [] : try SigningSupport.statuses(store: store, now: environment.now),
            renderer: renderer(environment), environment: environment)
    }
}
