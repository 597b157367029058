import CommandLineKit
import GatehouseCore
import ReviewLog
import ReviewReport

/// `review report [<app>] --html <file>`: builds the HTML report from the store and writes it.
package struct ReportCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "report",
        abstract: "The history as one HTML page: tiles per app, timelines, charts and the stats table",
        overview: "Write one self-contained HTML page (no network, no script: inline CSS and SVG; light and dark; "
            + "prints; fits a phone): counts per stage; a tile per app and platform with its state, version, build, "
            + "time in state and, for an open cycle, how long it has waited against your decided cycles and Apple's "
            + "claim; a timeline bar per version (the latest 24 of each app and platform); the distribution of time "
            + "to decision with 24 h, 48 h, median and 90th percentile; median and 90th percentile per month beside "
            + "Apple's claims; and the statistics of 'review stats' (the App Store track's; with TestFlight history, a "
            + "TestFlight section follows: builds reviewed, rejected and approved without review, their waits beside "
            + "your App Store time to decision, and the latest builds). With signing items (review signing), a Signing section "
            + "comes first when one is invalid or expires within 30 days (red at 7 days or fewer, amber within 30), "
            + "and their whole list last. Open it in any browser.",
        arguments: [ArgumentSpec("<app>", help: "Only this app (default: all apps).", isOptional: true)],
        options: [
            ReviewOptions.html,
            ReviewOptions.json.with(
                help: "Output {\"file\", \"tiles\", \"versions\", \"cycles\", \"bytes\"} after writing the page."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.existing

    /// `[<app>]`.
    package var app: String?
    /// `--html`: the page's path, or `-`.
    package var html: String
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(app: String? = nil, html: String, json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.app = app
        self.html = html
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...1)
        guard let file = try arguments.value(ReviewOptions.html), !file.isEmpty else {
            throw .usage("report needs --html FILE (the page to write; - for standard output)")
        }
        self.init(
            app: arguments.positionals.first, html: file, json: arguments.has(ReviewOptions.json),
            global: try GlobalOptions(arguments))
    }

    /// Writes the report of the events to `html` (`-`: standard output).
    /// - Returns: the page on standard output for `-`, else a line naming the file and what it holds.
    /// - Throws: `CommandFailure` (74) when the file cannot be written, naming the path and the cause.
    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        let renderer = renderer(environment)
        let utc = renderer.utc
        // The signing items are the team's, not an app's: the report of one app shows them too.
        let source = try ReportSource(events: try StoreCommandSupport.events(of: app, store: store), signingFrom: store)
        let report = source.report(now: renderer.now, formatTime: { WallClock.format($0.secondsSince1970, utc: utc) })
        let timelines = report.timelines
        let page = report.render()
        let file = html
        if file == "-" { return CommandOutput(standardOutput: page) }
        // Whole or not at all, never through a planted name, missing folders made 0700 (AtomicFile, FilePath).
        do { try AtomicFile.write(Array(page.utf8), to: file, mode: 0o644, creatingFolders: true) } catch {
            throw CommandFailure(
                .ioError,
                "cannot write the report to \(file): \(error.reason); check that its folder can be created and "
                    + "written, or give another --html FILE")
        }
        let tiles = ReportTrack.count(of: timelines)
        let cycles = timelines.reduce(0) { $0 + $1.cycles.count }
        let bytes = page.utf8.count
        if json {
            return CommandOutput(
                standardOutput: JSONText.object([
                    ("file", JSONText.string(file)), ("tiles", String(tiles)), ("versions", String(timelines.count)),
                    ("cycles", String(cycles)), ("bytes", String(bytes)),
                ]) + "\n")
        }
        return CommandOutput(
            standardOutput:
                "Wrote the report (\(Self.count(tiles, "app tile")), \(Self.count(timelines.count, "version")), "
                + "\(Self.count(cycles, "cycle")), \(bytes / 1024 + 1) KiB) to \(file)\n")
    }

    /// "1 cycle", "2 cycles", "0 cycles".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
