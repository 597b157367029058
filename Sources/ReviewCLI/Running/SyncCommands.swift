import AppStoreConnect
import CommandLineKit
import GatehouseCore
import GatehouseFoundation
import GatehouseHTTP
import ReviewLog
import ReviewNotify
import ReviewSync

/// `review sync`, `review watch` and `review auth`: App Store Connect into the store.
enum SyncCommands {
    /// `auth add` and `auth list`: the config file only.
    static func auth(_ command: ReviewCommand, json: Bool = false, environment: ReviewEnvironment) -> CommandOutput {
        do {
            let profiles = try AppStoreConnectAccess.profiles(environment)
            switch command {
            case .authAdd(let name, let keyID, let issuerID, let path):
                let text = try AppStoreConnectAccess.readKey(path)
                // Checked before it is saved: a key that does not read is refused, never stored.
                _ = try CredentialProfiles.credentials(
                    .init(name: name, keyID: keyID, issuerID: issuerID, privateKey: text))
                try profiles.save(.init(name: name, keyID: keyID, issuerID: issuerID, privateKey: text))
                if json {
                    return CommandOutput(
                        standardOutput: AuthJSON.added(
                            path: profiles.path, name: name, keyID: keyID, issuerID: issuerID))
                }
                return CommandOutput(
                    standardOutput: "Saved profile \(name): key \(keyID), "
                        + (issuerID.map { "team key of issuer \($0)" } ?? "individual key") + ", in \(profiles.path) "
                        + "(mode 0600). Check it with: review auth check --profile \(name)\n")
            default:
                let saved = try profiles.load()
                if json {
                    return CommandOutput(
                        standardOutput: AuthJSON.list(
                            path: profiles.path, profiles: saved.map { ($0.name, $0.keyID, $0.issuerID) }))
                }
                if saved.isEmpty {
                    return CommandOutput(
                        standardOutput: "No profiles in \(profiles.path). Add one with: review auth add --profile NAME "
                            + "--key-id ID [--issuer-id ID] --private-key AuthKey_ID.p8\n")
                }
                var rows = [["PROFILE", "KEY ID", "KIND"]]
                for profile in saved {
                    rows.append([
                        profile.name, profile.keyID, profile.issuerID.map { "team (issuer \($0))" } ?? "individual",
                    ])
                }
                return CommandOutput(standardOutput: TextTable(rows: rows).render())
            }
        } catch {
            return ReviewCLI.failureOutput(error, command: command)
        }
    }

    /// `sync`, `watch`, `auth check` (`serve` and `webhook` are commands of their own: `ServeCommand`,
    /// `WebhookCommands`).
    static func run(_ invocation: ReviewInvocation, environment: ReviewEnvironment) async -> CommandOutput {
        do {
            switch invocation.command {
            case .authCheck(let flags):
                var text = ""
                var checks: [(profile: String?, check: ASCCredentialCheck)] = []
                for (profile, credentials) in try AppStoreConnectAccess.keys(flags, environment) {
                    let check = try await AppStoreConnectAccess.client(credentials, environment).checkCredentials()
                    checks.append((profile, check))
                    text +=
                        "\(profile.map { "Profile \($0): " } ?? "")key \(check.keyID) (\(check.kind)) works; it sees "
                        + (check.visibleAppCount.map { "\($0) app\($0 == 1 ? "" : "s")" } ?? "apps")
                        + (check.firstApp.map { ", for example \($0.name) (\($0.bundleID))" } ?? "")
                        + (check.rateLimit.map { "; rate limit \($0)" } ?? "") + ".\n"
                }
                return CommandOutput(standardOutput: invocation.json ? AuthJSON.checks(checks) : text)
            case .sync(let flags, let apps):
                let (store, passes) = try await self.passes(flags, invocation, environment)
                return await render(
                    try await SyncRun(store: store, passes: passes, clock: environment.clock).run(apps: apps),
                    store: passes.isEmpty ? nil : store, invocation: invocation, environment: environment)
            case .watch(let flags, let apps, let interval):
                let (store, passes) = try await self.passes(flags, invocation, environment)
                let location = try environment.databasePath(option: invocation.databasePath)
                // Several watchers of one store: only the holder of the store's `watch` role polls (SyncWatcher).
                let watcher = SyncWatcher(
                    passes: passes, interval: TestHooks.watchInterval(environment) ?? interval,
                    sleeper: environment.sleeper, stop: environment.stop,
                    lease: passes.isEmpty ? nil : store)
                // Notifications (and reminders of long waits) are delivered beside the passes, with backoff, by every
                // watcher, standing by or not: the outbox's claim gives each notification to one deliverer at a time,
                // so the deliverers of several watchers never send one twice.
                let delivery =
                    passes.isEmpty ? nil : Task { await deliverInBackground(store: store, environment: environment) }
                let rounds = await watcher.run(
                    apps: apps,
                    report: { report in
                        environment.emit(render(report, invocation: invocation))
                        for warning in report.warnings { environment.emitError("review: warning: \(warning)\n") }
                        for failure in report.failures { environment.emitError("review: \(failure.reason)\n") }
                        // A pass may have started a long wait's clock: its reminders are due now, not at the next
                        // check of the delivery loop.
                        await recordReminders(store: store, environment: environment)
                    },
                    failure: { error in
                        let message = ErrorAdvice.message(for: error, in: invocation.command)
                        environment.emitError("review: \(message); trying again next pass\n")
                    },
                    roleChange: { role in
                        // Standard output, except under --json, whose standard output is the passes' objects only.
                        let say = invocation.json ? environment.emitError : environment.emit
                        switch role {
                        case .standingBy:
                            say(
                                "review: standing by: another review watch is active on \(ReviewEnvironment.displayed(location)); taking over "
                                    + "when it stops\n")
                        case .active:
                            say("review: now the active watcher on \(ReviewEnvironment.displayed(location))\n")
                        }
                    })
                await delivery?.value
                return CommandOutput(
                    standardError: "review: watch stopped after \(rounds) pass\(rounds == 1 ? "" : "es")\n")
            default:
                return CommandOutput()
            }
        } catch {
            return ReviewCLI.failureOutput(error, command: invocation.command)
        }
    }

    /// `watch`'s notification delivery until the stop flag is set (`serve`'s deliverer is its `WebhookService`'s).
    static func deliverInBackground(store: RelationalReviewStore, environment: ReviewEnvironment) async {
        let stop = environment.stop
        await NotificationDeliverer(store: store, clock: environment.clock).run(
            isStopped: { stop.isSet },
            report: { report in environment.emitError(NotifyCommands.warnings(report)) },
            failure: { error in environment.emitError("review: notifications: \(error); trying again shortly\n") })
    }

    /// Records the reminders due now (the delivery loop sends them); a store error is reported, not fatal.
    static func recordReminders(store: RelationalReviewStore, environment: ReviewEnvironment) async {
        let now = Timestamp(now: environment.clock)
        do {
            _ = try await store.offload { () throws(ReviewError) -> Int in try store.recordReminders(now: now) }
        } catch {
            environment.emitError("review: reminders: \(error); trying again shortly\n")
        }
    }

    /// The store (opened, created when missing, before anything is fetched) and a pass per key over it.
    private static func passes(
        _ flags: CredentialResolver.Flags, _ invocation: ReviewInvocation, _ environment: ReviewEnvironment
    ) async throws -> (store: RelationalReviewStore, passes: [SyncPass]) {
        let keys = try AppStoreConnectAccess.keys(flags, environment)
        let store = try environment.openStore(try environment.databasePath(option: invocation.databasePath))
        var passes: [SyncPass] = []
        for (profile, credentials) in keys {
            passes.append(
                SyncPass(
                    client: try AppStoreConnectAccess.client(credentials, environment), store: store, profile: profile,
                    clock: environment.clock, stop: environment.stop))
        }
        return (store, passes)
    }

    /// `sync`'s output: the resolved webhook deliveries (on standard output, not with --json) and those still pending
    /// (a warning), then each pass's changes and problems, whatever another profile's key met; the status is that of
    /// the run's first failure (`ExitStatus(_: SyncRunResult.Failure)`). The recorded changes' notifications (the
    /// resolved deliveries' too) were committed with them; delivery is tried now.
    private static func render(
        _ result: SyncRunResult, store: RelationalReviewStore?, invocation: ReviewInvocation,
        environment: ReviewEnvironment
    ) async -> CommandOutput {
        var output = CommandOutput()
        if !result.resolvedDeliveries.isEmpty, !invocation.json {
            let renderer = Renderer(utc: invocation.utc, now: Timestamp(secondsSince1970: 0))
            for event in result.resolvedDeliveries {
                output.standardOutput +=
                    "\(renderer.label(event.versionKey)): \(event.state.displayName) at \(renderer.time(event.at)) "
                    + "(webhook delivery resolved)\n"
            }
        }
        if !result.stillPendingDeliveries.isEmpty {
            output.standardError +=
                "review: warning: \(result.stillPendingDeliveries.count) webhook delivery(ies) still pending (their "
                + "version cannot be resolved yet); the next sync or serve tries again\n"
        }
        for outcome in result.passes {
            switch outcome {
            case .completed(let report):
                output.standardOutput += render(report, invocation: invocation)
                output.standardError += report.warnings.map { "review: warning: \($0)\n" }.joined()
                output.standardError += report.failures.map { "review: \($0.reason)\n" }.joined()
            case .failed(let profile, let error):
                output.standardError +=
                    ReviewCLI.failureOutput(error, command: invocation.command, profile: profile).standardError
            }
        }
        if let store {
            output.standardError += await NotifyCommands.deliverNow(
                eventIDs: result.recordedEventIDs, store: store, environment: environment)
        }
        if !result.unseenApps.isEmpty {
            output.standardError +=
                "review: no profile's key sees " + result.unseenApps.map { "\"\($0)\"" }.joined(separator: ", ")
                + "; review auth check shows what each key sees\n"
        }
        output.status = result.firstFailure.map(ExitStatus.init) ?? .success
        return output
    }

    /// "Fokus 2.3 (iOS): Waiting for Review -> In Review, after ~1d 4h", or the JSON object of a pass.
    static func render(_ report: SyncReport, invocation: ReviewInvocation) -> String {
        func name(_ state: String?) -> String {
            guard let state else { return "(new)" }
            return ReviewState(apiString: state)?.displayName
                ?? "\(TerminalText.value(state)) (a state this review does not know)"
        }
        if invocation.json {
            let changes = report.changes.map { change in
                JSONText.object([
                    ("app", JSONText.string(change.key.app)), ("platform", JSONText.string(change.key.platform.name)),
                    ("version", JSONText.string(change.key.version)), ("from", JSONText.string(change.from)),
                    ("to", JSONText.string(change.to)), ("at", JSONText.string(change.event?.at.iso8601)),
                    ("eventId", JSONText.number(change.event?.id)),
                    ("timing", JSONText.string(change.event.map { $0.timing.isObserved ? "observed" : "exact" })),
                    ("previousSeconds", JSONText.number(change.previousSeconds)),
                ])
            }
            return JSONText.object([
                ("profile", JSONText.string(report.profile)),
                ("apps", "[" + report.syncedApps.map { JSONText.string($0) }.joined(separator: ", ") + "]"),
                ("changes", "[" + changes.joined(separator: ", ") + "]"),
                ("warnings", "[" + report.warnings.map { JSONText.string($0) }.joined(separator: ", ") + "]"),
                ("failures", "[" + report.failures.map { JSONText.string($0.reason) }.joined(separator: ", ") + "]"),
            ]) + "\n"
        }
        let renderer = Renderer(utc: invocation.utc, now: Timestamp(secondsSince1970: 0))
        var text = ""
        for change in report.changes {
            text += "\(renderer.label(change.key)): \(name(change.from)) -> \(name(change.to))"
            if let seconds = change.previousSeconds, change.previousPrecision != .unknown {
                text += ", after \(renderer.duration(seconds, change.previousPrecision))"
            }
            if change.event == nil, ReviewState(apiString: change.to) != nil { text += " (already recorded)" }
            text += "\n"
        }
        let scope = report.profile.map { "profile \($0): " } ?? ""
        text +=
            "\(scope)\(report.syncedApps.count) app\(report.syncedApps.count == 1 ? "" : "s") synced, "
            + "\(report.changes.filter { $0.event != nil }.count) state change\(report.changes.filter { $0.event != nil }.count == 1 ? "" : "s") recorded.\n"
        return text
    }
}
