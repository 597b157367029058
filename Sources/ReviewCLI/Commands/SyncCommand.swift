import CommandLineKit
import ReviewSync

/// `review sync`: one pass over the apps each App Store Connect key can see; creates the store when there is none.
package struct SyncCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "sync",
        abstract: "Record review states from App Store Connect, once",
        overview: "One pass over the apps an App Store Connect API key can see: each version's state is recorded "
            + "when it changed since the last pass (Waiting for Review at its submission's date; other states when "
            + "first seen, within the time since the previous pass: approximate). Without a key option, every "
            + "saved profile is synced. The base URL is $ASC_API_BASE_URL (default "
            + "https://api.appstoreconnect.apple.com).",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.app,
            ReviewOptions.json.with(
                help: "Output {\"profile\", \"apps\", \"changes\": [{\"app\", \"platform\", \"version\", \"from\", "
                    + "\"to\", \"at\", \"eventId\", \"timing\", \"previousSeconds\"}], \"warnings\", \"failures\"} "
                    + "per key, one object per line (JSON Lines: one line for one key); from and to are API strings, "
                    + "eventId null for a change already recorded."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.createsIfMissing

    /// The key options.
    package var flags: CredentialResolver.Flags
    /// `--app`; empty for every app.
    package var apps: [String]
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        flags: CredentialResolver.Flags = CredentialResolver.Flags(), apps: [String] = [], json: Bool = false,
        global: GlobalOptions = GlobalOptions()
    ) {
        self.flags = flags
        self.apps = apps
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        self.init(
            flags: try arguments.keyFlags(), apps: try arguments.values(ReviewOptions.app),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package var credentialFlags: CredentialResolver.Flags? { flags }

    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        let environment = try global.environment(environment)
        let (store, passes) = try await SyncCommandSupport.passes(
            flags, opening: { try openStore(in: environment) }, environment)
        return await SyncCommandSupport.render(
            try await SyncRun(store: store, passes: passes, clock: environment.clock).run(apps: apps),
            store: passes.isEmpty ? nil : store, json: json, command: self, environment: environment)
    }
}
