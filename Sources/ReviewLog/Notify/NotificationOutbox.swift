/// The notification side of a store: channels, the transactional outbox, and reminders. A store that records events
/// (``ReviewStore/record(_:)``, ``ReviewStore/applySync(_:)``, ``importEvents(_:notify:)``) writes each new event's
/// notifications, one per channel that wants it, in the same transaction as the event.
public protocol NotificationOutbox: OffloadingStore {
    /// Adds a channel.
    /// - Parameter channel: the channel; its `id` is ignored.
    /// - Returns: the channel with its new id.
    /// - Throws: `ReviewError` store errors.
    func addChannel(_ channel: NotificationChannel) throws(ReviewError) -> NotificationChannel

    /// Every channel, by id.
    /// - Returns: the channels.
    /// - Throws: `ReviewError` store errors.
    func channels() throws(ReviewError) -> [NotificationChannel]

    /// Removes a channel and its undelivered notifications.
    /// - Parameter id: the channel's id.
    /// - Returns: the removed channel.
    /// - Throws: `ReviewError.channelNotFound`, store errors.
    func removeChannel(id: Int64) throws(ReviewError) -> NotificationChannel

    /// Notifications in the outbox.
    /// - Parameter statuses: which ones (empty: all).
    /// - Returns: them, oldest first.
    /// - Throws: `ReviewError` store errors.
    func notifications(statuses: Set<OutboxNotification.Status>) throws(ReviewError) -> [OutboxNotification]

    /// Takes the pending notifications due at `now` and held by no other deliverer, optionally only those of some
    /// events, and holds each one until `now + lease` (its next attempt moves there too), in one transaction, so
    /// another deliverer does not take them meanwhile: each notification is sent by one deliverer at a time. A
    /// deliverer killed while sending leaves them pending: its claim lapses and they are sent again (at least once).
    /// With `ignoringBackoff` (`review notify flush`, which holds the store's `notify-flush` role) every pending one
    /// is taken, due or not, except those a deliverer holds; one held by another flush is taken (flushes run one at a
    /// time, so that flush is dead).
    /// - Parameters:
    ///   - now: the current time.
    ///   - lease: how long the taken ones are left to this deliverer.
    ///   - ignoringBackoff: take every pending one not held by a deliverer, due or not (`review notify flush`).
    ///   - eventIDs: only these events' notifications, or `nil` for all.
    /// - Returns: the taken notifications, oldest first.
    /// - Throws: `ReviewError` store errors.
    func claimDueNotifications(now: Timestamp, lease: Int64, ignoringBackoff: Bool, eventIDs: [Int64]?)
        throws(ReviewError)
        -> [OutboxNotification]

    /// Records a delivery.
    /// - Parameters:
    ///   - id: the notification.
    ///   - at: when the 2xx answer came.
    /// - Throws: `ReviewError` store errors.
    func markDelivered(id: Int64, at: Timestamp) throws(ReviewError)

    /// Every event of the apps the given events belong to, ordered by id: what the deliverer works its messages out
    /// from, instead of the whole store (a message tells its version's history, which is its app's).
    /// - Parameter eventIDs: the events of the notifications being sent, in any order; ids not in the store add
    ///   nothing.
    /// - Returns: the events of those apps (none for no ids).
    /// - Throws: `ReviewError` store errors.
    func events(ofAppsOfEvents eventIDs: [Int64]) throws(ReviewError) -> [ReviewEvent]

    /// Records a failed try: the next one is due at `retryAt`, or, with `retryAt` nil, the notification is failed.
    /// - Parameters:
    ///   - id: the notification.
    ///   - at: when it was tried.
    ///   - error: why it failed.
    ///   - retryAt: when to try again, or `nil` to give up.
    /// - Throws: `ReviewError` store errors.
    func markFailedAttempt(id: Int64, at: Timestamp, error: String, retryAt: Timestamp?) throws(ReviewError)

    /// Adds events from an import like ``ReviewStore/importEvents(_:)``, writing the new events' notifications in the
    /// same transaction when `notify` is true.
    /// - Parameters:
    ///   - events: the events; an `id` of 0 asks for a new id.
    ///   - notify: whether new events are notified.
    /// - Returns: how many were added and how many were already present.
    /// - Throws: as ``ReviewStore/importEvents(_:)``.
    func importEvents(_ events: [ReviewEvent], notify: Bool) throws(ReviewError) -> ImportSummary

    /// Enqueues the reminders that are due at `now`, each once per threshold per cycle: a cycle in Waiting for Review
    /// or In Review (with a known start) past the user's own 90th percentile of time to decision
    /// (``OpenCycleComparison/isPastOwnP90``), and past 48 hours (``OpenCycleComparison/isPastLongWait``). The
    /// reminder and its notifications are written in one transaction. A cycle that crosses both thresholds at once
    /// gets one reminder, the 48 hours' (which says the 90th percentile is past too); both are recorded, so the other
    /// never follows.
    /// - Parameter now: the current time.
    /// - Returns: how many reminders were enqueued (whether or not a channel wanted them).
    /// - Throws: `ReviewError` store errors.
    func recordReminders(now: Timestamp) throws(ReviewError) -> Int
}
