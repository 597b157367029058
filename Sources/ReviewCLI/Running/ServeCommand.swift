import AppStoreConnect
import CommandLineKit
import GatehouseCore
import MicroHTTPServer
import ReviewLog
import ReviewNotify
import ReviewSync
import ReviewWebhooks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `review serve`: the webhook receiver on libmicrohttpd, and the background work beside it.
enum ServeCommand {
    /// How long SIGTERM waits for requests in flight before closing their connections.
    static let drainBound: Duration = .seconds(30)

    static func run(_ settings: ServeSettings, _ invocation: ReviewInvocation, _ environment: ReviewEnvironment)
        async throws -> CommandOutput
    {
        let secret = try WebhookSecretFile.secret(option: settings.secretFile, environment: environment)
        let exposure = WebhookSecretFile.exposure(option: settings.secretFile, environment: environment)
        let keys = try SyncCommands.keys(settings.flags, environment)
        let store = try webhookStore(invocation, environment)
        let resolver = ASCWebhookVersionResolver(
            clients: try keys.map { try SyncCommands.client($0.credentials, environment) })
        let now = wholeSeconds(environment.clock)
        // One line per event on standard error: text, or with --json one JSON object (journald and log shippers).
        let json = invocation.json
        let log: @Sendable (String) -> Void = { message in
            environment.emitError(
                json
                    ? JSONText.object([("message", JSONText.string(message))]) + "\n"
                    : "review serve: \(TerminalText.value(message))\n")
        }
        let requestLog: @Sendable (HTTPRequestRecord) -> Void = { record in
            guard json else { return log(record.line) }
            environment.emitError(
                JSONText.object([
                    ("method", JSONText.string(record.method)), ("path", JSONText.string(record.path)),
                    ("status", JSONText.number(record.status.map(Int64.init))), ("note", JSONText.string(record.note)),
                    ("answerSent", record.answerSent ? "true" : "false"),
                    ("ms", JSONText.number(Int64(record.milliseconds.rounded()))),
                ]) + "\n")
        }
        // The receiver and the pending loop wake the deliverer after recording an event, so its notification goes out
        // at once instead of at the deliverer's next round.
        let wake = DeliveryWake()
        let receiver = WebhookReceiver(
            secret: secret, store: store, resolver: resolver, now: now,
            afterStore: TestHooks.pauseAfterStore(environment), wakeDeliverer: { wake.signal() })
        let server: MicroHTTPServer
        do {
            server = try MicroHTTPServer(address: settings.listen, handler: receiver, log: requestLog)
        } catch {
            throw CommandFailure(.unavailable, error.reason)
        }
        if let exposure { log("warning: \(exposure)") }
        log(
            "listening on http://\(server.address)\(WebhookGate.deliveryPath)"
                + (server.address.isLoopback ? "" : " (not loopback: put a reverse proxy with TLS in front)"))
        let pending = PendingWebhookResolver(store: store, resolver: resolver, now: now)
        let stop = environment.stop
        // Background work, each element one task for the life of the server; SIGTERM sets `stop`, and each finishes
        // what it is doing and returns.
        let background: [@Sendable () async -> Void] = [
            { await resolvingPending(pending, every: settings.resolveInterval, stop: stop, wake: wake, log: log) },
            // Notifications out: what the deliveries recorded (and reminders of long waits), with backoff.
            {
                await SyncCommands.deliverInBackground(
                    store: store, environment: environment, every: TestHooks.deliveryInterval(environment), wake: wake)
            },
        ]
        let drained = await withTaskGroup(of: Void.self) { group -> Bool in
            for work in background { group.addTask(operation: work) }
            while !stop.isSet { try? await Task.sleep(for: .milliseconds(50)) }
            server.stopAccepting()
            log("stopping: no new connections; finishing \(server.requestsInFlight) request(s) in flight")
            let drained = await server.waitForRequestsInFlight(upTo: drainBound)
            server.stop()
            await group.waitForAll()
            return drained
        }
        log("stopped" + (drained ? "" : " (requests still in flight after \(drainBound) were cut off)"))
        return CommandOutput()
    }

    /// The store, which keeps webhook deliveries.
    static func webhookStore(_ invocation: ReviewInvocation, _ environment: ReviewEnvironment) throws
        -> RelationalReviewStore
    {
        try environment.openStore(try environment.databasePath(option: invocation.databasePath))
    }

    /// `review sync`'s part: one pass over the pending deliveries with the passes' clients. Resolved ones are
    /// reported on standard output (not with --json), those still pending as a warning; neither changes the status.
    static func resolvePending(
        _ passes: [SyncPass], store: RelationalReviewStore, _ invocation: ReviewInvocation,
        _ environment: ReviewEnvironment
    ) async throws -> (output: CommandOutput, recorded: [Int64]) {
        guard !passes.isEmpty else { return (CommandOutput(), []) }
        let pending = PendingWebhookResolver(
            store: store, resolver: ASCWebhookVersionResolver(clients: passes.map(\.client)),
            now: wholeSeconds(environment.clock))
        let report = try await pending.resolvePending()
        var output = CommandOutput()
        if !report.recorded.isEmpty, !invocation.json {
            let renderer = Renderer(utc: invocation.utc, now: Timestamp(secondsSince1970: 0))
            for event in report.recorded {
                output.standardOutput +=
                    "\(renderer.label(event.versionKey)): \(event.state.displayName) at \(renderer.time(event.at)) "
                    + "(webhook delivery resolved)\n"
            }
        }
        if !report.stillPending.isEmpty {
            output.standardError +=
                "review: warning: \(report.stillPending.count) webhook delivery(ies) still pending (their version "
                + "cannot be resolved yet); the next sync or serve tries again\n"
        }
        return (output, report.recorded.map(\.id))
    }

    /// Resolves pending deliveries at start-up and then every `interval`, until `stop`; a pass that recorded events
    /// wakes the deliverer.
    static func resolvingPending(
        _ pending: PendingWebhookResolver, every interval: Duration, stop: StopFlag, wake: DeliveryWake,
        log: @escaping @Sendable (String) -> Void
    ) async {
        while !stop.isSet {
            do {
                let report = try await pending.resolvePending(stop: { stop.isSet })
                if !report.recorded.isEmpty { wake.signal() }
                for event in report.recorded {
                    log(
                        "pending delivery resolved: event \(event.id) (\(event.app.name) \(event.version) "
                            + "\(event.platform.name) \(event.state.apiString))")
                }
                if !report.stillPending.isEmpty {
                    log("\(report.stillPending.count) delivery(ies) still pending; next try in \(interval)")
                }
            } catch {
                log("cannot resolve pending deliveries: \(error)")
            }
            let deadline = ContinuousClock.now.advanced(by: interval)
            while !stop.isSet, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        }
    }

    /// Now in whole seconds from a clock.
    static func wholeSeconds(_ clock: any TimeSource) -> @Sendable () -> Timestamp {
        { Timestamp(now: clock) }
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
