import CommandLineKit

/// `review webhook`: App Store Connect's webhooks for `review serve`, a group of subcommands.
package struct WebhookCommand: CommandGroup {
    package typealias Context = ReviewEnvironment

    package static let spec = CommandSpec(
        "webhook",
        abstract: "Create, list and ping App Store Connect webhooks: webhook create|list|ping",
        overview: "webhook create --app <name> --url <url> creates the app's webhook for "
            + "APP_STORE_VERSION_APP_VERSION_STATE_UPDATED with a generated secret, written to the secret file "
            + "(mode 0600) where serve finds it (an existing secret file is reused, so every app's webhook shares "
            + "serve's one secret); webhook list shows each app's webhooks; webhook ping asks App Store "
            + "Connect to ping them.",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.app.with(help: "The app (name or bundle ID): one for create; list and ping default to all."),
            ReviewOptions.url, ReviewOptions.webhookSecretFile,
            ReviewOptions.json.with(
                help: "Output the webhooks as JSON: {\"webhooks\": [{\"id\", \"app\", \"name\", "
                    + "\"url\", \"enabled\", \"eventTypes\"}]}."),
        ],
        // Talks to App Store Connect and the config folder, never the store; takes --now like every command.
        globalOptions: [ReviewOptions.now],
        subcommandNoun: "subcommand")

    package static var subcommands: [any ParsableCommand<ReviewEnvironment>.Type] {
        [WebhookCreateCommand.self, WebhookListCommand.self, WebhookPingCommand.self]
    }

    package static var subcommandSelection: SubcommandSelection { .afterOptions(unknownOptionHint: "") }

    package static func missingSubcommand(path: [String], help: String) -> CommandFailure {
        .usage("missing arguments for webhook; usage: \(GroupUsage.text(of: self, path: path))")
    }

    package static func unknownSubcommand(_ word: String, path: [String]) -> CommandFailure {
        .usage("unknown webhook action \"\(word)\"; use create, list or ping")
    }
}
