import CommandLineKit
import ReviewSync

/// `review webhook list`: each app's webhooks.
package struct WebhookListCommand: KeyedAppsCommand {
    package static let spec = CommandSpec(
        "list",
        abstract: "Show each app's webhooks",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.app.with(help: "Only this app (name or bundle ID; repeatable; default every app)."),
            ReviewOptions.json.with(
                help: "Output the webhooks as JSON: {\"webhooks\": [{\"id\", \"app\", \"name\", \"url\", "
                    + "\"enabled\", \"eventTypes\"}]}."),
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
        try await WebhookSupport.list(
            options.flags, apps: options.apps, json: options.json,
            environment: try options.global.environment(environment))
    }
}
