import CommandLineKit
import ReviewLog

/// `review log <app> <state>`: records a state change. Without `--platform` the platform is the app's own
/// (`StoreCommandSupport.platform(for:store:)`), iOS only for an app without events; a new app whose name is close
/// to an existing one is refused unless `--new-app`.
package struct LogCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "log",
        abstract: "Record a state change: review log <app> <state> [--version <version>] [--at <time>]",
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
            ReviewOptions.appVersion.with(
                help: "The version (default: the app's latest version on that platform; the first event of an app "
                    + "needs one)."),
            ReviewOptions.build, ReviewOptions.logTrack, ReviewOptions.platform, ReviewOptions.at,
            ReviewOptions.allowFuture,
            ReviewOptions.note, ReviewOptions.newApp,
            ReviewOptions.bundleID, ReviewOptions.appStoreID,
            ReviewOptions.json.with(
                help: "Output {\"inserted\", \"event\": EVENT, \"previous\": EVENT or null, \"previousStateSeconds\", "
                    + "\"normalTransition\"}; an EVENT is an object of 'review export' (bundleId and appStoreId "
                    + "included). Warnings stay on standard error."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.createsIfMissing

    /// The app's name.
    package var app: String
    /// The state entered.
    package var state: ReviewState
    /// `--version`.
    package var version: String?
    /// `--build` (an empty one is none).
    package var build: String?
    /// `--track` (default App Store).
    package var track: ReviewTrack = .appStore
    /// `--platform`, if given.
    package var platform: Platform?
    /// `--at` as typed; nil for now.
    package var at: String?
    /// `--allow-future`.
    package var allowFuture = false
    /// `--note` (an empty one is none).
    package var note: String?
    /// `--bundle-id`.
    package var bundleID: String?
    /// `--app-store-id`.
    package var appStoreID: String?
    /// `--new-app`.
    package var newApp = false
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        app: String, state: ReviewState, version: String? = nil, build: String? = nil, platform: Platform? = nil,
        at: String? = nil, allowFuture: Bool = false, note: String? = nil, bundleID: String? = nil,
        appStoreID: String? = nil, newApp: Bool = false, json: Bool = false, global: GlobalOptions = GlobalOptions(),
        track: ReviewTrack = .appStore
    ) {
        self.track = track
        self.app = app
        self.state = state
        self.version = version
        self.build = build
        self.platform = platform
        self.at = at
        self.allowFuture = allowFuture
        self.note = note
        self.bundleID = bundleID
        self.appStoreID = appStoreID
        self.newApp = newApp
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(2...2)
        let positionals = arguments.positionals
        self.init(
            app: positionals[0], state: try ReviewOptions.parseState(positionals[1]),
            version: try arguments.value(ReviewOptions.appVersion),
            build: try arguments.value(ReviewOptions.build).flatMap { $0.isEmpty ? nil : $0 },
            platform: try arguments.value(ReviewOptions.platform), at: try arguments.value(ReviewOptions.at),
            allowFuture: arguments.has(ReviewOptions.allowFuture),
            note: try arguments.value(ReviewOptions.note).flatMap { $0.isEmpty ? nil : $0 },
            bundleID: try arguments.value(ReviewOptions.bundleID),
            appStoreID: try arguments.value(ReviewOptions.appStoreID), newApp: arguments.has(ReviewOptions.newApp),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments),
            track: try arguments.value(ReviewOptions.logTrack) ?? .appStore)
    }

    package func validate() throws(CommandFailure) {
        try TimeOption.check(at)
        if let problem = track.problem(recording: state, build: build) {
            throw .usage(build == nil && track.allows(state) ? problem + " (--build)" : problem)
        }
    }

    /// What is recorded: the time read against `now` (a time well ahead of it refused unless `--allow-future`), the
    /// platform iOS until the store says otherwise.
    /// - Throws: `CommandFailure` (usage) for a time in the future.
    package func request(now: Timestamp) throws(CommandFailure) -> LogRequest {
        LogRequest(
            app: app, platform: platform ?? .iOS, version: version, build: build, state: state,
            at: try TimeOption.past(at, now: now, allowFuture: allowFuture) ?? now, note: note, source: .manual,
            bundleID: bundleID, appStoreID: appStoreID, track: track)
    }

    package func check(in environment: ReviewEnvironment) throws(CommandFailure) {
        _ = try request(now: environment.now)
    }

    package func run(store: RelationalReviewStore, in environment: ReviewEnvironment) throws -> CommandOutput {
        var request = try request(now: environment.now)
        if !newApp { try StoreCommandSupport.refuseNearMiss(request.app, store: store) }
        if platform == nil { request.platform = try StoreCommandSupport.platform(for: request, store: store) }
        let renderer = renderer(environment)
        let result = try store.record(request)
        var warning = result.inserted && !result.isNormalTransition ? renderer.transitionWarning(result) : ""
        // The event and its notifications are committed; delivery is tried now, and what fails stays queued.
        if result.inserted {
            warning += NotifyDelivery.deliverNow(eventIDs: [result.event.id], store: store, environment: environment)
        }
        let showIdentifiers = request.bundleID != nil || request.appStoreID != nil
        return CommandOutput(
            standardOutput: renderer.logged(result, showIdentifiers: showIdentifiers, json: json),
            standardError: warning)
    }
}
