import CommandLineKit
import ReviewLog

/// `review export`: every event, or those the options select, as JSON or CSV on standard output.
package struct ExportCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "export",
        abstract: "All events to standard output, as JSON or CSV",
        overview: "Write every event, or those the options select, to standard output, in id order. Importing an "
            + "export of every event into an empty store and exporting again gives the same bytes. In CSV, a cell "
            + "that a spreadsheet would run as a formula (it starts, after spaces, with =, +, -, @, a tab or a line "
            + "break), and a cell that starts with ', is written with a ' in front; import removes one leading ' from "
            + "every cell, so every value reads back exactly. An export of every event in JSON also holds the signing "
            + "tracker's items (a \"signing\" member: each item with its history and recorded alerts); CSV holds "
            + "events only, and so does an export that --app, --platform, --since, --until or --track testflight "
            + "narrows. The App Store track is exported unless --track says otherwise (a note on standard error counts "
            + "the TestFlight events left out); with --track, every event carries track and ascBuildId (CSV: the "
            + "columns track and asc_build_id), as a TestFlight event always does.",
        options: [
            ReviewOptions.format, ReviewOptions.json.with(help: "The same as --format json."),
            ReviewOptions.app.with(help: "Only this app: its name or bundle ID (repeatable; default every app)."),
            ReviewOptions.platform.with(help: "Only this platform: iOS, macOS, tvOS, visionOS or watchOS."),
            ReviewOptions.since.with(
                help: "Only events at or after <date>: a time as for log --at, or a day, month or year (2025-06-15, "
                    + "2025-06, 2025), from its first instant in local time."),
            ReviewOptions.until.with(
                help: "Only events before <date> (exclusive): a time, or a day, month or year, which ends at the "
                    + "first instant after it (--until 2025-06 includes all of June)."),
            ReviewOptions.track.with(
                help: "app-store (the default), testflight or all (every event: the whole history)."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// `--format` (`--json` is `.json`).
    package var format: InterchangeFormat
    /// `--app`, as typed.
    package var apps: [String]
    /// `--platform`.
    package var platform: Platform?
    /// `--since` as typed.
    package var since: String?
    /// `--until` as typed.
    package var until: String?
    /// `--track`, if given (nil: the App Store track, as before tracks).
    package var track: TrackSelection?
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        format: InterchangeFormat = .json, apps: [String] = [], platform: Platform? = nil, since: String? = nil,
        until: String? = nil, global: GlobalOptions = GlobalOptions(), track: TrackSelection? = nil
    ) {
        self.track = track
        self.format = format
        self.apps = apps
        self.platform = platform
        self.since = since
        self.until = until
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        var format = try arguments.value(ReviewOptions.format)
        if arguments.has(ReviewOptions.json) {
            guard format != .csv else { throw .usage("--json and --format csv ask for two formats; give one of them") }
            format = .json
        }
        self.init(
            format: format ?? .json, apps: try arguments.values(ReviewOptions.app),
            platform: try arguments.value(ReviewOptions.platform), since: try arguments.value(ReviewOptions.since),
            until: try arguments.value(ReviewOptions.until), global: try GlobalOptions(arguments),
            track: try arguments.value(ReviewOptions.track))
    }

    package func validate() throws(CommandFailure) {
        try TimeOption.check(since)
        try TimeOption.check(until)
    }

    /// The filter, its window read against `now`.
    /// - Throws: `CommandFailure` (usage) when `--until` is not after `--since`.
    package func filter(now: Timestamp) throws(CommandFailure) -> EventFilter {
        let (since, until) = try TimeOption.window(since: since, until: until, now: now)
        return EventFilter(apps: apps, platform: platform, since: since, until: until)
    }

    package func check(in environment: ReviewEnvironment) throws(CommandFailure) {
        _ = try filter(now: environment.now)
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let matching = try StoreCommandSupport.events(matching: try filter(now: environment.now), store: store)
        let selection = track ?? .only(.appStore)
        let events = matching.filter { selection.includes($0.track) }
        let narrowed =
            !apps.isEmpty || platform != nil || since != nil || until != nil || selection == .only(.testFlight)
        let signing = format == .json && !narrowed ? try store.signingRecords() : []
        let withTracks = track != nil
        let text =
            format == .json
            ? EventInterchange.json(events, signing: signing, withTracks: withTracks)
            : EventInterchange.csv(events, withTracks: withTracks)
        // A file format, written exact to a file or a pipe (a CSV cell keeps its CR and LF); escaped on a terminal.
        var output = CommandOutput(standardOutput: text)
        output.standardOutputIsData = true
        let leftOut = track == nil ? matching.count { $0.track == .testFlight } : 0
        if leftOut > 0 {
            output.standardError =
                "review: note: \(leftOut) TestFlight event\(leftOut == 1 ? " was" : "s were") not exported (the App Store "
                + "track is the default); --track all exports every event\n"
        }
        return output
    }
}
