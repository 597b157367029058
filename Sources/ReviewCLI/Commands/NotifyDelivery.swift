import CommandLineKit
import Dispatch
import GatehouseCore
import GatehouseFoundation
import GatehouseHTTP
import ReviewLog
import ReviewNotify
import Synchronization

/// `review notify`'s work on the outbox, and the delivery that `log` and `sync` try at once.
enum NotifyDelivery {
    /// How long `log` and `sync` wait for each channel before leaving the notification in the outbox.
    static let immediateClient = CurlHTTPClient(
        configuration: .init(totalTimeout: .seconds(5), connectTimeout: .seconds(3), maxResponseBytes: 64 * 1024))

    /// `notify add`: the channel checked (its URL, its secret file) and stored.
    static func add(_ channel: NotificationChannel, json: Bool, store: RelationalReviewStore) throws -> CommandOutput {
        var channel = channel
        do {
            try CurlHTTPClient.checkURL(channel.url)
        } catch let error as HTTPError {
            // The policy's reason quotes the URL whole (its path and user part may be the credential): the
            // message is built from the masked URL and the code instead, as a failed delivery's is.
            throw CommandFailure(
                .usage,
                "the channel URL \(channel.maskedURL) is refused: "
                    + "\(NotificationDeliverer.explanation(error.code)); give the webhook URL the service showed you"
            )
        }
        if let path = channel.secretFile {
            let key = GatehouseWebhookSignature.key(
                fromFileBytes: try InputFile.read(path, role: "secret file", maxBytes: 64 * 1024))
            guard !key.isEmpty else {
                throw CommandFailure(
                    .dataError,
                    "the secret file \(path) is empty; put the shared secret in it (openssl rand "
                        + "-hex 32 > \(path))")
            }
            channel.secretFile = FilePath.absolute(path)
        }
        let added = try store.addChannel(channel)
        if json { return CommandOutput(standardOutput: channelJSON(added) + "\n") }
        return CommandOutput(
            standardOutput: "Added \(added.kind.rawValue) channel \(added.id) (\(added.maskedURL)) for "
                + "\(scope(added))\(added.takesSigningAlerts ? "" : "; no signing alerts"). Try it: review notify test "
                + "\(added.id)\n")
    }

    /// `notify remove`.
    static func remove(_ id: Int64, json: Bool, store: RelationalReviewStore) throws -> CommandOutput {
        let removed = try store.removeChannel(id: id)
        if json { return CommandOutput(standardOutput: channelJSON(removed) + "\n") }
        return CommandOutput(
            standardOutput: "Removed \(removed.kind.rawValue) channel \(removed.id) (\(removed.maskedURL)) and its "
                + "undelivered notifications and signing alerts.\n")
    }

    /// `notify test`: a sample message to one channel.
    static func test(_ id: Int64, json: Bool, store: RelationalReviewStore, environment: ReviewEnvironment) async throws
        -> CommandOutput
    {
        let deliverer = NotificationDeliverer(store: store, clock: environment.clock)
        guard let channel = try deliverer.store.channels().first(where: { $0.id == id }) else {
            throw CommandFailure(.negative, "no notification channel has id \(id); review notify list shows ids")
        }
        let message = try sample(store, now: environment.now)
        switch await deliverer.send(message, to: channel) {
        case .delivered(let status):
            if json {
                return CommandOutput(
                    standardOutput: JSONText.object([
                        ("channel", JSONText.number(id)), ("delivered", "true"),
                        ("status", JSONText.number(Int64(status))),
                    ]) + "\n")
            }
            return CommandOutput(
                standardOutput: "Sent a test message to \(channel.kind.rawValue) channel \(id) "
                    + "(\(channel.maskedURL)): it answered \(status).\n")
        case .failed(let reason):
            return CommandOutput(
                status: .unavailable,
                standardOutput: json
                    ? JSONText.object([
                        ("channel", JSONText.number(id)), ("delivered", "false"), ("error", JSONText.string(reason)),
                    ]) + "\n" : "",
                standardError: "review: the test message was not delivered: \(reason)\n")
        }
    }

    /// `notify flush`: every pending notification and signing alert, now, one flush at a time per store; the signing
    /// alerts due are recorded first (as `watch`'s and `serve`'s rounds record them).
    static func flush(json: Bool, store: RelationalReviewStore, path: String, environment: ReviewEnvironment)
        async throws -> CommandOutput
    {
        let deliverer = NotificationDeliverer(store: store, clock: environment.clock)
        try await holdFlushRole(store, path: path, lease: deliverer.lease)
        let now = Timestamp(now: environment.clock)
        _ = try await store.offload { () throws(ReviewError) -> Int in try store.recordSigningAlerts(now: now) }
        return flushOutput(try await deliverer.deliverPending(ignoringBackoff: true), json: json)
    }

    /// The role a `notify flush` holds while it delivers. A flush takes every pending notification, claimed by another
    /// deliverer or not (so one whose deliverer was killed mid-send goes out at once, not after the claim's lease):
    /// two flushes at once would each send everything. The second waits until the first has ended (the role is freed
    /// when its process ends, however it ends), then finds only what is still pending (issue 14: each notification
    /// delivered by one deliverer at a time).
    static let flushRole = "notify-flush"

    /// Waits until this process holds `flushRole` on the store, for as long as a claim lasts (`lease` seconds) at most.
    /// - Throws: `CommandFailure` (69) when another flush holds it all that time; the store's errors.
    private static func holdFlushRole(_ store: RelationalReviewStore, path: String, lease: Int64) async throws {
        let deadline = ContinuousClock.now + .seconds(lease)
        while try !store.holdRole(flushRole) {
            guard ContinuousClock.now < deadline else {
                throw CommandFailure(
                    .unavailable,
                    "another review notify flush has been delivering from \(ReviewEnvironment.displayed(path)) for "
                        + "too long; try again once it has ended")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Tries the notifications of `eventIDs` now, each channel bounded by `immediateClient`'s timeouts, blocking the
    /// calling thread (`review log` runs without concurrency threads otherwise; none are started when no channel
    /// exists). Failures stay in the outbox. Signing alerts are left to `sync`, `flush`, `watch` and `serve`.
    /// - Returns: warnings for standard error.
    static func deliverNow(eventIDs: [Int64], store: RelationalReviewStore, environment: ReviewEnvironment) -> String {
        guard let outbox = outbox(notifying: eventIDs, signingAlerts: false, in: store) else { return "" }
        let result = Mutex("")
        let done = DispatchSemaphore(value: 0)
        // On a thread of its own, not the shared concurrency pool: this thread blocks until it is done, and a caller
        // that is itself on the pool (an in-process `perform`) must not wait for a pool thread it may be holding.
        Task(executorPreference: DeliveryThread.shared) {
            let warnings = await deliver(
                eventIDs: eventIDs, signingAlerts: false, outbox: outbox, environment: environment)
            result.withLock { $0 = warnings }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }

    /// `deliverNow` for a caller that can wait asynchronously (`sync`), which records the signing alerts due first
    /// and delivers them too (a store error recording them is a warning: the next sync or flush records them).
    static func deliverNow(
        eventIDs: [Int64], withSigningAlerts: Bool, store: RelationalReviewStore, environment: ReviewEnvironment
    ) async -> String {
        var warning = ""
        if withSigningAlerts {
            let now = Timestamp(now: environment.clock)
            do {
                _ = try await store.offload { () throws(ReviewError) -> Int in try store.recordSigningAlerts(now: now) }
            } catch {
                warning =
                    "review: warning: signing alerts not recorded: \(error); the next sync or review notify flush "
                    + "records them\n"
            }
        }
        guard let outbox = outbox(notifying: eventIDs, signingAlerts: withSigningAlerts, in: store) else {
            return warning
        }
        return warning
            + (await deliver(
                eventIDs: eventIDs, signingAlerts: withSigningAlerts, outbox: outbox, environment: environment))
    }

    /// The store's outbox when there may be something to deliver: events (or signing alerts), and at least one channel.
    private static func outbox(notifying eventIDs: [Int64], signingAlerts: Bool, in store: RelationalReviewStore)
        -> RelationalReviewStore?
    {
        guard !eventIDs.isEmpty || signingAlerts, (try? store.channels().isEmpty) == false else { return nil }
        return store
    }

    private static func deliver(
        eventIDs: [Int64], signingAlerts: Bool, outbox: any ReviewStore & NotificationOutbox & SigningStore,
        environment: ReviewEnvironment
    ) async -> String {
        let deliverer = NotificationDeliverer(store: outbox, http: immediateClient, clock: environment.clock)
        do {
            // No event recorded: no notification to try (nil would take every pending one).
            return warnings(try await deliverer.deliverPending(eventIDs: eventIDs, signingAlerts: signingAlerts))
        } catch {
            return "review: warning: notifications not sent: \(error); review notify flush retries\n"
        }
    }

    /// One warning per notification or signing alert left in the outbox or given up; a signing alert is named by the
    /// id its receiver deduplicates by, and its channel.
    static func warnings(_ report: DeliveryReport) -> String {
        let notifications = report.outcomes.compactMap { outcome -> String? in
            guard let failure = outcome.failure else { return nil }
            return outcome.retryAt == nil
                ? "review: notification \(outcome.notification.id) failed for good: \(failure)\n"
                : "review: warning: notification \(outcome.notification.id) not delivered: \(failure); it stays in the "
                    + "outbox (review notify flush, or review watch, sends it)\n"
        }
        let alerts = report.signingOutcomes.compactMap { outcome -> String? in
            guard let failure = outcome.failure else { return nil }
            let alert = "signing alert \(outcome.id) to channel \(outcome.alert.channel.id)"
            return outcome.retryAt == nil
                ? "review: \(alert) failed for good: \(failure)\n"
                : "review: warning: \(alert) not delivered: \(failure); it stays in the outbox (review notify flush, "
                    + "or review watch, sends it)\n"
        }
        return (notifications + alerts).joined()
    }

    private static func flushOutput(_ report: DeliveryReport, json: Bool) -> CommandOutput {
        let failed =
            report.outcomes.contains { $0.failure != nil } || report.signingOutcomes.contains { $0.failure != nil }
        let status: ExitStatus = failed ? .unavailable : .success
        if json {
            let items = report.outcomes.map { outcome in
                JSONText.object([
                    ("id", JSONText.number(outcome.notification.id)),
                    ("channel", JSONText.number(outcome.notification.channel.id)),
                    ("eventId", JSONText.number(outcome.notification.eventID)),
                    ("delivered", outcome.failure == nil ? "true" : "false"),
                    ("error", JSONText.string(outcome.failure)),
                    ("retryAt", JSONText.string(outcome.retryAt?.iso8601)),
                ])
            }
            let alerts = report.signingOutcomes.map { outcome in
                JSONText.object([
                    ("id", JSONText.string(outcome.id)), ("channel", JSONText.number(outcome.alert.channel.id)),
                    ("itemId", JSONText.number(outcome.alert.item.id)),
                    ("delivered", outcome.failure == nil ? "true" : "false"),
                    ("error", JSONText.string(outcome.failure)),
                    ("retryAt", JSONText.string(outcome.retryAt?.iso8601)),
                ])
            }
            return CommandOutput(
                status: status,
                standardOutput: "{\"notifications\": [" + items.joined(separator: ", ") + "], \"signingAlerts\": ["
                    + alerts.joined(separator: ", ") + "]}\n")
        }
        let left = report.retrying.count
        var text =
            "Delivered \(report.deliveredCount) of \(report.outcomes.count) pending notification"
            + "\(report.outcomes.count == 1 ? "" : "s"); \(left) left to retry, \(report.givenUp.count) failed.\n"
        if !report.signingOutcomes.isEmpty {
            let count = report.signingOutcomes.count
            text +=
                "Delivered \(report.signingDeliveredCount) of \(count) pending signing alert\(count == 1 ? "" : "s"); "
                + "\(report.signingRetrying.count) left to retry, \(report.signingGivenUp.count) failed.\n"
        }
        return CommandOutput(status: status, standardOutput: text, standardError: warnings(report))
    }

    /// `notify list`: the channels (URLs masked, and whether each takes signing alerts) and the notifications and
    /// signing alerts not delivered.
    static func list(json: Bool, utc: Bool, store: RelationalReviewStore) throws -> CommandOutput {
        let outbox = store
        let channels = try outbox.channels()
        let open = try outbox.notifications(statuses: [.pending, .failed])
        let openAlerts = try store.signingAlerts(statuses: [.pending, .failed])
        let renderer = Renderer(utc: utc, now: Timestamp(secondsSince1970: 0))
        if json {
            let items = open.map { notification in
                JSONText.object([
                    ("id", JSONText.number(notification.id)), ("channel", JSONText.number(notification.channel.id)),
                    ("eventId", JSONText.number(notification.eventID)),
                    ("kind", JSONText.string(notification.kind.rawValue)),
                    ("status", JSONText.string(notification.status.rawValue)),
                    ("attempts", JSONText.number(Int64(notification.attempts))),
                    ("nextAttemptAt", JSONText.string(notification.nextAttemptAt.iso8601)),
                    ("lastError", JSONText.string(notification.lastError)),
                ])
            }
            let alerts = openAlerts.map { alert in
                JSONText.object([
                    ("id", JSONText.string(alert.alert.id(itemID: alert.item.id))),
                    ("channel", JSONText.number(alert.channel.id)), ("itemId", JSONText.number(alert.item.id)),
                    ("alert", JSONText.string(alert.alert.kind.rawValue)),
                    ("threshold", alert.alert.kind == .expiring ? JSONText.number(alert.alert.threshold) : "null"),
                    ("status", JSONText.string(alert.status.rawValue)),
                    ("attempts", JSONText.number(Int64(alert.attempts))),
                    ("lastError", JSONText.string(alert.lastError)),
                ])
            }
            return CommandOutput(
                standardOutput: "{\"channels\": [" + channels.map(channelJSON).joined(separator: ", ")
                    + "], \"notifications\": [" + items.joined(separator: ", ") + "], \"signingAlerts\": ["
                    + alerts.joined(separator: ", ") + "]}\n")
        }
        if channels.isEmpty {
            return CommandOutput(
                standardOutput: "No notification channels. Add one with: review notify add slack|discord|teams|webhook "
                    + "URL\n")
        }
        // PENDING and FAILED count the channel's notifications and signing alerts.
        var rows = [["ID", "KIND", "URL", "FOR", "SIGNING", "PENDING", "FAILED"]]
        for channel in channels {
            let mine =
                open.filter { $0.channel.id == channel.id }.map(\.status)
                + openAlerts.filter { $0.channel.id == channel.id }.map(\.status)
            rows.append([
                String(channel.id), channel.kind.rawValue, channel.maskedURL, scope(channel),
                channel.takesSigningAlerts ? "yes" : "no", String(mine.count { $0 == .pending }),
                String(mine.count { $0 == .failed }),
            ])
        }
        var text = TextTable(rows: rows).render()
        // Each notification named by its event: "Fokus 2.3 (iOS) In Review".
        var events: [Int64: String] = [:]
        if open.contains(where: { $0.attempts > 0 }) {
            for event in try store.events(app: nil) {
                events[event.id] = "\(renderer.label(event.versionKey)) \(event.state.displayName)"
            }
        }
        func about(_ notification: OutboxNotification) -> String {
            let kind = notification.kind == .stateChange ? "" : " (\(notification.kind.rawValue))"
            return "event \(notification.eventID)" + (events[notification.eventID].map { ", \($0)" } ?? "") + kind
        }
        // A signing alert named by its id and its item: "signing-3-expiring-7 (client secret com.example.web)".
        func about(_ alert: OutboxSigningAlert) -> String {
            "\(alert.alert.id(itemID: alert.item.id)) (\(alert.item.kind.noun) \(TerminalText.value(alert.item.name)))"
        }
        let failed = open.filter { $0.status == .failed }
        let failedAlerts = openAlerts.filter { $0.status == .failed }
        if !failed.isEmpty || !failedAlerts.isEmpty {
            text += "\nFailed notifications (given up after a day of attempts):\n"
            for notification in failed {
                text +=
                    "  \(notification.id): \(about(notification)) to channel "
                    + "\(notification.channel.id), \(notification.attempts) attempts since "
                    + "\(notification.firstAttemptAt.map(renderer.time) ?? "?"): \(notification.lastError ?? "")\n"
            }
            for alert in failedAlerts {
                text +=
                    "  signing alert \(about(alert)) to channel \(alert.channel.id), \(alert.attempts) attempts since "
                    + "\(alert.firstAttemptAt.map(renderer.time) ?? "?"): \(alert.lastError ?? "")\n"
            }
        }
        let pending = open.filter { $0.status == .pending && $0.attempts > 0 }
        let pendingAlerts = openAlerts.filter { $0.status == .pending && $0.attempts > 0 }
        if !pending.isEmpty || !pendingAlerts.isEmpty {
            text += "\nNot delivered yet (retried with backoff; review notify flush tries them now):\n"
            for notification in pending {
                text +=
                    "  \(notification.id): \(about(notification)) to channel \(notification.channel.id), "
                    + "\(notification.attempts) attempt\(notification.attempts == 1 ? "" : "s"): "
                    + "\(notification.lastError ?? "")\n"
            }
            for alert in pendingAlerts {
                text +=
                    "  signing alert \(about(alert)) to channel \(alert.channel.id), \(alert.attempts) "
                    + "attempt\(alert.attempts == 1 ? "" : "s"): \(alert.lastError ?? "")\n"
            }
        }
        return CommandOutput(standardOutput: text)
    }

    /// "every app, every state change", "Fokus, Ledger; In Review, Rejected".
    private static func scope(_ channel: NotificationChannel) -> String {
        (channel.apps.isEmpty ? "every app" : channel.apps.joined(separator: ", ")) + "; "
            + (channel.states.isEmpty
                ? "every state change" : channel.states.map(\.displayName).joined(separator: ", "))
            + (channel.tracks.count == 1 ? "; \(channel.tracks[0].displayName) only" : "")
    }

    /// A channel's JSON; `tracks` only for a channel given one track (`notify add --track`), so a channel of both reads
    /// as before tracks.
    private static func channelJSON(_ channel: NotificationChannel) -> String {
        let tracks =
            channel.tracks.isEmpty
            ? [] : [("tracks", "[" + channel.tracks.map { JSONText.string($0.rawValue) }.joined(separator: ", ") + "]")]
        return JSONText.object(
            [
                ("id", JSONText.number(channel.id)), ("kind", JSONText.string(channel.kind.rawValue)),
                ("url", JSONText.string(channel.maskedURL)), ("signed", channel.secretFile == nil ? "false" : "true"),
                ("apps", "[" + channel.apps.map { JSONText.string($0) }.joined(separator: ", ") + "]"),
                ("states", "[" + channel.states.map { JSONText.string($0.apiString) }.joined(separator: ", ") + "]"),
                ("signing", channel.takesSigningAlerts ? "true" : "false"),
            ] + tracks)
    }

    /// The test message: about the store's latest event, else about a made-up one.
    private static func sample(_ store: any ReviewStore, now: Timestamp) throws -> NotificationMessage {
        let events = try store.events(app: nil)
        if let latest = events.max(by: { ($0.at, $0.id) < ($1.at, $1.id) }),
            let message = NotificationMessage(kind: .test, eventID: latest.id, events: events, now: now)
        {
            return message
        }
        let event = ReviewEvent(
            id: 0, app: App(name: "Gatehouse test"), platform: .iOS, version: "1.0", state: .inReview, at: now)
        return NotificationMessage(kind: .test, id: "0-test", event: event)
    }
}

/// A task executor running its jobs one at a time on a dispatch queue of its own (SE-0417 task executor preference),
/// for the delivery `log` and `sync` wait for: independent of the concurrency pool that a caller may be blocking.
final class DeliveryThread: TaskExecutor {
    static let shared = DeliveryThread()
    private let queue = DispatchQueue(label: "Gatehouse.NotifyDelivery.delivery")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
