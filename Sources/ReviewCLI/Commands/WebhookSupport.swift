import AppStoreConnect
import CommandLineKit
import GatehouseCore
import ReviewLog
import ReviewSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The work of `review webhook create|list|ping` on App Store Connect's webhooks for `review serve`.
enum WebhookSupport {
    /// The name given to the webhooks this creates.
    static let webhookName = "Gatehouse review serve"

    /// `webhook list`: each app's webhooks.
    static func list(
        _ flags: CredentialResolver.Flags, apps: [String], json: Bool, environment: ReviewEnvironment
    ) async throws -> CommandOutput {
        var rows: [(app: ASCApp, webhook: ASCWebhook)] = []
        for (client, app) in try await visibleApps(flags, apps, environment) {
            for webhook in try await client.webhooks(appID: app.id) { rows.append((app, webhook)) }
        }
        if json {
            let objects = rows.map { JSONText.object(fields($0.webhook, app: $0.app)) }
            return CommandOutput(
                standardOutput: JSONText.object([("webhooks", "[" + objects.joined(separator: ", ") + "]")]) + "\n")
        }
        if rows.isEmpty {
            return CommandOutput(
                standardOutput: "No webhooks. Create one with: review webhook create --app NAME --url "
                    + "https://HOST/webhooks/app-store-connect\n")
        }
        var table = [["APP", "WEBHOOK", "URL", "ENABLED", "EVENTS"]]
        for (app, webhook) in rows {
            // What App Store Connect sent, shown with its control characters escaped (issue 20 item 5).
            table.append([
                TerminalText.value(app.name), TerminalText.value(webhook.id), TerminalText.value(webhook.url),
                webhook.enabled ? "yes" : "no", TerminalText.value(webhook.eventTypes.joined(separator: ",")),
            ])
        }
        return CommandOutput(standardOutput: TextTable(rows: table).render())
    }

    /// `webhook ping`: App Store Connect asked to ping each webhook of the apps.
    static func ping(
        _ flags: CredentialResolver.Flags, apps: [String], json: Bool, environment: ReviewEnvironment
    ) async throws -> CommandOutput {
        var pings: [(app: ASCApp, webhook: ASCWebhook, ping: String)] = []
        for (client, app) in try await visibleApps(flags, apps, environment) {
            for webhook in try await client.webhooks(appID: app.id) {
                pings.append((app, webhook, try await client.pingWebhook(id: webhook.id)))
            }
        }
        // Nothing to ping is a negative answer (1), with --json as without it.
        if pings.isEmpty {
            throw CommandFailure(.negative, "no webhook to ping; review webhook create makes one")
        }
        if json {
            let objects = pings.map {
                JSONText.object([
                    ("app", JSONText.string($0.app.name)), ("webhook", JSONText.string($0.webhook.id)),
                    ("url", JSONText.string($0.webhook.url)), ("ping", JSONText.string($0.ping)),
                ])
            }
            return CommandOutput(
                standardOutput: JSONText.object([("pings", "[" + objects.joined(separator: ", ") + "]")]) + "\n")
        }
        return CommandOutput(
            standardOutput: pings.map {
                "Pinged webhook \(TerminalText.value($0.webhook.id)) of \(TerminalText.value($0.app.name)) "
                    + "(\(TerminalText.value($0.webhook.url))): ping \(TerminalText.value($0.ping)); review serve "
                    + "logs it as a ping\n"
            }.joined())
    }

    /// `webhook create`: the secret is the secret file's (generated, 32 random bytes as hex, and written with mode
    /// 0600 when the file does not exist yet), so every app's webhook shares the one secret `serve` verifies with.
    static func create(
        _ flags: CredentialResolver.Flags, app name: String, url: String, secretFile: String?, json: Bool,
        environment: ReviewEnvironment
    ) async throws -> CommandOutput {
        guard let path = secretFile ?? WebhookSecretFile.defaultPath(environment) else {
            throw CommandFailure(
                .usage, "neither XDG_CONFIG_HOME nor HOME is set; give --webhook-secret-file FILE for the secret")
        }
        let targets = try await visibleApps(flags, [name], environment)
        guard let (client, app) = targets.first else {
            throw CommandFailure(
                .negative, "no key sees an app named \"\(name)\"; review auth check lists what each key sees")
        }
        var generated = false
        let secret: String
        if access(path, F_OK) == 0 {
            secret = String(
                decoding: try WebhookSecretFile.secret(option: path, environment: environment), as: UTF8.self)
        } else {
            secret = generateSecret()
            try writeSecret(secret, to: path)
            generated = true
        }
        let webhook = try await client.createWebhook(
            appID: app.id, name: webhookName, url: url, secret: secret, eventTypes: ASCWebhook.reviewEventTypes)
        if json {
            return CommandOutput(
                standardOutput: JSONText.object(
                    fields(webhook, app: app) + [
                        ("secretFile", JSONText.string(path)), ("secretGenerated", generated ? "true" : "false"),
                    ]) + "\n")
        }
        return CommandOutput(
            standardOutput: "Created webhook \(webhook.id) for \(app.name) (\(app.bundleID)): \(webhook.url), events "
                + ASCWebhook.reviewEventTypes.joined(separator: " and ") + ".\n"
                + (generated ? "Generated its secret into \(path) (mode 0600)" : "Its secret is the one in \(path)")
                + "; review serve reads it from there.\n")
    }

    private static func fields(_ webhook: ASCWebhook, app: ASCApp) -> [(String, String)] {
        [
            ("id", JSONText.string(webhook.id)), ("app", JSONText.string(app.name)),
            ("bundleId", JSONText.string(app.bundleID)), ("name", JSONText.string(webhook.name)),
            ("url", JSONText.string(webhook.url)), ("enabled", webhook.enabled ? "true" : "false"),
            ("eventTypes", "[" + webhook.eventTypes.map { JSONText.string($0) }.joined(separator: ", ") + "]"),
        ]
    }

    /// The apps asked for (by name, case-insensitively, or bundle ID; every app when none is), each with the client
    /// of the first key that sees it.
    private static func visibleApps(
        _ flags: CredentialResolver.Flags, _ names: [String], _ environment: ReviewEnvironment
    ) async throws -> [(ASCClient, ASCApp)] {
        var found: [(ASCClient, ASCApp)] = []
        var seen = Set<String>()
        for (_, credentials) in try AppStoreConnectAccess.keys(flags, environment) {
            let client = try AppStoreConnectAccess.client(credentials, environment)
            for app in try await client.apps() where !seen.contains(app.id) {
                let wanted =
                    names.isEmpty
                    || names.contains { $0.lowercased() == app.name.lowercased() || $0 == app.bundleID }
                if wanted {
                    seen.insert(app.id)
                    found.append((client, app))
                }
            }
        }
        let missing = names.filter { name in
            !found.contains { $0.1.name.lowercased() == name.lowercased() || $0.1.bundleID == name }
        }
        if !missing.isEmpty {
            throw CommandFailure(
                .negative,
                "no key sees " + missing.map { "\"\($0)\"" }.joined(separator: ", ")
                    + "; review auth check shows what each key sees")
        }
        return found
    }

    /// 32 bytes from `SystemRandomNumberGenerator` (the system's CSPRNG: getrandom on Linux), as 64 lower-case hex
    /// digits.
    private static func generateSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.lowercase((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Writes the secret with mode 0600, created exclusively (never over an existing file, never through a planted
    /// name: `AtomicFile`), its missing folders 0700 relative to the working directory (`FilePath`).
    private static func writeSecret(_ secret: String, to path: String) throws {
        do {
            try AtomicFile.write(
                Array((secret + "\n").utf8), to: path, mode: 0o600, placement: .createOnly, creatingFolders: true)
        } catch {
            throw CommandFailure(.ioError, "cannot write the webhook secret file \(path): \(error.reason)")
        }
    }
}
