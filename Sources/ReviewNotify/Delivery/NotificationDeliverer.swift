public import GatehouseCore
import GatehouseFoundation
public import GatehouseHTTP
public import ReviewLog
import Synchronization

/// Delivers the store's outbox: claims what is due, works out each message from the store's events, sends it to its
/// channel with the libcurl client's rules (https, plain http only to loopback, a total timeout and a response cap),
/// and records the outcome: delivered on a 2xx answer, else tried again with exponential backoff (``RetryPolicy``)
/// for a day, then failed. The signing tracker's alerts (`SigningStore`'s outbox) go by the same rules, in the same
/// rounds: each is worked out when it is sent (``SigningAlertMessage``) from the item as the store holds it then.
///
/// At least once: the outcome is recorded after the answer, so a deliverer killed in between sends again once the
/// claim's lease has passed (a flush takes a dead flush's claim at once). Receivers deduplicate by the message's id.
///
/// `review log` runs one bounded round for the event it recorded, `review notify flush` one round over everything
/// pending, and `review watch` ``run(every:remindingEvery:wake:isStopped:report:failure:)`` in the background
/// (`review serve` the same rounds, under its service's shutdown).
public struct NotificationDeliverer: Sendable {
    /// The store: its events, its outbox and its signing alerts' outbox.
    public let store: any ReviewStore & NotificationOutbox & SigningStore
    /// The HTTP client.
    public let http: any HTTPFetching
    /// The clock: claim times, `sentAt`, backoff.
    public let clock: any TimeSource
    /// The backoff.
    public let policy: RetryPolicy
    /// How long a claimed notification is left to this deliverer before another may take it (seconds).
    public let lease: Int64

    /// Creates a deliverer.
    /// - Parameters:
    ///   - store: whose outboxes are delivered, and whose events and signing items the messages are worked out from.
    ///   - http: the client; libcurl's with a 10 s total timeout by default.
    ///   - clock: claim times, `sentAt` and backoff; the system clock by default.
    ///   - policy: the backoff.
    ///   - lease: seconds a claim lasts; longer than a request's timeout.
    public init(
        store: any ReviewStore & NotificationOutbox & SigningStore, http: any HTTPFetching = CurlHTTPClient(),
        clock: any TimeSource = .system, policy: RetryPolicy = RetryPolicy(), lease: Int64 = 120
    ) {
        self.store = store
        self.http = http
        self.clock = clock
        self.policy = policy
        self.lease = lease
    }

    var now: Timestamp { Timestamp(now: clock) }

    /// One round: claims the due notifications (every pending one with `ignoringBackoff`), optionally only some
    /// events', and the due signing alerts, and tries each once.
    /// - Parameters:
    ///   - ignoringBackoff: try every pending one now (`review notify flush`).
    ///   - eventIDs: only these events' notifications, or `nil` for all.
    ///   - signingAlerts: also the signing alerts due (`review log`, which delivers its own event's notifications,
    ///     leaves them out).
    /// - Returns: what happened to each.
    /// - Throws: `ReviewError` store errors (a failed delivery is an outcome, not an error).
    public func deliverPending(ignoringBackoff: Bool = false, eventIDs: [Int64]? = nil, signingAlerts: Bool = true)
        async throws -> DeliveryReport
    {
        // Every store call runs on the store's own queue (`offload`): a claim waiting for the database's lock holds no
        // cooperative thread.
        let store = self.store
        let (now, lease) = (self.now, self.lease)
        let claimed = try await store.offload { () throws(ReviewError) -> [OutboxNotification] in
            try store.claimDueNotifications(
                now: now, lease: lease, ignoringBackoff: ignoringBackoff, eventIDs: eventIDs)
        }
        let claimedAlerts =
            signingAlerts
            ? try await store.offload { () throws(ReviewError) -> [OutboxSigningAlert] in
                try store.claimDueSigningAlerts(now: now, lease: lease, ignoringBackoff: ignoringBackoff)
            } : []
        var report = DeliveryReport()
        guard !claimed.isEmpty || !claimedAlerts.isEmpty else { return report }
        // The claimed notifications' apps' events, not the whole store's; every app's only for a message that compares
        // an open cycle with the user's decided ones (NotificationMessage says when), once per round.
        let appEvents =
            claimed.isEmpty
            ? []
            : try await store.offload { () throws(ReviewError) -> [ReviewEvent] in
                try store.events(ofAppsOfEvents: claimed.map(\.eventID))
            }
        let everyEvent = EveryEvent(store: store)
        let statuses = try await signingStatuses(for: claimedAlerts, now: now)
        // Channels are served at once, each in its own task; a channel's notifications go one after another, oldest
        // first, so a receiver sees a version's states in order, then its signing alerts. A round then takes as long
        // as its slowest channel.
        let byChannel = Dictionary(grouping: claimed, by: \.channel.id)
        let alertsByChannel = Dictionary(grouping: claimedAlerts, by: \.channel.id)
        let outcomes = try await withThrowingTaskGroup(
            of: ([DeliveryReport.Outcome], [DeliveryReport.SigningOutcome]).self
        ) { group in
            for channelID in Set(byChannel.keys).union(alertsByChannel.keys).sorted() {
                let notifications = byChannel[channelID] ?? []
                let alerts = alertsByChannel[channelID] ?? []
                group.addTask {
                    let outcomes = try await deliver(notifications, appEvents: appEvents, everyEvent: everyEvent)
                    return (outcomes, try await deliverSigning(alerts, statuses: statuses))
                }
            }
            var all: ([DeliveryReport.Outcome], [DeliveryReport.SigningOutcome]) = ([], [])
            for try await outcomes in group {
                all.0 += outcomes.0
                all.1 += outcomes.1
            }
            return all
        }
        report.outcomes = outcomes.0.sorted { $0.notification.id < $1.notification.id }
        report.signingOutcomes = outcomes.1.sorted { $0.alert.id < $1.alert.id }
        return report
    }

    /// Tries each of one channel's notifications once, in order, and records each outcome.
    private func deliver(
        _ notifications: [OutboxNotification], appEvents: [ReviewEvent], everyEvent: EveryEvent
    ) async throws -> [DeliveryReport.Outcome] {
        var outcomes: [DeliveryReport.Outcome] = []
        for notification in notifications {
            let attempt: DeliveryAttempt
            if let message = try await NotificationMessage(
                kind: NotificationMessage.Kind(notification.kind), eventID: notification.eventID,
                appEvents: appEvents, now: now, everyEvent: { try await everyEvent.read() })
            {
                attempt = await send(message, to: notification.channel)
            } else {
                attempt = .failed(reason: "event \(notification.eventID) is no longer in the store")
            }
            let at = now
            let store = self.store
            switch attempt {
            case .delivered:
                try await store.offload { () throws(ReviewError) in try store.markDelivered(id: notification.id, at: at)
                }
                outcomes.append(.init(notification: notification, failure: nil, retryAt: nil))
            case .failed(let reason):
                let retryAt = policy.retryAt(
                    attempts: notification.attempts + 1, firstAttemptAt: notification.firstAttemptAt ?? at, now: at)
                try await store.offload { () throws(ReviewError) in
                    try store.markFailedAttempt(id: notification.id, at: at, error: reason, retryAt: retryAt)
                }
                outcomes.append(.init(notification: notification, failure: reason, retryAt: retryAt))
            }
        }
        return outcomes
    }

    /// Where the claimed alerts' items stand now, by item id: every item is read (whether another replaces it, and
    /// the alert days, decide a state), once per round and only when an alert was claimed.
    private func signingStatuses(for alerts: [OutboxSigningAlert], now: Timestamp) async throws
        -> [Int64: SigningItemStatus]
    {
        guard !alerts.isEmpty else { return [:] }
        let store = self.store
        let (items, days) = try await store.offload { () throws(ReviewError) -> ([SigningItem], [Int64]) in
            (try store.signingItems(), try store.signingAlertDays())
        }
        let statuses = SigningItemStatus.of(items, at: now, expiringWithin: days.max() ?? 0)
        return Dictionary(statuses.map { ($0.item.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Tries each of one channel's signing alerts once, in order, and records each outcome. An alert that no longer
    /// applies (its item renewed, or a re-read file's new date after an alert about the old one) is not sent: the next
    /// `SigningStore.recordSigningAlerts(now:)` closes it.
    private func deliverSigning(_ alerts: [OutboxSigningAlert], statuses: [Int64: SigningItemStatus]) async throws
        -> [DeliveryReport.SigningOutcome]
    {
        var outcomes: [DeliveryReport.SigningOutcome] = []
        for alert in alerts {
            let at = now
            // An item removed since the round began is the claimed one: it is told as it was.
            let status =
                statuses[alert.item.id]
                ?? SigningItemStatus.of([alert.item], at: at, expiringWithin: SigningAlert.defaultDays[0])[0]
            guard alert.alert.applies(to: status) else { continue }
            let attempt = await send(SigningAlertMessage(alert: alert.alert, status: status, at: at), to: alert.channel)
            let store = self.store
            switch attempt {
            case .delivered:
                try await store.offload { () throws(ReviewError) in
                    try store.markSigningAlertDelivered(id: alert.id, at: at)
                }
                outcomes.append(.init(alert: alert, failure: nil, retryAt: nil))
            case .failed(let reason):
                let retryAt = policy.retryAt(
                    attempts: alert.attempts + 1, firstAttemptAt: alert.firstAttemptAt ?? at, now: at)
                try await store.offload { () throws(ReviewError) in
                    try store.markSigningAlertFailed(id: alert.id, at: at, error: reason, retryAt: retryAt)
                }
                outcomes.append(.init(alert: alert, failure: reason, retryAt: retryAt))
            }
        }
        return outcomes
    }

    /// Sends one message to a channel now, outside the outbox (`review notify test`, and each outbox try).
    /// - Parameters:
    ///   - message: what to say.
    ///   - channel: where to.
    /// - Returns: delivered with the status, or failed naming the channel's masked URL and the cause.
    public func send(_ message: NotificationMessage, to channel: NotificationChannel) async -> DeliveryAttempt {
        let sentAt = now
        return await send(to: channel) { key in
            try NotificationPayload.request(for: message, channel: channel, sentAt: sentAt, key: key)
        }
    }

    /// Sends one signing alert to a channel now (each outbox try), with the same request rules, signature and failure
    /// reasons as a review notification.
    /// - Parameters:
    ///   - message: what to say.
    ///   - channel: where to.
    /// - Returns: delivered with the status, or failed naming the channel's masked URL and the cause.
    public func send(_ message: SigningAlertMessage, to channel: NotificationChannel) async -> DeliveryAttempt {
        let sentAt = now
        return await send(to: channel) { key in
            try NotificationPayload.request(for: message, channel: channel, sentAt: sentAt, key: key)
        }
    }

    /// Sends the request `request` builds with the channel's signing key (read from its secret file at each try).
    private func send(to channel: NotificationChannel, request: ([UInt8]?) throws -> HTTPRequest) async
        -> DeliveryAttempt
    {
        let target = "\(channel.kind.rawValue) channel \(channel.id) (\(channel.maskedURL))"
        var key: [UInt8]?
        if let secretFile = channel.secretFile {
            guard let data = FileManager.default.contents(atPath: secretFile) else {
                return .failed(reason: "\(target): cannot read its secret file \(secretFile)")
            }
            key = GatehouseWebhookSignature.key(fromFileBytes: [UInt8](data))
        }
        do {
            let response = try await http.send(try request(key))
            if response.isSuccess { return .delivered(status: response.status) }
            return .failed(reason: "\(target) answered \(response.status)")
        } catch let error as HTTPError {
            // The reason names the URL: it is the credential of Slack and Discord webhooks, so only the code is kept.
            return .failed(reason: "\(target): \(Self.explanation(error.code))")
        } catch {
            return .failed(reason: "\(target): \(error)")
        }
    }

    /// Runs until `isStopped`: every interval delivers what is due, and every `reminderInterval` first records the
    /// reminders due (`NotificationOutbox.recordReminders(now:)`, which reads every event, so not every round) and the
    /// signing alerts due (`SigningStore.recordSigningAlerts(now:)`).
    /// `review watch` runs it beside its passes. A `wake` (`review serve`'s webhook receiver signals one after recording
    /// an event) makes the event's notification go out at once rather than at the next round.
    /// - Parameters:
    ///   - interval: between rounds (default 5 s).
    ///   - reminderInterval: between reminder checks (default 60 s; the first round checks).
    ///   - wake: ends the wait between rounds early when signalled (a signal during a round ends the next wait).
    ///   - isStopped: checked between rounds and every second of the wait.
    ///   - report: called with each round that tried something.
    ///   - failure: called with each round that failed on the store.
    public func run(
        every interval: Duration = .seconds(5), remindingEvery reminderInterval: Int64 = 60, wake: DeliveryWake? = nil,
        isStopped: @escaping @Sendable () -> Bool, report: @escaping @Sendable (DeliveryReport) -> Void,
        failure: @escaping @Sendable (any Error) -> Void
    ) async {
        await rounds(remindingEvery: reminderInterval, isStopped: isStopped, report: report, failure: failure) {
            var remaining = interval
            while !isStopped(), remaining > .zero {
                let slice = min(remaining, .seconds(1))
                if let wake {
                    if await wake.wait(upTo: slice) { break }
                } else {
                    try? await Task.sleep(for: slice)
                }
                remaining -= slice
            }
        }
    }

    /// The loop of a service (`review serve`'s `WebhookService`): rounds as in
    /// ``run(every:remindingEvery:wake:isStopped:report:failure:)``, but the wait between two rounds is one wait, on
    /// `clock`, ended early by `wake` or by `shutdown`, and no flag is polled. A round in progress when `shutdown` is
    /// triggered is finished (each notification tried is recorded), then the loop returns.
    /// - Parameters:
    ///   - interval: between rounds, on `clock`.
    ///   - reminderInterval: between reminder checks, in seconds of the deliverer's `TimeSource`.
    ///   - wake: ends the wait between rounds early when signalled.
    ///   - clock: what the waits are timed on (a test clock moves them by hand).
    ///   - shutdown: ends the loop after its current round.
    ///   - report: called with each round that tried something.
    ///   - failure: called with each round that failed on the store.
    package func run(
        every interval: Duration, remindingEvery reminderInterval: Int64 = 60, wake: DeliveryWake,
        clock: any Clock<Duration>, until shutdown: GracefulShutdown,
        report: @escaping @Sendable (DeliveryReport) -> Void, failure: @escaping @Sendable (any Error) -> Void
    ) async {
        await rounds(
            remindingEvery: reminderInterval, isStopped: { shutdown.isTriggered }, report: report, failure: failure
        ) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { _ = await wake.wait(upTo: interval, on: clock) }
                group.addTask { await shutdown.wait() }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Rounds until `isStopped`, with `pause` between two: every round delivers what is due, and every
    /// `reminderInterval` seconds one first records the reminders and the signing alerts due.
    private func rounds(
        remindingEvery reminderInterval: Int64, isStopped: @escaping @Sendable () -> Bool,
        report: @escaping @Sendable (DeliveryReport) -> Void, failure: @escaping @Sendable (any Error) -> Void,
        pause: () async -> Void
    ) async {
        var lastReminderCheck: Timestamp?
        while !isStopped() {
            do {
                if lastReminderCheck.map({ $0.seconds(until: now) >= reminderInterval }) ?? true {
                    let (store, now) = (self.store, self.now)
                    lastReminderCheck = now
                    _ = try await store.offload { () throws(ReviewError) -> Int in
                        try store.recordReminders(now: now) + store.recordSigningAlerts(now: now)
                    }
                }
                let round = try await deliverPending()
                if !round.isEmpty { report(round) }
            } catch {
                failure(error)
            }
            await pause()
        }
    }

    /// What an HTTP failure means, without the URL (an `HTTPError`'s reason quotes it whole): for every message about a
    /// channel, whose URL is shown only masked (`NotificationChannel.maskedURL`).
    /// - Parameter code: the failure's code.
    /// - Returns: the cause and the fix, in words.
    package static func explanation(_ code: HTTPError.Code) -> String {
        switch code {
        case .insecureURL:
            "use https (plain http is allowed only to a loopback host, and never to an unspecified address such as "
                + "0.0.0.0)"
        case .invalidURL: "the URL does not parse"
        case .connectionFailed: "the connection failed (name not resolved, or refused)"
        case .timedOut: "no answer within the time limit"
        case .tlsFailure: "the TLS handshake failed or the certificate did not verify"
        case .responseTooLarge: "the answer was too large"
        case .tooManyRedirects: "too many redirects"
        default: "the transfer failed (\(code))"
        }
    }
}

/// Every app's events, read from the store at most once per round and only when a message asks for them; shared by
/// the round's channel tasks: the first to ask starts the read (on the store's queue), and the others await that
/// same read.
private final class EveryEvent: Sendable {
    private let store: any ReviewStore
    private let reading = Mutex<Task<[ReviewEvent], any Error>?>(nil)

    init(store: any ReviewStore) { self.store = store }

    func read() async throws -> [ReviewEvent] {
        let store = self.store
        let task = reading.withLockVisibleToTSan {
            (started: inout sending Task<[ReviewEvent], any Error>?) -> Task<[ReviewEvent], any Error> in
            if let started { return started }
            let task = Task { () async throws -> [ReviewEvent] in
                try await store.offload { () throws(ReviewError) -> [ReviewEvent] in try store.events(app: nil) }
            }
            started = task
            return task
        }
        return try await task.value
    }
}

extension NotificationMessage.Kind {
    /// The message kind of an outbox notification kind.
    init(_ kind: OutboxNotification.Kind) {
        switch kind {
        case .stateChange: self = .stateChange
        case .reminderOwnP90: self = .reminderOwnP90
        case .reminderLongWait: self = .reminderLongWait
        }
    }
}
