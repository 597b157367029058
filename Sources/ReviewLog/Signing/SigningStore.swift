/// The signing tracker's side of a store: the items (App Store Connect certificates and profiles, local files), their
/// history, the alert days, and the signing alerts' outbox. `RelationalReviewStore` is one, on SQLite and PostgreSQL.
public protocol SigningStore: OffloadingStore {
    /// Records what one App Store Connect pass read of one source, in one transaction: new items are added, changed
    /// ones updated (with an observation in their history), and the items of a list that was read completely but
    /// lacks them are marked gone (their last seen kept); a list that could not be read (nil) leaves its items as they
    /// were. A pass that sees nothing new writes no item (only the source's last complete pass).
    /// - Parameter listing: what the pass read.
    /// - Returns: what changed.
    /// - Throws: `ReviewError` store errors.
    func applySigningListing(_ listing: SigningListing) throws(ReviewError) -> [SigningChange]

    /// Starts tracking a local file.
    /// - Parameters:
    ///   - sighting: what was read of it (its reference is its absolute path).
    ///   - name: the name to show instead of the one read, if any.
    ///   - at: now.
    /// - Returns: the item; a file already tracked keeps its id, takes what was read and the new name if one is given.
    /// - Throws: `ReviewError` `invalidValue` (a name that cannot be stored), store errors.
    func trackSigningFile(_ sighting: SigningSighting, name: String?, at: Timestamp) throws(ReviewError) -> SigningItem

    /// Records a re-read of a tracked local file: what was read (a new expiry starts a new generation of alerts), or
    /// that it is missing. Writes nothing when nothing changed.
    /// - Parameters:
    ///   - id: the item.
    ///   - sighting: what was read, or nil when the file is missing.
    ///   - at: now.
    /// - Returns: the change, if any.
    /// - Throws: `ReviewError` `signingItemNotFound`, store errors.
    func recordSigningFileRead(id: Int64, _ sighting: SigningSighting?, at: Timestamp) throws(ReviewError)
        -> SigningChange?

    /// Stops tracking an item (and drops its history and pending alerts). An App Store Connect item that is still
    /// listed comes back at the next pass.
    /// - Parameter id: the item's id.
    /// - Returns: the removed item.
    /// - Throws: `ReviewError.signingItemNotFound`, store errors.
    func removeSigningItem(id: Int64) throws(ReviewError) -> SigningItem

    /// Every item, by id.
    /// - Returns: the items.
    /// - Throws: `ReviewError` store errors.
    func signingItems() throws(ReviewError) -> [SigningItem]

    /// The alert days, largest first (``SigningAlert/defaultDays`` until set).
    /// - Returns: the days.
    /// - Throws: `ReviewError` store errors.
    func signingAlertDays() throws(ReviewError) -> [Int64]

    /// Sets the alert days.
    /// - Parameter days: one to ten whole days, each from 1 to 365.
    /// - Returns: the days as stored, largest first.
    /// - Throws: `ReviewError.invalidValue`, store errors.
    func setSigningAlertDays(_ days: [Int64]) throws(ReviewError) -> [Int64]

    /// Records the signing alerts due at `now` (``SigningAlert/due(for:days:recorded:)``) and enqueues each one to be
    /// sent, one per channel that takes signing alerts, in one transaction: nothing twice, nothing lost. In the same
    /// transaction it closes (drops from the outbox) the pending alerts that no longer apply: every one of an item a
    /// newer one replaces (renewed), and those about an earlier expiry date of an item that has another (a re-read
    /// file's new date: its alerts start again), so a renewal is never followed by a stale "expires in 3 days".
    /// - Parameter now: the current time.
    /// - Returns: how many alerts are to be sent (whether or not a channel takes them).
    /// - Throws: `ReviewError` store errors.
    func recordSigningAlerts(now: Timestamp) throws(ReviewError) -> Int

    /// Takes the pending signing alerts due at `now` and held by no other deliverer, as
    /// ``NotificationOutbox/claimDueNotifications(now:lease:ignoringBackoff:eventIDs:)`` does review notifications.
    /// - Parameters:
    ///   - now: the current time.
    ///   - lease: how long the taken ones are left to this deliverer.
    ///   - ignoringBackoff: take every pending one not held by a deliverer (`review notify flush`).
    /// - Returns: the taken alerts, oldest first.
    /// - Throws: `ReviewError` store errors.
    func claimDueSigningAlerts(now: Timestamp, lease: Int64, ignoringBackoff: Bool) throws(ReviewError)
        -> [OutboxSigningAlert]

    /// Records a delivered signing alert.
    /// - Parameters:
    ///   - id: the outbox row.
    ///   - at: when the 2xx answer came.
    /// - Throws: `ReviewError` store errors.
    func markSigningAlertDelivered(id: Int64, at: Timestamp) throws(ReviewError)

    /// Records a failed try of a signing alert: the next is due at `retryAt`, or with nil it is failed.
    /// - Parameters:
    ///   - id: the outbox row.
    ///   - at: when it was tried.
    ///   - error: why it failed.
    ///   - retryAt: when to try again, or nil to give up.
    /// - Throws: `ReviewError` store errors.
    func markSigningAlertFailed(id: Int64, at: Timestamp, error: String, retryAt: Timestamp?) throws(ReviewError)

    /// The signing alerts in the outbox.
    /// - Parameter statuses: which ones (empty: all).
    /// - Returns: them, oldest first.
    /// - Throws: `ReviewError` store errors.
    func signingAlerts(statuses: Set<OutboxNotification.Status>) throws(ReviewError) -> [OutboxSigningAlert]
}

/// One signing alert in the store's outbox: a channel, the item (as it is now) and the alert, with its delivery state.
public struct OutboxSigningAlert: Sendable, Hashable {
    /// The outbox row's id.
    public var id: Int64
    /// The channel.
    public var channel: NotificationChannel
    /// The item, as the store holds it now.
    public var item: SigningItem
    /// The alert.
    public var alert: SigningAlert
    /// When the alert was recorded.
    public var recordedAt: Timestamp
    /// Where it stands.
    public var status: OutboxNotification.Status
    /// How many deliveries were tried.
    public var attempts: Int
    /// The first try, if any.
    public var firstAttemptAt: Timestamp?
    /// Why the last try failed.
    public var lastError: String?
    /// When it was delivered.
    public var deliveredAt: Timestamp?

    /// Creates an outbox signing alert as read from the store.
    public init(
        id: Int64, channel: NotificationChannel, item: SigningItem, alert: SigningAlert, recordedAt: Timestamp,
        status: OutboxNotification.Status = .pending, attempts: Int = 0, firstAttemptAt: Timestamp? = nil,
        lastError: String? = nil, deliveredAt: Timestamp? = nil
    ) {
        self.id = id
        self.channel = channel
        self.item = item
        self.alert = alert
        self.recordedAt = recordedAt
        self.status = status
        self.attempts = attempts
        self.firstAttemptAt = firstAttemptAt
        self.lastError = lastError
        self.deliveredAt = deliveredAt
    }
}
