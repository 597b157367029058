import AppStoreConnect
import CommandLineKit
import GatehouseCore
import GatehouseFoundation
import GatehouseHTTP
import ReviewLog
import ReviewNotify
import ReviewSync

/// What `review sync` and `review watch` share: the store and a pass per key, the delivery beside the passes, and
/// the rendering of a pass.
enum SyncCommandSupport {
    /// `watch`'s notification delivery until the stop flag is set (`serve`'s deliverer is its `WebhookService`'s).
    static func deliverInBackground(store: RelationalReviewStore, environment: ReviewEnvironment) async {
        let stop = environment.stop
        await NotificationDeliverer(store: store, clock: environment.clock).run(
            isStopped: { stop.isSet },
            report: { report in environment.emitError(NotifyDelivery.warnings(report)) },
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
    static func passes(
        _ flags: CredentialResolver.Flags, opening openStore: () throws -> RelationalReviewStore,
        _ environment: ReviewEnvironment
    ) async throws -> (store: RelationalReviewStore, passes: [SyncPass]) {
        let keys = try AppStoreConnectAccess.keys(flags, environment)
        let store = try openStore()
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
    /// resolved deliveries' too) were committed with them; delivery is tried now, with the signing alerts due, which
    /// are recorded first.
    static func render(
        _ result: SyncRunResult, store: RelationalReviewStore?, json: Bool, command: SyncCommand,
        environment: ReviewEnvironment
    ) async -> CommandOutput {
        var output = CommandOutput()
        if !result.resolvedDeliveries.isEmpty, !json {
            let renderer = Renderer(utc: command.global.utc, now: Timestamp(secondsSince1970: 0))
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
                output.standardOutput += render(report, json: json, utc: command.global.utc)
                output.standardError += report.warnings.map { "review: warning: \($0)\n" }.joined()
                output.standardError += (report.signing?.warnings ?? []).map { "review: warning: \($0)\n" }.joined()
                output.standardError += report.failures.map { "review: \($0.reason)\n" }.joined()
            case .failed(let profile, let error):
                output.standardError +=
                    "review: \(profile.map { "profile \($0): " } ?? "")\(ErrorAdvice.message(for: error, in: command))\n"
            }
        }
        if let files = result.signingFiles {
            output.standardOutput += json ? "" : renderSigning(files.changes, scope: "signing files: ")
            output.standardError += files.warnings.map { "review: warning: \($0)\n" }.joined()
        }
        if let store {
            output.standardError += await NotifyDelivery.deliverNow(
                eventIDs: result.recordedEventIDs, withSigningAlerts: true, store: store, environment: environment)
        }
        if !result.unseenApps.isEmpty {
            output.standardError +=
                "review: no profile's key sees " + result.unseenApps.map { "\"\($0)\"" }.joined(separator: ", ")
                + "; review auth check shows what each key sees\n"
        }
        output.status = result.firstFailure.map(ExitStatus.init) ?? .success
        return output
    }

    /// "Fokus 2.3 (iOS): Waiting for Review -> In Review, after ~1d 4h" ("Fokus 2.4 (iOS) TestFlight build 119: In
    /// Review at ... (observed), after ~3h" for a TestFlight build), or the JSON object of a pass.
    static func render(_ report: SyncReport, json: Bool, utc: Bool) -> String {
        func name(_ state: String?) -> String {
            guard let state else { return "(new)" }
            return ReviewState(apiString: state)?.displayName
                ?? "\(TerminalText.value(state)) (a state this review does not know)"
        }
        if json {
            let changes = report.changes.map { change in
                // A TestFlight build's change names its track and build; an App Store change is as it always was.
                let testFlight =
                    change.key.track == .testFlight
                    ? [
                        ("track", JSONText.string(change.key.track.rawValue)),
                        ("build", JSONText.string(change.build)),
                    ] : []
                return JSONText.object(
                    [
                        ("app", JSONText.string(change.key.app)),
                        ("platform", JSONText.string(change.key.platform.name)),
                    ] + testFlight + [
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
                ("signing", report.signing.map(signingJSON) ?? "null"),
            ]) + "\n"
        }
        let renderer = Renderer(utc: utc, now: Timestamp(secondsSince1970: 0))
        var text = ""
        for change in report.changes {
            if change.key.track == .testFlight {
                text += testFlightLine(change, renderer)
                continue
            }
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
        if let signing = report.signing { text += renderSigning(signing.changes, scope: scope) }
        return text
    }

    /// One TestFlight build's change: "Fokus 2.4 (iOS) TestFlight build 119: Waiting for Review at 2026-12-01 09:00
    /// (exact)", with ", after ~3h" when the previous state's length is known; a value recorded as no event says so
    /// (already recorded, or kept in the sync state: `EXPIRED`, `READY_FOR_BETA_SUBMISSION`, one Apple adds later).
    static func testFlightLine(_ change: SyncChange, _ renderer: Renderer) -> String {
        var text = "\(renderer.label(change.key)) build \(renderer.shown(change.build ?? "?")): "
        if let event = change.event {
            text +=
                "\(event.state.displayName) at \(renderer.time(event.at)) "
                + "(\(event.timing.isObserved ? "observed" : "exact"))"
            if let seconds = change.previousSeconds, change.previousPrecision != .unknown {
                text += ", after \(renderer.duration(seconds, change.previousPrecision))"
            }
        } else if let state = ReviewState(rawValue: change.to).flatMap({ ReviewTrack.testFlight.allows($0) ? $0 : nil })
            ?? SyncedBuild.state(ofExternalBuildState: change.to)
        {
            text += "\(state.displayName) (already recorded)"
        } else {
            text += "\(renderer.shown(change.to)) (kept in the sync state; not a Beta App Review state)"
        }
        return text + "\n"
    }

    /// "Signing: certificate "Apple Distribution: ..." added, expires 2027-01-15", one line per change, then nothing
    /// more: an unchanged signing look says nothing.
    static func renderSigning(_ changes: [SigningChange], scope: String) -> String {
        changes.map { change in
            let item = change.item
            let what: String
            switch change.kind {
            case .added: what = "added, expires \(item.expires.iso8601)"
            case .changed: what = "changed, expires \(item.expires.iso8601)\(item.isInvalid ? ", INVALID" : "")"
            case .gone: what = "gone from App Store Connect (last seen \(item.lastSeen?.iso8601 ?? "?"))"
            case .missing: what = "missing (the file is gone)"
            case .back: what = "back, expires \(item.expires.iso8601)"
            }
            return "\(scope)signing: \(item.kind.noun) \"\(TerminalText.value(item.name))\" (id \(item.id)) \(what)\n"
        }.joined()
    }

    /// The `signing` member of a pass's JSON object: the source, each change and the warnings.
    static func signingJSON(_ report: SigningPass.Report) -> String {
        JSONText.object([
            ("source", JSONText.string(report.source)),
            (
                "changes",
                "["
                    + report.changes.map {
                        JSONText.object([
                            ("change", JSONText.string($0.kind.rawValue)), ("id", JSONText.number($0.item.id)),
                            ("kind", JSONText.string($0.item.kind.rawValue)), ("name", JSONText.string($0.item.name)),
                            ("expires", JSONText.string($0.item.expires.iso8601)),
                        ])
                    }.joined(separator: ", ") + "]"
            ),
            ("warnings", "[" + report.warnings.map { JSONText.string($0) }.joined(separator: ", ") + "]"),
        ])
    }
}
