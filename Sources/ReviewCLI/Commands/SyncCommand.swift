import CommandLineKit
import ReviewSync

/// `review sync`: one pass over the apps each App Store Connect key can see; creates the store when there is none.
package struct SyncCommand: KeyedAppsCommand {
    package static let spec = CommandSpec(
        "sync",
        abstract: "Record review states from App Store Connect, once",
        overview: "One pass over the apps an App Store Connect API key can see: each version's state is recorded "
            + "when it changed since the last pass (Waiting for Review at its submission's date; other states when "
            + "first seen, within the time since the previous pass: approximate), and each TestFlight build's Beta "
            + "App Review state the same way, unless --no-testflight (a key that cannot read TestFlight builds is a "
            + "warning and does not change the exit status). Without a key option, every "
            + "saved profile is synced. The base URL is $ASC_API_BASE_URL (default "
            + "https://api.appstoreconnect.apple.com). Each key's certificates and provisioning profiles are "
            + "recorded too, and the tracked signing files re-read (review signing), unless --no-signing; a signing "
            + "list the key cannot read is a warning and does not change the exit status.",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.app, ReviewOptions.noSigning, ReviewOptions.noTestFlight,
            ReviewOptions.json.with(
                help: "Output {\"profile\", \"apps\", \"changes\": [{\"app\", \"platform\", \"version\", \"from\", "
                    + "\"to\", \"at\", \"eventId\", \"timing\", \"previousSeconds\"}], \"warnings\", \"failures\"} "
                    + "per key, one object per line (JSON Lines: one line for one key); from and to are API strings, "
                    + "eventId null for a change already recorded. A TestFlight build's change also has \"track\": "
                    + "\"testflight\" and \"build\", its version being the pre-release version."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.createsIfMissing

    /// The key options, `--app`, `--json` and the global options.
    package var options: KeyedAppsOptions
    /// `--no-signing`.
    package var noSigning = false
    /// `--no-testflight`.
    package var noTestFlight = false

    /// Creates the command.
    package init(_ options: KeyedAppsOptions = KeyedAppsOptions()) {
        self.options = options
    }

    /// Creates the command with `--no-signing` and `--no-testflight` as given.
    package init(_ options: KeyedAppsOptions, noSigning: Bool, noTestFlight: Bool = false) {
        self.options = options
        self.noSigning = noSigning
        self.noTestFlight = noTestFlight
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let flags = try ReviewArguments(arguments)
        self.init(
            try KeyedAppsOptions(parsing: arguments), noSigning: flags.has(ReviewOptions.noSigning),
            noTestFlight: flags.has(ReviewOptions.noTestFlight))
    }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        let environment = try options.global.environment(environment)
        let (store, passes) = try await SyncCommandSupport.passes(
            options.flags, opening: { try openStore(in: environment) }, environment)
        return await SyncCommandSupport.render(
            try await SyncRun(
                store: store, passes: passes, clock: environment.clock, signing: !noSigning, testFlight: !noTestFlight
            ).run(apps: options.apps),
            store: passes.isEmpty ? nil : store, json: options.json, command: self, environment: environment)
    }
}
