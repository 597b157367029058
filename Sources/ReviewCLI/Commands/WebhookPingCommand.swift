import CommandLineKit
import ReviewSync

/// `review webhook ping`: asks App Store Connect to ping each app's webhooks.
package struct WebhookPingCommand: KeyedAppsCommand {
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

    /// The key options, `--app`, `--json` and the global options.
    package var options: KeyedAppsOptions

    /// Creates the command.
    package init(_ options: KeyedAppsOptions = KeyedAppsOptions()) {
        self.options = options
    }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        try await WebhookSupport.ping(
            options.flags, apps: options.apps, json: options.json,
            environment: try options.global.environment(environment))
    }
}
