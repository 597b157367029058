import CommandLineKit
import GatehouseCore
import MicroHTTPServer
import ReviewLog
import ReviewServe
import ReviewSync
import ReviewWebhooks

/// `review serve`: its options made into a `WebhookService` (ReviewServe), run until SIGTERM or SIGINT triggers its
/// shutdown, and what the service reports rendered as its log on standard error; creates the store when there is
/// none.
package struct ServeCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "serve",
        abstract: "Receive App Store Connect webhooks: exact state-change times, pushed",
        overview: "An HTTP server for App Store Connect's APP_STORE_VERSION_APP_VERSION_STATE_UPDATED webhook: POST "
            + "/webhooks/app-store-connect (GET /healthz answers 200). A body over 64 KiB is refused (413), a missing "
            + "or wrong x-apple-signature too (401); a verified delivery is stored before it is answered, once per "
            + "event id, at the payload's exact time, after its version is resolved through the App Store Connect "
            + "API (credentials as for sync); when that fails it is kept as pending and resolved later (in the "
            + "background, at start-up, and by sync). One line per request on standard error. SIGINT or SIGTERM: "
            + "stop accepting, finish what is in flight, exit 0. It never polls: run watch beside it for that. With "
            + "--report-listen, a second listener answers GET / with the HTML report of the store as it is (ETag: a "
            + "browser's next visit is answered 304 until the page changes), for a team behind its proxy.",
        options: [
            ReviewOptions.listen, ReviewOptions.reportListen, ReviewOptions.webhookSecretFile,
            ReviewOptions.resolveInterval,
            ReviewOptions.json.with(
                help: "Log one JSON object per line instead of text: {\"method\", \"path\", \"status\", \"note\", "
                    + "\"answerSent\", \"ms\"} per request, {\"message\"} otherwise."),
        ] + ReviewOptions.keyOptions,
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.createsIfMissing

    /// The key options (the version lookups' credentials).
    package var flags: CredentialResolver.Flags
    /// `--listen`.
    package var listen: ListenAddress = .loopbackDefault
    /// `--report-listen`, if given.
    package var reportListen: ListenAddress?
    /// `--webhook-secret-file`, if given.
    package var secretFile: String?
    /// `--resolve-interval`: how often pending deliveries are retried.
    package var resolveInterval: Duration = .seconds(60)
    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        flags: CredentialResolver.Flags = CredentialResolver.Flags(), listen: ListenAddress = .loopbackDefault,
        reportListen: ListenAddress? = nil, secretFile: String? = nil, resolveInterval: Duration = .seconds(60),
        json: Bool = false,
        global: GlobalOptions = GlobalOptions()
    ) {
        self.flags = flags
        self.listen = listen
        self.reportListen = reportListen
        self.secretFile = secretFile
        self.resolveInterval = resolveInterval
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        let listen = try arguments.value(ReviewOptions.listen) ?? .loopbackDefault
        let reportListen = try arguments.value(ReviewOptions.reportListen)
        if let reportListen, reportListen == listen, listen.port != 0 {
            throw .usage(
                "--report-listen \(reportListen) is the webhook's address too; give the report a port of its own "
                    + "(the webhook one may face Apple, the report's stays behind the team's proxy)")
        }
        self.init(
            flags: try arguments.keyFlags(), listen: listen, reportListen: reportListen,
            secretFile: try arguments.value(ReviewOptions.webhookSecretFile),
            resolveInterval: try arguments.value(ReviewOptions.resolveInterval) ?? .seconds(60),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package var credentialFlags: CredentialResolver.Flags? { flags }

    package var execution: CommandExecution { .untilStopped }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        try await perform(in: environment, until: environment.shutdown)
    }

    package func perform(in environment: ReviewEnvironment, until shutdown: GracefulShutdown) async throws
        -> CommandOutput
    {
        let environment = try global.environment(environment)
        let secret = try WebhookSecretFile.secret(option: secretFile, environment: environment)
        let exposure = WebhookSecretFile.exposure(option: secretFile, environment: environment)
        let keys = try AppStoreConnectAccess.keys(flags, environment)
        let store = try openStore(in: environment)
        let resolver = ASCWebhookVersionResolver(
            clients: try keys.map { try AppStoreConnectAccess.client($0.credentials, environment) })
        let log = ServeLog(json: json, environment: environment)
        let utc = global.utc
        let report = reportListen.map { address in
            ReportListener(
                address: address,
                page: ReportPageHandler(
                    store: store, now: { Timestamp(now: environment.clock) },
                    formatTime: { WallClock.format($0.secondsSince1970, utc: utc) }))
        }
        var configuration = WebhookServiceConfiguration(address: listen)
        configuration.resolveInterval = resolveInterval
        if let interval = TestHooks.deliveryInterval(environment) { configuration.deliveryInterval = interval }
        let service: WebhookService
        do {
            service = try WebhookService(
                secret: secret, store: store, resolver: resolver, configuration: configuration,
                timeSource: environment.clock, report: report, afterStore: TestHooks.pauseAfterStore(environment),
                events: { log.render($0) })
        } catch {
            throw CommandFailure(.unavailable, error.reason)
        }
        if let exposure { log.line("warning: \(exposure)") }
        log.line(
            "listening on http://\(service.address)\(WebhookGate.deliveryPath)"
                + (service.address.isLoopback ? "" : " (not loopback: put a reverse proxy with TLS in front)"))
        if let address = service.reportAddress {
            log.line(
                "report on http://\(address)\(ReportPageHandler.path)"
                    + (address.isLoopback ? "" : " (not loopback: put a reverse proxy with TLS and a login in front)"))
        }
        let drained = await service.run(until: shutdown)
        log.line(
            "stopped" + (drained ? "" : " (requests still in flight after \(configuration.drainBound) were cut off)"))
        return CommandOutput()
    }
}
