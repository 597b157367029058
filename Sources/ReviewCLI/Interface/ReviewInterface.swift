import CommandLineKit
import ReviewLog

/// `review`'s commands, declared once from the option records of `ReviewOptions`: the parser scans with these,
/// and `--help`, `--man` and `completion SHELL` are written from them.
package enum ReviewInterface {
    private typealias Options = ReviewOptions

    /// The tool: its commands and the options taken before them.
    package static let tool = CommandSpec(
        "review",
        abstract: "keep App Review state changes and turn them into elapsed times and statistics",
        overview: "Keep App Review state changes and turn them into elapsed times and statistics.",
        options: Options.global,
        informationOptions: [Options.showVersion, Options.manual],
        subcommands: commands + [help],
        sections: [
            HelpSection(
                "STATES",
                "App Store Connect's API strings (WAITING_FOR_REVIEW), display names (\"Waiting for Review\") or "
                    + "kebab-case aliases (waiting-for-review), in any case."),
            .exitStatus(
                "0 success; 1 app or event not found; 64 usage error; 65 malformed import file or .p8 key; 66 import "
                    + "or key file missing, or no store for a command that only reads (only log, import, sync and "
                    + "watch create one); 69 App Store Connect unavailable (network, TLS, 5xx, 429 after the "
                    + "retries); 74 store error (cannot open or write; a foreign or corrupt database file) or a report file that cannot be "
                    + "written; 77 App "
                    + "Store Connect refusing the key (401: key, issuer ID or clock) or its role (403)."),
            HelpSection(nil, "See 'review help <command>' for a command's arguments and options."),
        ])

    /// The commands `review help` explains, in the order the overview lists them.
    package static let commands = [
        log, status, timeline, stats, report, export, importFile, delete, sync, watch, auth, completion,
    ]

    /// The options naming an App Store Connect key.
    private static let keyOptions: [any OptionDeclaration] = [
        Options.profile, Options.keyID, Options.issuerID, Options.privateKey,
    ]

    /// `review sync`.
    package static let sync = CommandSpec(
        "sync",
        abstract: "Record review states from App Store Connect, once",
        overview: "One pass over the apps an App Store Connect API key can see: each version's state is recorded "
            + "when it changed since the last pass (Waiting for Review at its submission's date; other states when "
            + "first seen, within the time since the previous pass: approximate). Without a key option, every "
            + "saved profile is synced. The base URL is $ASC_API_BASE_URL (default "
            + "https://api.appstoreconnect.apple.com).",
        options: keyOptions + [
            Options.app,
            Options.json.with(
                help: "Output {\"profile\", \"apps\", \"changes\": [{\"app\", \"platform\", \"version\", \"from\", "
                    + "\"to\", \"at\", \"timing\", \"previousSeconds\"}], \"warnings\", \"failures\"} per key, one "
                    + "object per line."),
        ],
        globalOptions: Options.global)

    /// `review watch`.
    package static let watch = CommandSpec(
        "watch",
        abstract: "Record review states from App Store Connect, every interval, until stopped",
        overview: "Run the sync pass every interval (with a little jitter) until SIGINT or SIGTERM, which stop it "
            + "between apps. A failed pass is reported and the next one comes as usual; a restart continues "
            + "from what the store holds.",
        options: keyOptions + [Options.app, Options.interval, Options.json.with(help: "Report each pass as JSON.")],
        globalOptions: Options.global)

    /// `review auth`.
    package static let auth = CommandSpec(
        "auth",
        abstract: "Save and check App Store Connect API keys: auth add|list|check",
        overview: "auth add saves a key as a named profile in $XDG_CONFIG_HOME/gatehouse/app-store-connect.json "
            + "(mode 0600; the .p8 text is kept there and never printed); auth list shows the profiles; auth check "
            + "makes one cheap request and says whether the key works and what it can see.",
        arguments: [
            ArgumentSpec("<action>", help: "add, list or check.", completion: .choices(["add", "list", "check"]))
        ],
        options: keyOptions)

    /// `review log`.
    package static let log = CommandSpec(
        "log",
        abstract: "Record a state change: review log APP STATE [--version V] [--at TIME]",
        overview: "Record a state change of an app version. Logging the same app, platform, version, state and time "
            + "again changes nothing. An unusual transition is recorded with a warning on standard error.",
        arguments: [
            ArgumentSpec(
                "<app>", help: "The app's name (created on its first event; matched case-insensitively)."),
            ArgumentSpec(
                "<state>",
                help: "The state entered: WAITING_FOR_REVIEW, \"Waiting for Review\" or waiting-for-review.",
                completion: .choices(ReviewState.allCases.map(\.kebabAlias))),
        ],
        options: [
            Options.appVersion.with(
                help: "The version (default: the app's latest version on that platform; the first event of an app "
                    + "needs one)."),
            Options.build, Options.platform, Options.at, Options.allowFuture, Options.note,
        ],
        globalOptions: Options.global)

    /// `review status`.
    package static let status = CommandSpec(
        "status",
        abstract: "Each app version's current state and time in it",
        overview: "Show each app version's current state and how long it has been in it.",
        arguments: [ArgumentSpec("<app>", help: "Only this app.", isOptional: true)],
        options: [
            Options.json.with(
                help: "Output {\"versions\": [{\"app\", \"platform\", \"version\", \"state\", \"since\", "
                    + "\"seconds\"}]}.")
        ],
        globalOptions: Options.global)

    /// `review timeline`.
    package static let timeline = CommandSpec(
        "timeline",
        abstract: "Each submission cycle of a version: states with start, end and duration",
        overview: "Show a version's submission cycles: each state with its start, end and duration, the time "
            + "waiting, in review and to the decision. A cycle starts on entering Waiting for Review; its decision "
            + "is its first review outcome.",
        arguments: [ArgumentSpec("<app>", help: "The app.")],
        options: [
            Options.appVersion.with(help: "The version (default: the version of the app's latest event)."),
            Options.platform.with(help: "The platform (default: the platform of the app's latest event)."),
            Options.json.with(
                help: "Output {\"cycles\": [{\"states\": [{\"state\", \"start\", \"end\", \"seconds\"}]}]}; times "
                    + "are ISO 8601 in UTC, end is null for the current state."),
        ],
        globalOptions: Options.global)

    /// `review stats`.
    package static let stats = CommandSpec(
        "stats",
        abstract: "Median, 90th percentile and maximum of waiting, review and decision times",
        overview: "Statistics across submission cycles: count, median, 90th percentile (nearest rank) and maximum "
            + "of time waiting, time in review and time to decision; the share decided within 24 and 48 hours beside "
            + "Apple's published figures. Withdrawn cycles (Developer Rejected before a decision) are counted apart.",
        arguments: [ArgumentSpec("<app>", help: "Only this app (default: all apps).", isOptional: true)],
        options: [
            Options.since, Options.until,
            Options.json.with(help: "Output the statistics as JSON (durations in seconds)."),
        ],
        globalOptions: Options.global)

    /// `review report`.
    package static let report = CommandSpec(
        "report",
        abstract: "The history as one HTML page: tiles per app, timelines, charts and the stats table",
        overview: "Write one self-contained HTML page (no network, no script: inline CSS and SVG; light and dark; "
            + "prints; fits a phone): counts per stage; a tile per app and platform with its state, version, build, "
            + "time in state and, for an open cycle, how long it has waited against your decided cycles and Apple's "
            + "claim; a timeline bar per version (the latest 24 of each app and platform); the distribution of time "
            + "to decision with 24 h, 48 h, median and 90th percentile; median and 90th percentile per month beside "
            + "Apple's claims; and the statistics of 'review stats'. Open it in any browser.",
        arguments: [ArgumentSpec("<app>", help: "Only this app (default: all apps).", isOptional: true)],
        options: [
            Options.html,
            Options.json.with(
                help: "Output {\"file\", \"tiles\", \"versions\", \"cycles\", \"bytes\"} after writing the page."),
        ],
        globalOptions: Options.global)

    /// `review export`.
    package static let export = CommandSpec(
        "export",
        abstract: "All events to standard output, as JSON or CSV",
        overview: "Write every event to standard output. Importing the export into an empty store and exporting "
            + "again gives the same bytes.",
        options: [Options.format],
        globalOptions: Options.global)

    /// `review import`.
    package static let importFile = CommandSpec(
        "import",
        abstract: "Events from a JSON or CSV file (idempotent)",
        overview: "Add events from a JSON or CSV file (the format is taken from the extension, else the content). "
            + "Events already present are skipped, so importing twice changes nothing. The whole file is imported "
            + "in one transaction, or nothing is.",
        arguments: [
            ArgumentSpec(
                "<file>",
                help: "A file written by 'review export', or by hand with at least app, version, state and at (ISO "
                    + "8601 with an offset) per event; - reads standard input.",
                completion: .file)
        ],
        globalOptions: Options.global)

    /// `review delete`.
    package static let delete = CommandSpec(
        "delete",
        abstract: "Delete one event",
        overview: "Delete one event for good.",
        arguments: [
            ArgumentSpec("<event-id>", help: "The event's id, as 'review timeline' and 'review export' show it.")
        ],
        options: [Options.yes],
        globalOptions: Options.global)

    /// `review completion`.
    package static let completion = CommandSpec(
        "completion",
        abstract: "Print the shell completion script for bash, zsh or fish",
        overview: "Print the completion script for a shell to standard output. 'make install' puts them where the "
            + "shells look; to try one in the current shell: source <(review completion bash), source "
            + "<(review completion zsh), or review completion fish | source.",
        arguments: [
            ArgumentSpec("<shell>", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))
        ])

    /// `review help`.
    package static let help = CommandSpec(
        "help",
        abstract: "Show help for a command",
        overview: "Show help for a command.",
        arguments: [
            ArgumentSpec(
                "<command>", help: "One of: " + commands.map(\.name).joined(separator: ", ") + ".", isOptional: true,
                completion: .choices(commands.map(\.name)))
        ],
        helpOption: nil)
}
