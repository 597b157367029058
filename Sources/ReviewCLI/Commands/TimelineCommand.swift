import CommandLineKit
import ReviewLog

/// `review timeline <app>`: each submission cycle of a version.
package struct TimelineCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "timeline",
        abstract: "Each submission cycle of a version: build, states with start, end and duration",
        overview: "Show a version's submission cycles: the build, each state with its start, end and duration, the "
            + "time waiting, in review and to the decision, and for an open cycle how it compares with your decided "
            + "cycles and Apple's claim. A cycle starts on entering Waiting for Review; its decision is its first "
            + "review outcome.",
        arguments: [ArgumentSpec("<app>", help: "The app.")],
        options: [
            ReviewOptions.appVersion.with(help: "The version (default: the version of the app's latest event)."),
            ReviewOptions.all.with(help: "Every version of the app, oldest first."),
            ReviewOptions.platform.with(help: "The platform (default: the platform of the app's latest event)."),
            ReviewOptions.track.with(
                help: "app-store (the default), testflight (each cycle a build; --version is the pre-release version, "
                    + "default that of the app's latest TestFlight event) or all (each track on its own). Given, the "
                    + "JSON carries \"track\"; with all it is {\"app\", \"tracks\": [{\"track\", \"versions\"}]} "
                    + "with --all, {\"app\", \"tracks\": [{\"track\", \"version\"}]} without."),
            ReviewOptions.color,
            ReviewOptions.json.with(
                help: "Output {\"app\", \"platform\", \"version\", \"cycles\": [{\"build\", \"open\", "
                    + "\"comparison\", \"states\": [{\"state\", \"start\", \"end\", \"seconds\"}]}]}; with --all "
                    + "{\"app\", \"versions\": [...]}; times are ISO 8601 in UTC, end is null for the current state."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// What to show.
    package var query: TimelineQuery
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(_ query: TimelineQuery, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.query = query
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(1...1)
        let version = try arguments.value(ReviewOptions.appVersion)
        if version != nil, arguments.has(ReviewOptions.all) {
            throw .usage("timeline takes --version V or --all, not both")
        }
        self.init(
            TimelineQuery(
                app: arguments.positionals[0], version: version, platform: try arguments.value(ReviewOptions.platform),
                all: arguments.has(ReviewOptions.all), color: try arguments.value(ReviewOptions.color) ?? .auto,
                track: try arguments.value(ReviewOptions.track)),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        try ReadingSupport.timeline(
            query, json: json, store: store, renderer: renderer(environment), environment: environment)
    }
}
