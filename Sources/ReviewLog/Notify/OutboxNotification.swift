/// One notification in the store's outbox: a channel and the event it is about, with its delivery state.
///
/// Rows are written in the transaction that records their event, so an event is never stored without its
/// notifications; delivery is at least once (a deliverer killed after sending and before marking sends again).
public struct OutboxNotification: Sendable, Hashable {
    /// What the notification says.
    public enum Kind: String, Sendable, CaseIterable {
        /// The version entered the event's state.
        case stateChange = "state-change"
        /// The cycle has been waiting or in review longer than the user's own 90th percentile.
        case reminderOwnP90 = "reminder-p90"
        /// The cycle has been waiting or in review longer than 48 hours.
        case reminderLongWait = "reminder-48h"
    }

    /// Where a notification stands.
    public enum Status: String, Sendable, CaseIterable {
        /// Not delivered yet; tried again after `nextAttemptAt`.
        case pending
        /// A 2xx answer was received.
        case delivered
        /// Given up on after a day of attempts.
        case failed
    }

    /// The outbox row's id.
    public var id: Int64
    /// The channel.
    public var channel: NotificationChannel
    /// The event: the state entered, or for a reminder the cycle's current state.
    public var eventID: Int64
    /// What it says.
    public var kind: Kind
    /// Where it stands.
    public var status: Status
    /// How many deliveries were tried.
    public var attempts: Int
    /// The first try, if any.
    public var firstAttemptAt: Timestamp?
    /// When it is due again (backoff); 0 for at once.
    public var nextAttemptAt: Timestamp
    /// Why the last try failed.
    public var lastError: String?
    /// When it was delivered.
    public var deliveredAt: Timestamp?

    /// Creates a notification as read from the store.
    /// - Parameters:
    ///   - id: the row's id.
    ///   - channel: where it goes.
    ///   - eventID: the event.
    ///   - kind: what it says.
    ///   - status: where it stands.
    ///   - attempts: tries so far.
    ///   - firstAttemptAt: the first try.
    ///   - nextAttemptAt: when it is due.
    ///   - lastError: why the last try failed.
    ///   - deliveredAt: when it was delivered.
    public init(
        id: Int64, channel: NotificationChannel, eventID: Int64, kind: Kind, status: Status = .pending,
        attempts: Int = 0, firstAttemptAt: Timestamp? = nil, nextAttemptAt: Timestamp = Timestamp(secondsSince1970: 0),
        lastError: String? = nil, deliveredAt: Timestamp? = nil
    ) {
        self.id = id
        self.channel = channel
        self.eventID = eventID
        self.kind = kind
        self.status = status
        self.attempts = attempts
        self.firstAttemptAt = firstAttemptAt
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.deliveredAt = deliveredAt
    }
}
