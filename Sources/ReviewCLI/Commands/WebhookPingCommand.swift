import CommandLineKit
import ReviewSync

/// `review webhook ping`: asks App Store Connect to ping each app's webhooks.
package struct WebhookPingCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "ping",
        abstract: "Ask App Store Connect to ping the webhooks",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.app.with(help: "Only this app (name or bundle ID; repeatable; default every app)."),
            ReviewOptions.json.with(
                help: "Output the pings as JSON: {\"pings\": [{\"app\", \"webhook\", \"url\", \"ping\"}]}."),
        ],
        globalOptions: [ReviewOptions.now],
        undocumentedOptions: [ReviewOptions.url, ReviewOptions.webhookSecretFile])

    package static let store = StoreUse.none

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
        try await WebhookSupport.ping(flags, apps: apps, json: json, environment: try global.environment(environment))
    }
}
