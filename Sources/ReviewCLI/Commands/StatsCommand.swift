import CommandLineKit
import ReviewLog

/// `review stats [<app>]`: median, 90th percentile and maximum of the waits, reviews and decisions.
package struct StatsCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "stats",
        abstract: "Median, 90th percentile and maximum of waiting, review and decision times",
        overview: "Statistics across submission cycles: count, median, 90th percentile (nearest rank) and maximum "
            + "of time waiting, time in review and time to decision, each row saying which cycles it counts "
            + "(withdrawn cycles count for waiting, never for the decision) and flagging figures from fewer than 5 "
            + "cycles; then your share decided within 24 and 48 hours beside each of Apple's published figures, one "
            + "per line. Open cycles are left out (and counted) unless --include-open.",
        arguments: [ArgumentSpec("<app>", help: "Only this app (default: all apps).", isOptional: true)],
        options: [
            ReviewOptions.platformFilter, ReviewOptions.since, ReviewOptions.until, ReviewOptions.by,
            ReviewOptions.includeOpen,
            ReviewOptions.track.with(
                help: "app-store (the default), testflight (Beta App Review: builds reviewed, rejected and approved "
                    + "without review, and the waits of reviewed builds beside your own App Store figures: Apple "
                    + "publishes none for Beta App Review) or all (each track on its own, never pooled; JSON "
                    + "{\"tracks\": [{\"track\", ...}]}). Given, the JSON carries \"track\"."),
            ReviewOptions.json.with(
                help: "Output the statistics as JSON (durations in seconds; with --by, {\"periods\": [...]}; see "
                    + "docs/json-output.md)."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// `[<app>]`.
    package var app: String?
    /// `--platform`.
    package var platform: Platform?
    /// `--since` as typed.
    package var since: String?
    /// `--until` as typed.
    package var until: String?
    /// `--by`.
    package var period: StatisticsPeriod?
    /// `--include-open`.
    package var includeOpen = false
    /// `--track`, if given.
    package var track: TrackSelection?
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        app: String? = nil, platform: Platform? = nil, since: String? = nil, until: String? = nil,
        period: StatisticsPeriod? = nil, includeOpen: Bool = false, json: Bool = false,
        global: GlobalOptions = GlobalOptions(), track: TrackSelection? = nil
    ) {
        self.track = track
        self.app = app
        self.platform = platform
        self.since = since
        self.until = until
        self.period = period
        self.includeOpen = includeOpen
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...1)
        self.init(
            app: arguments.positionals.first, platform: try arguments.value(ReviewOptions.platformFilter),
            since: try arguments.value(ReviewOptions.since), until: try arguments.value(ReviewOptions.until),
            period: try arguments.value(ReviewOptions.by), includeOpen: arguments.has(ReviewOptions.includeOpen),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments),
            track: try arguments.value(ReviewOptions.track))
    }

    package func validate() throws(CommandFailure) {
        try TimeOption.check(since)
        try TimeOption.check(until)
    }

    /// The query, its window read against `now`.
    /// - Throws: `CommandFailure` (usage) when `--until` is not after `--since`.
    package func query(now: Timestamp) throws(CommandFailure) -> StatisticsQuery {
        let (since, until) = try TimeOption.window(since: since, until: until, now: now)
        return StatisticsQuery(
            app: app, platform: platform, since: since, until: until, period: period, includeOpen: includeOpen,
            track: track)
    }

    package func check(in environment: ReviewEnvironment) throws(CommandFailure) {
        _ = try query(now: environment.now)
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        try ReadingSupport.statistics(
            try query(now: environment.now), json: json, store: store, renderer: renderer(environment),
            environment: environment)
    }
}
