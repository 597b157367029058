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
                "App Store Connect's API strings (WAITING_FOR_REVIEW), display names (\"Waiting for Review\"), "
                    + "kebab-case aliases (waiting-for-review) or former names (\"Ready for Sale\"), in any case; "
                    + "'review states' lists them all by stage, with what each means."),
            .exitStatus(
                "0 success; 1 app or event not found, nothing to undo; 64 usage error, an app name close to an "
                    + "existing one (log without --new-app); 65 malformed import file or .p8 key, a rename, merge or "
                    + "edit that would make two apps or events one; 66 import or key file missing, or no store for a "
                    + "command that only reads or edits (only log, import, sync, watch, serve and notify add create "
                    + "one); 69 App Store Connect, a notification channel or a PostgreSQL server unavailable (network, "
                    + "TLS, 5xx, 429 after the retries; a server that refuses the connection or goes away); 74 store error (cannot open or write; a foreign or corrupt database file) or a "
                    + "report file that cannot be written; 77 App Store Connect refusing the key (401: key, issuer ID or "
                    + "clock) or its role (403)."),
            HelpSection(nil, "See 'review help <command>' for a command's arguments and options."),
        ])

    /// The commands `review help` explains, in the order the overview lists them.
    package static let commands = [
        log, status, timeline, stats, report, export, importFile, delete, edit, undo, apps, states, migrate, sync,
        watch, serve, webhook, notify, auth, completion,
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
                    + "\"to\", \"at\", \"eventId\", \"timing\", \"previousSeconds\"}], \"warnings\", \"failures\"} "
                    + "per key, one object per line (JSON Lines: one line for one key); from and to are API strings, "
                    + "eventId null for a change already recorded."),
        ],
        globalOptions: Options.global)

    /// `review watch`.
    package static let watch = CommandSpec(
        "watch",
        abstract: "Record review states from App Store Connect, every interval, until stopped",
        overview: "Run the sync pass every interval (with a little jitter) until SIGINT or SIGTERM, which stop it "
            + "between apps. A failed pass is reported and the next one comes as usual; a restart continues "
            + "from what the store holds. Several watchers of one store: one polls, the others stand by and one of "
            + "them takes over within an interval when it stops.",
        options: keyOptions + [
            Options.app, Options.interval,
            Options.json.with(help: "Report each pass per key as the object of 'review sync --json', one per line."),
        ],
        globalOptions: Options.global)

    /// `review notify`.
    package static let notify = CommandSpec(
        "notify",
        abstract: "Notify Slack, Discord, Teams or a webhook of state changes: notify add|list|remove|test|flush",
        overview: "notify add KIND URL adds a channel (KIND slack, discord, teams or webhook; URL https, or http to "
            + "a loopback host); notify list shows the channels (URLs masked) and the notifications not delivered; "
            + "notify remove ID removes a channel; notify test ID sends a sample message; notify flush tries every "
            + "pending notification now (one flush at a time per store: another waits for it). Every event recorded by log, sync or import --notify is queued for each "
            + "channel that wants it in the same transaction; log and sync try to deliver at once, watch keeps "
            + "trying with backoff for a day (and sends reminders of long waits), then the notification is failed.",
        arguments: [
            ArgumentSpec(
                "<action>", help: "add, list, remove, test or flush.",
                completion: .choices(["add", "list", "remove", "test", "flush"])),
            ArgumentSpec(
                "<arguments>",
                help: "add: KIND URL (KIND slack, discord, teams or webhook); remove and test: the channel's ID.",
                isOptional: true),
        ],
        options: [
            Options.secretFile,
            Options.app.with(help: "Only this app, by name or bundle ID (repeatable; default every app)."),
            Options.states,
            Options.json.with(
                help: "Output JSON: add {\"id\", \"kind\", \"url\", \"apps\", \"states\"}; list {\"channels\", "
                    + "\"notifications\"}; test and flush the outcome of each try."),
        ],
        globalOptions: Options.global)

    /// `review serve`.
    package static let serve = CommandSpec(
        "serve",
        abstract: "Receive App Store Connect webhooks: exact state-change times, pushed",
        overview: "An HTTP server for App Store Connect's APP_STORE_VERSION_APP_VERSION_STATE_UPDATED webhook: POST "
            + "/webhooks/app-store-connect (GET /healthz answers 200). A body over 64 KiB is refused (413), a missing "
            + "or wrong x-apple-signature too (401); a verified delivery is stored before it is answered, once per "
            + "event id, at the payload's exact time, after its version is resolved through the App Store Connect "
            + "API (credentials as for sync); when that fails it is kept as pending and resolved later (in the "
            + "background, at start-up, and by sync). One line per request on standard error. SIGINT or SIGTERM: "
            + "stop accepting, finish what is in flight, exit 0. It never polls: run watch beside it for that.",
        options: [
            Options.listen, Options.webhookSecretFile, Options.resolveInterval,
            Options.json.with(
                help: "Log one JSON object per line instead of text: {\"method\", \"path\", \"status\", \"note\", "
                    + "\"answerSent\", \"ms\"} per request, {\"message\"} otherwise."),
        ] + keyOptions,
        globalOptions: Options.global)

    /// `review webhook`.
    package static let webhook = CommandSpec(
        "webhook",
        abstract: "Create, list and ping App Store Connect webhooks: webhook create|list|ping",
        overview: "webhook create --app NAME --url URL creates the app's webhook for "
            + "APP_STORE_VERSION_APP_VERSION_STATE_UPDATED with a generated secret, written to the secret file "
            + "(mode 0600) where serve finds it (an existing secret file is reused, so every app's webhook shares "
            + "serve's one secret); webhook list shows each app's webhooks; webhook ping asks App Store "
            + "Connect to ping them.",
        arguments: [
            ArgumentSpec(
                "<action>", help: "create, list or ping.", completion: .choices(["create", "list", "ping"]))
        ],
        options: keyOptions + [
            Options.app.with(help: "The app (name or bundle ID): one for create; list and ping default to all."),
            Options.url, Options.webhookSecretFile,
            Options.json.with(
                help: "Output the webhooks as JSON: {\"webhooks\": [{\"id\", \"app\", \"name\", "
                    + "\"url\", \"enabled\", \"eventTypes\"}]}."),
        ],
        // Talks to App Store Connect and the config folder, never the store; takes --now like every command.
        globalOptions: [Options.now])

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
        options: keyOptions + [
            Options.json.with(
                help: "Output one object: add {\"path\", \"profile\": PROFILE}; list {\"path\", \"profiles\": "
                    + "[PROFILE]}, a PROFILE being {\"name\", \"keyId\", \"issuerId\", \"kind\"} (kind individual or "
                    + "team); check {\"keys\": [{\"profile\", \"keyId\", \"kind\", \"visibleApps\", \"firstApp\": "
                    + "{\"name\", \"bundleId\"}, \"rateLimit\"}]}.")
        ],
        globalOptions: [Options.now])

    /// `review log`.
    package static let log = CommandSpec(
        "log",
        abstract: "Record a state change: review log APP STATE [--version V] [--at TIME]",
        overview: "Record a state change of an app version. Logging the same app, platform, version, state and time "
            + "again changes nothing. An unusual transition is recorded with a warning on standard error.",
        arguments: [
            ArgumentSpec(
                "<app>",
                help: "The app's name (matched case-insensitively; created on its first event, unless it is close to "
                    + "an existing app's name: see --new-app)."),
            ArgumentSpec(
                "<state>",
                help: "The state entered: WAITING_FOR_REVIEW, \"Waiting for Review\" or waiting-for-review.",
                completion: .choices(ReviewState.allCases.map(\.kebabAlias))),
        ],
        options: [
            Options.appVersion.with(
                help: "The version (default: the app's latest version on that platform; the first event of an app "
                    + "needs one)."),
            Options.build, Options.platform, Options.at, Options.allowFuture, Options.note, Options.newApp,
            Options.bundleID, Options.appStoreID,
            Options.json.with(
                help: "Output {\"inserted\", \"event\": EVENT, \"previous\": EVENT or null, \"previousStateSeconds\", "
                    + "\"normalTransition\"}; an EVENT is an object of 'review export' (bundleId and appStoreId "
                    + "included). Warnings stay on standard error."),
        ],
        globalOptions: Options.global)

    /// `review status`.
    package static let status = CommandSpec(
        "status",
        abstract: "Each app's latest version and every open submission: state, build and time in it",
        overview: "Show, per app and platform, the version with the latest event and every version whose submission "
            + "cycle is open (most recent first): its state, build and how long it has been in it. An open cycle "
            + "says how its wait compares with your decided cycles and Apple's \"90% within 24 hours\", and past 48 "
            + "hours (and your own 90th percentile) suggests Apple's expedited review request.",
        arguments: [ArgumentSpec("<app>", help: "Only this app.", isOptional: true)],
        options: [
            Options.platformFilter,
            Options.all.with(help: "Every version ever logged, not only the latest and the open."),
            Options.color,
            Options.json.with(
                help: "Output {\"versions\": [{\"app\", \"platform\", \"version\", \"build\", \"state\", \"name\", "
                    + "\"since\", \"seconds\", \"precision\", \"open\", \"comparison\"}], \"notShown\"}; comparison is "
                    + "null unless the cycle is open with a known start (see README, \"JSON output\")."),
        ],
        globalOptions: Options.global)

    /// `review timeline`.
    package static let timeline = CommandSpec(
        "timeline",
        abstract: "Each submission cycle of a version: build, states with start, end and duration",
        overview: "Show a version's submission cycles: the build, each state with its start, end and duration, the "
            + "time waiting, in review and to the decision, and for an open cycle how it compares with your decided "
            + "cycles and Apple's claim. A cycle starts on entering Waiting for Review; its decision is its first "
            + "review outcome.",
        arguments: [ArgumentSpec("<app>", help: "The app.")],
        options: [
            Options.appVersion.with(help: "The version (default: the version of the app's latest event)."),
            Options.all.with(help: "Every version of the app, oldest first."),
            Options.platform.with(help: "The platform (default: the platform of the app's latest event)."),
            Options.color,
            Options.json.with(
                help: "Output {\"app\", \"platform\", \"version\", \"cycles\": [{\"build\", \"open\", "
                    + "\"comparison\", \"states\": [{\"state\", \"start\", \"end\", \"seconds\"}]}]}; with --all "
                    + "{\"app\", \"versions\": [...]}; times are ISO 8601 in UTC, end is null for the current state."),
        ],
        globalOptions: Options.global)

    /// `review stats`.
    package static let stats = CommandSpec(
        "stats",
        abstract: "Median, 90th percentile and maximum of waiting, review and decision times",
        overview: "Statistics across submission cycles: count, median, 90th percentile (nearest rank) and maximum "
            + "of time waiting, time in review and time to decision, each row saying which cycles it counts "
            + "(withdrawn cycles count for waiting, never for the decision) and flagging figures from fewer than 5 "
            + "cycles; then your share decided within 24 and 48 hours beside each of Apple's published figures, one "
            + "per line. Open cycles are left out (and counted) unless --include-open.",
        arguments: [ArgumentSpec("<app>", help: "Only this app (default: all apps).", isOptional: true)],
        options: [
            Options.platformFilter, Options.since, Options.until, Options.by, Options.includeOpen,
            Options.json.with(
                help: "Output the statistics as JSON (durations in seconds; with --by, {\"periods\": [...]}; see "
                    + "README, \"JSON output\")."),
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
        overview: "Write every event, or those the options select, to standard output, in id order. Importing an "
            + "export of every event into an empty store and exporting again gives the same bytes. In CSV, a cell "
            + "that a spreadsheet would run as a formula (it starts, after spaces, with =, +, -, @, a tab or a line "
            + "break), and a cell that starts with ', is written with a ' in front; import removes one leading ' from "
            + "every cell, so every value reads back exactly.",
        options: [
            Options.format, Options.json.with(help: "The same as --format json."),
            Options.app.with(help: "Only this app: its name or bundle ID (repeatable; default every app)."),
            Options.platform.with(help: "Only this platform: iOS, macOS, tvOS, visionOS or watchOS."),
            Options.since.with(
                help: "Only events at or after DATE: a time as for log --at, or a day, month or year (2025-06-15, "
                    + "2025-06, 2025), from its first instant in local time."),
            Options.until.with(
                help: "Only events before DATE (exclusive): a time, or a day, month or year, which ends at the "
                    + "first instant after it (--until 2025-06 includes all of June)."),
        ],
        globalOptions: Options.global)

    /// `review import`.
    package static let importFile = CommandSpec(
        "import",
        abstract: "Events from a JSON or CSV file (idempotent)",
        overview: "Add events from a JSON or CSV file (the format is taken from the extension, else the content). "
            + "JSON is {\"events\": [EVENT, ...]} as 'review export' writes it, or a bare array [EVENT, ...] of the "
            + "same objects. Events already present are skipped, so importing twice changes nothing. The whole file "
            + "is imported in one transaction, or nothing is.",
        arguments: [
            ArgumentSpec(
                "<file>",
                help: "A file written by 'review export', or by hand with at least app, version, state and at (ISO "
                    + "8601 with an offset) per event; - reads standard input.",
                completion: .file)
        ],
        options: [
            Options.notify,
            Options.json.with(
                help: "Output {\"file\", \"inserted\", \"alreadyPresent\"}; file is - for standard input."),
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
        options: [Options.yes, Options.json.with(help: "Output {\"deleted\": EVENT}, an object of 'review export'.")],
        globalOptions: Options.global)

    /// `review edit`.
    package static let edit = CommandSpec(
        "edit",
        abstract: "Change an event's note or time",
        overview: "Change the note or the time of one event. The app, platform, version and state are what the event "
            + "is: to change them, delete it and log it again. A synced event's time is App Store Connect's, so only "
            + "its note can be edited. Logging the same app, platform, version, state and time is a no-op: after a "
            + "time edit that means the new time (the old one is free again).",
        arguments: [
            ArgumentSpec("<event-id>", help: "The event's id, as 'review timeline' and 'review export' show it.")
        ],
        options: [
            Options.note.with(help: "The new note (\"\" removes it)."),
            Options.at.with(help: "The new time, written as for log --at."), Options.allowFuture,
            Options.json.with(
                help: "Output {\"event\": {the event as export writes it}, \"before\": {\"at\", \"note\"}}."),
        ],
        globalOptions: Options.global)

    /// `review migrate`.
    package static let migrate = CommandSpec(
        "migrate",
        abstract: "Copy the whole store into another: SQLite into PostgreSQL, or back",
        overview: "Copy every row of the store (--db or REVIEW_DB) into another store: its apps, events with their "
            + "ids, sync state, notification channels and outbox, and webhook deliveries. One transaction of the target: "
            + "all of it or nothing. Running it again copies only what is new; a target holding a different history "
            + "(another row under the same id, or the same app or event under another id) is refused with 65, and "
            + "nothing is copied. The source is only read.",
        options: [
            Options.migrateTarget,
            Options.json.with(
                help: "Output {\"from\", \"to\", \"tables\": [{\"table\", \"copied\", \"alreadyPresent\"}]}; "
                    + "URLs without their password."),
        ],
        globalOptions: Options.global)

    /// `review undo`.
    package static let undo = CommandSpec(
        "undo",
        abstract: "Delete the last event logged by hand",
        overview: "Delete the last event logged by hand with 'review log' (the one with the highest id), and print "
            + "it. Its app goes too when nothing else is left of it. Imported and synced events are never undone: "
            + "'review delete' removes them.",
        options: [
            Options.json.with(
                help: "Output {\"event\": {the event as export writes it}, \"appRemoved\": true|false}.")
        ],
        globalOptions: Options.global)

    /// `review apps`.
    package static let apps = CommandSpec(
        "apps",
        abstract: "List, rename or merge apps: apps [list] | rename OLD NEW | merge FROM INTO",
        overview: "apps lists every app with its platforms, versions, events and last event, and names apps that "
            + "look alike (one typo apart: perhaps one app typed twice). apps rename OLD NEW "
            + "renames one (its events, identifiers and sync state stay with it). apps merge FROM INTO moves "
            + "every event and all sync state of FROM to INTO and removes FROM, in one transaction: two events "
            + "recording the same state at the same time, different bundle IDs, or two synced apps are refused, "
            + "naming them, and nothing changes.",
        arguments: [
            ArgumentSpec(
                "<action>", help: "list (default), rename OLD NEW, or merge FROM INTO.", isOptional: true,
                completion: .choices(["list", "rename", "merge"])),
            ArgumentSpec("<names>", help: "The app names the action takes.", isOptional: true),
        ],
        options: [
            Options.json.with(
                help: "Output {\"apps\": [{\"name\", \"bundleId\", \"appStoreId\", \"platforms\", \"versions\", "
                    + "\"events\", \"firstEventAt\", \"lastEventAt\", \"synced\", \"alike\": [names one typo away]}]}; "
                    + "for rename {\"from\", \"to\"}; "
                    + "for merge {\"from\", \"into\", \"events\", \"otherRows\": {table: count}}.")
        ],
        globalOptions: Options.global)

    /// `review states`.
    package static let states = CommandSpec(
        "states",
        abstract: "Every review state by stage: API string, display name, other spellings and meaning",
        overview: "List every App Store Connect review state this review knows, grouped by stage (preparing, "
            + "waiting, in review, approved, rejected, withdrawn, live, no longer on sale), with its API string, "
            + "display name, the other spellings log accepts, what it means (after App Store Connect Help, \"App "
            + "and submission statuses\") and its role in a submission cycle. Needs no store.",
        options: [
            Options.json.with(
                help: "Output {\"source\", \"stages\": [{\"stage\", \"name\", \"states\": [{\"state\", \"name\", "
                    + "\"aliases\", \"meaning\", \"role\"}]}]}; role is start, approval, rejection, withdrawal or null."
            )
        ],
        // Reads no store and no clock, but takes --now like every command, so a script can pass it everywhere.
        globalOptions: [Options.now])

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
