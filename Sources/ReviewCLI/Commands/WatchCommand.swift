import CommandLineKit
import GatehouseCore
import ReviewSync

/// `review watch`: the sync pass every interval until SIGINT or SIGTERM, notifications delivered beside it; creates
/// the store when there is none.
package struct WatchCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "watch",
        abstract: "Record review states from App Store Connect, every interval, until stopped",
        overview: "Run the sync pass every interval (with a little jitter) until SIGINT or SIGTERM, which stop it "
            + "between apps. A failed pass is reported and the next one comes as usual; a restart continues "
            + "from what the store holds. Several watchers of one store: one polls, the others stand by and one of "
            + "them takes over within an interval when it stops.",
        options: ReviewOptions.keyOptions + [
            ReviewOptions.app, ReviewOptions.interval, ReviewOptions.signingInterval, ReviewOptions.noSigning,
            ReviewOptions.noTestFlight,
            ReviewOptions.json.with(
                help: "Report each pass per key as the object of 'review sync --json', one per line."),
        ],
        globalOptions: ReviewOptions.global)

    package static let store = StoreUse.createsIfMissing

    /// The key options.
    package var flags: CredentialResolver.Flags
    /// `--app`; empty for every app.
    package var apps: [String]
    /// `--interval`.
    package var interval: Duration
    /// `--signing-interval`, nil with `--no-signing`.
    package var signingInterval: Duration? = .seconds(3600)
    /// `--json`.
    package var json = false
    /// `--no-testflight`.
    package var noTestFlight = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(
        flags: CredentialResolver.Flags = CredentialResolver.Flags(), apps: [String] = [],
        interval: Duration = .seconds(300), signingInterval: Duration? = .seconds(3600), json: Bool = false,
        noTestFlight: Bool = false, global: GlobalOptions = GlobalOptions()
    ) {
        self.noTestFlight = noTestFlight
        self.flags = flags
        self.apps = apps
        self.interval = interval
        self.signingInterval = signingInterval
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        self.init(
            flags: try arguments.keyFlags(), apps: try arguments.values(ReviewOptions.app),
            interval: try arguments.value(ReviewOptions.interval) ?? .seconds(300),
            signingInterval: arguments.has(ReviewOptions.noSigning)
                ? nil : try arguments.value(ReviewOptions.signingInterval) ?? .seconds(3600),
            json: arguments.has(ReviewOptions.json), noTestFlight: arguments.has(ReviewOptions.noTestFlight),
            global: try GlobalOptions(arguments))
    }

    package var credentialFlags: CredentialResolver.Flags? { flags }

    package var execution: CommandExecution { .untilStopped }

    /// Runs until `shutdown` is triggered, or the environment's stop flag is set: either stops it between apps and
    /// during the waits between passes.
    package func perform(in environment: ReviewEnvironment, until shutdown: GracefulShutdown) async throws
        -> CommandOutput
    {
        let stop = environment.stop
        let bridge = Task {
            await shutdown.wait()
            stop.set()
        }
        defer { bridge.cancel() }
        return try await perform(in: environment)
    }

    package func perform(in environment: ReviewEnvironment) async throws -> CommandOutput {
        let environment = try global.environment(environment)
        let (store, passes) = try await SyncCommandSupport.passes(
            flags, opening: { try openStore(in: environment) }, environment)
        let location = try storeLocation(in: environment)
        // Several watchers of one store: only the holder of the store's `watch` role polls (SyncWatcher).
        let watcher = SyncWatcher(
            passes: passes, interval: TestHooks.watchInterval(environment) ?? interval, sleeper: environment.sleeper,
            stop: environment.stop, lease: passes.isEmpty ? nil : store, signingInterval: signingInterval,
            testFlight: !noTestFlight)
        // Notifications (and reminders of long waits) are delivered beside the passes, with backoff, by every
        // watcher, standing by or not: the outbox's claim gives each notification to one deliverer at a time, so
        // the deliverers of several watchers never send one twice.
        let delivery =
            passes.isEmpty
            ? nil : Task { await SyncCommandSupport.deliverInBackground(store: store, environment: environment) }
        let json = json
        let utc = global.utc
        let rounds = await watcher.run(
            apps: apps,
            report: { report in
                environment.emit(SyncCommandSupport.render(report, json: json, utc: utc))
                for warning in report.warnings + (report.signing?.warnings ?? []) {
                    environment.emitError("review: warning: \(warning)\n")
                }
                for failure in report.failures { environment.emitError("review: \(failure.reason)\n") }
                // A pass may have started a long wait's clock: its reminders are due now, not at the next check
                // of the delivery loop.
                await SyncCommandSupport.recordReminders(store: store, environment: environment)
            },
            failure: { error in
                let message = ErrorAdvice.message(for: error, in: self)
                environment.emitError("review: \(message); trying again next pass\n")
            },
            roleChange: { role in
                // Standard output, except under --json, whose standard output is the passes' objects only.
                let say = json ? environment.emitError : environment.emit
                switch role {
                case .standingBy:
                    say(
                        "review: standing by: another review watch is active on "
                            + "\(ReviewEnvironment.displayed(location)); taking over when it stops\n")
                case .active:
                    say("review: now the active watcher on \(ReviewEnvironment.displayed(location))\n")
                }
            },
            signingFiles: { files in
                if !json { environment.emit(SyncCommandSupport.renderSigning(files.changes, scope: "signing files: ")) }
                for warning in files.warnings { environment.emitError("review: warning: \(warning)\n") }
            })
        await delivery?.value
        return CommandOutput(standardError: "review: watch stopped after \(rounds) pass\(rounds == 1 ? "" : "es")\n")
    }
}
