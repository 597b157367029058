import CommandLineKit
import GatehouseCore
import MicroHTTPServer
import ReviewLog
import ReviewNotify
import ReviewServe
import ReviewSync
import ReviewWebhooks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `serve`'s log on standard error: one line per event, text, or with --json one JSON object (journald and log
/// shippers). The deliverer's warnings are written as `review watch` writes them.
struct ServeLog: Sendable {
    let json: Bool
    let environment: ReviewEnvironment

    /// One message of the server's own.
    func line(_ message: String) {
        environment.emitError(
            json
                ? JSONText.object([("message", JSONText.string(message))]) + "\n"
                : "review serve: \(TerminalText.value(message))\n")
    }

    /// What the service reported.
    func render(_ event: WebhookServiceEvent) {
        switch event {
        case .request(let record):
            guard json else { return line(record.line) }
            environment.emitError(
                JSONText.object([
                    ("method", JSONText.string(record.method)), ("path", JSONText.string(record.path)),
                    ("status", JSONText.number(record.status.map(Int64.init))), ("note", JSONText.string(record.note)),
                    ("answerSent", record.answerSent ? "true" : "false"),
                    ("ms", JSONText.number(Int64(record.milliseconds.rounded()))),
                ]) + "\n")
        case .stopping(let inFlight):
            line("stopping: no new connections; finishing \(inFlight) request(s) in flight")
        case .pendingResolved(let event):
            line(
                "pending delivery resolved: event \(event.id) (\(event.app.name) \(event.version) "
                    + "\(event.platform.name) \(event.state.apiString))")
        case .stillPending(let count, let nextTry):
            line("\(count) delivery(ies) still pending; next try in \(nextTry)")
        case .pendingFailed(let error):
            line("cannot resolve pending deliveries: \(error)")
        case .delivered(let report):
            environment.emitError(NotifyDelivery.warnings(report))
        case .deliveryFailed(let error):
            environment.emitError("review: notifications: \(error); trying again shortly\n")
        }
    }
}

/// Where the webhook secret lives: `--webhook-secret-file`, else `ASC_WEBHOOK_SECRET`, else the file `review webhook
/// create` writes, `$XDG_CONFIG_HOME/gatehouse/webhook-secret` (else `~/.config/gatehouse/webhook-secret`), mode
/// 0600 beside the credential profiles.
enum WebhookSecretFile {
    /// The default file, if a config directory is known.
    static func defaultPath(_ environment: ReviewEnvironment) -> String? {
        guard let profiles = CredentialProfiles.defaultPath(environment: environment.variables) else { return nil }
        let directory = profiles.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        return directory + "/webhook-secret"
    }

    /// A warning when the secret's file can be read by others than its owner (mode wider than 0600), else nil.
    static func exposure(option: String?, environment: ReviewEnvironment) -> String? {
        let path: String?
        if let option {
            path = option
        } else if environment.variables["ASC_WEBHOOK_SECRET"].map({ !$0.isEmpty }) == true {
            path = nil
        } else {
            path = defaultPath(environment)
        }
        var status = stat()
        guard let path, stat(path, &status) == 0, status.st_mode & 0o077 != 0 else { return nil }
        return "the webhook secret file \(path) has mode \(String(status.st_mode & 0o777, radix: 8)); anyone who can "
            + "read it can forge deliveries: chmod 600 \(path)"
    }

    /// The secret `serve` uses.
    static func secret(option: String?, environment: ReviewEnvironment) throws -> [UInt8] {
        var bytes: [UInt8]
        var source: String
        if let option {
            bytes = try InputFile.read(option, role: "webhook secret", maxBytes: 4096)
            source = option
        } else if let variable = environment.variables["ASC_WEBHOOK_SECRET"], !variable.isEmpty {
            bytes = Array(variable.utf8)
            source = "ASC_WEBHOOK_SECRET"
        } else if let path = defaultPath(environment), access(path, F_OK) == 0 {
            bytes = try InputFile.read(path, role: "webhook secret", maxBytes: 4096)
            source = path
        } else {
            throw CommandFailure(
                .usage,
                "serve needs the webhook secret: give --webhook-secret-file FILE or set ASC_WEBHOOK_SECRET, or create "
                    + "the webhook with review webhook create, which writes "
                    + (defaultPath(environment) ?? "$XDG_CONFIG_HOME/gatehouse/webhook-secret"))
        }
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard !bytes.isEmpty else {
            throw CommandFailure(.dataError, "the webhook secret in \(source) is empty; give the webhook's secret")
        }
        return bytes
    }
}
