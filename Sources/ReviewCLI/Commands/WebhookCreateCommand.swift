import CommandLineKit
import ReviewSync

/// `review webhook create --app <name> --url <url>`: the app's webhook, its secret in the file `serve` reads.
package struct WebhookCreateCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "create",
        abstract: "Create an app's webhook, with the secret serve verifies with",
        overview: "Create the app's webhook for APP_STORE_VERSION_APP_VERSION_STATE_UPDATED with a generated secret, "
            + "written to the secret file (mode 0600) where serve finds it (an existing secret file is reused, so every "
            + "app's webhook shares serve's one secret).",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.app.with(help: "The app (name or bundle ID)."), ReviewOptions.url.required(),
            ReviewOptions.webhookSecretFile,
            ReviewOptions.json.with(
                help: "Output the webhook as JSON: {\"id\", \"app\", \"bundleId\", \"name\", \"url\", \"enabled\", "
                    + "\"eventTypes\", \"secretFile\", \"secretGenerated\"}."),
        ],
        globalOptions: [ReviewOptions.now])

    package static let store = StoreUse.none

    /// The key options.
    package var flags: CredentialResolver.Flags
    /// `--app`.
    package var app: String
    /// `--url`.
    package var url: String
    /// `--webhook-secret-file`, if given.
    package var secretFile: String?
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        flags: CredentialResolver.Flags = CredentialResolver.Flags(), app: String, url: String,
        secretFile: String? = nil, json: Bool = false, global: GlobalOptions = GlobalOptions()
    ) {
        self.flags = flags
        self.app = app
        self.url = url
        self.secretFile = secretFile
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        let flags = try arguments.keyFlags()
        let apps = try arguments.values(ReviewOptions.app)
        guard apps.count == 1, let url = try arguments.value(ReviewOptions.url) else {
            throw .usage("webhook create needs one --app NAME and --url URL (the public https URL of serve)")
        }
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw .usage("--url \(url) is not an http(s) URL; App Store Connect delivers to https URLs")
        }
        self.init(
            flags: flags, app: apps[0], url: url, secretFile: try arguments.value(ReviewOptions.webhookSecretFile),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package var credentialFlags: CredentialResolver.Flags? { flags }

    package var execution: CommandExecution { .asynchronous }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        try await WebhookSupport.create(
            flags, app: app, url: url, secretFile: secretFile, json: json,
            environment: try global.environment(environment))
    }
}
