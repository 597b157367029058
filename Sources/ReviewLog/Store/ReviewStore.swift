/// Where review events are kept. Commands talk to this protocol only, so a shared server database (PostgreSQL) can
/// be added without touching them.
///
/// Implementations record each event atomically and idempotently: logging the same app, platform, version, state
/// and time twice stores one event. They are `Sendable`: one store object serves concurrent callers (the requests of
/// `review serve`), each call one serialized unit of work on the store's connection. The calls are synchronous; async
/// code makes them through ``OffloadingStore/offload(_:)``, so that a wait for the database holds no cooperative
/// thread. Every requirement throws `ReviewError` only.
///
/// `RelationalReviewStore` is the store Gatehouse ships, on SQLite or PostgreSQL, with every capability
/// (`WebhookDeliveryStore`, `NotificationOutbox`, `RoleLeasing`); the protocols are what the libraries take, so that
/// a test can hand them a stand-in.
public protocol ReviewStore: OffloadingStore {
    /// Records one event, resolving a missing version to the app's latest on that platform, and sets the app's
    /// bundle ID and App Store ID when the request gives ones the app lacks, in the same transaction.
    /// - Parameter request: what to record.
    /// - Returns: the stored event (its app with its identifiers), whether it was new, and the event before it.
    /// - Throws: `ReviewError` (`versionRequired`; `invalidValue`; `identifierMismatch` for an identifier other than
    ///   the app's, `identifierTaken` for one another app holds; store errors).
    func record(_ request: LogRequest) throws(ReviewError) -> LogResult

    /// Events, ordered by id.
    /// - Parameter app: an app's name (case-insensitive), or `nil` for every app.
    /// - Returns: the events.
    /// - Throws: `ReviewError` store errors.
    func events(app: String?) throws(ReviewError) -> [ReviewEvent]

    /// The app of that name (case-insensitive), if any.
    /// - Returns: the app, or `nil`.
    /// - Throws: `ReviewError` store errors.
    func app(named name: String) throws(ReviewError) -> App?

    /// Every app's name, sorted.
    /// - Returns: the names.
    /// - Throws: `ReviewError` store errors.
    func appNames() throws(ReviewError) -> [String]

    /// Deletes one event.
    /// - Parameter id: the event's id.
    /// - Returns: the deleted event.
    /// - Throws: `ReviewError.eventNotFound`, store errors.
    func deleteEvent(id: Int64) throws(ReviewError) -> ReviewEvent

    /// Adds events from an import in one transaction, keeping each event's id when the store does not use it
    /// yet; events already present (same app, platform, version, state and time) are left as they are.
    /// - Parameter events: the events; an `id` of 0 asks for a new id.
    /// - Returns: how many were added and how many were already present.
    /// - Throws: `ReviewError.malformedImport` for a value that cannot be stored, store errors.
    func importEvents(_ events: [ReviewEvent]) throws(ReviewError) -> ImportSummary

    /// Records what one look at App Store Connect saw for one app, in one transaction: the app (matched by its
    /// App Store Connect id, else its bundle ID, else its name case-insensitively; a hand-logged history is kept),
    /// each version's state when it changed since the last look (a Waiting for Review at its submission's
    /// `submittedDate`, exactly; any other state at the look's time, observed after the previous look, or with an
    /// unknown start on the app's first look), and the sync state. Idempotent: a look that sees nothing new records
    /// nothing, and a state the version's latest event already has (logged by hand, say) is not recorded twice.
    /// - Parameter app: what the look saw.
    /// - Returns: the versions whose state changed.
    /// - Throws: `ReviewError` store errors.
    func applySync(_ app: SyncedApp) throws(ReviewError) -> [SyncChange]

    /// Where an app's TestFlight builds stood at the last look that read them, by the app's App Store Connect id:
    /// how far back the next look reads, and which builds it follows wherever they are in the list.
    /// - Parameter ascAppID: the app's App Store Connect id.
    /// - Returns: the last look's time (nil before the first, and for an app never synced) and the builds it saw in
    ///   Beta App Review.
    /// - Throws: `ReviewError` store errors.
    func testFlightLook(ascAppID: String) throws(ReviewError) -> TestFlightLook

    /// When each synced app was last looked at and last changed, by app name.
    /// - Returns: the sync state of every synced app.
    /// - Throws: `ReviewError` store errors.
    func syncedApps() throws(ReviewError) -> [SyncedAppState]

    /// Every app with what it holds, sorted by name.
    /// - Returns: the apps.
    /// - Throws: `ReviewError` store errors.
    func apps() throws(ReviewError) -> [AppSummary]

    /// Renames an app; its events, identifiers and sync state stay with it. A change of case only is a rename too.
    /// - Parameters:
    ///   - name: the app's name (case-insensitive).
    ///   - newName: the name it is shown and typed by from now on, its case as given.
    /// - Returns: the app as renamed.
    /// - Throws: `ReviewError` `appNotFound`, `invalidValue` (a name that cannot be stored), `conflict` (another app
    ///   has the name: merge instead), store errors.
    func renameApp(_ name: String, to newName: String) throws(ReviewError) -> App

    /// Moves everything of one app (its events, its sync state, every row of any table that refers to it) to
    /// another and removes it, in one transaction; a missing bundle ID or App Store Connect id is taken from it.
    /// - Parameters:
    ///   - name: the app merged away (case-insensitive).
    ///   - target: the app kept.
    /// - Returns: what was moved.
    /// - Throws: `ReviewError` `appNotFound`, `invalidValue` (the same app twice), `conflict` (events of both
    ///   recording the same state at the same time, different identifiers, both synced), store errors. On a throw
    ///   nothing was changed.
    func mergeApp(_ name: String, into target: String) throws(ReviewError) -> AppMerge

    /// Changes an event's note and time (see `EventEdit` for what may be edited and what the idempotency key is
    /// afterwards).
    /// - Parameters:
    ///   - id: the event's id.
    ///   - note: the new note, `""` to remove it, `nil` to keep it.
    ///   - at: the new time, `nil` to keep it.
    /// - Returns: the event before and after.
    /// - Throws: `ReviewError` `eventNotFound`, `invalidValue` (nothing to change, a note that cannot be stored),
    ///   `timeNotEditable` (the time of a synced or observed event), `conflict` (another event of the version has the
    ///   state at that time), store errors.
    func editEvent(id: Int64, note: String?, at: Timestamp?) throws(ReviewError) -> EventEdit

    /// Deletes the last event logged by hand (source manual, highest id), and its app when nothing else is left of
    /// it (the event had created it).
    /// - Returns: what was removed.
    /// - Throws: `ReviewError.eventNotFound` when no event was logged by hand, store errors.
    func undoLastManualEvent() throws(ReviewError) -> UndoResult
}

/// A store that also keeps App Store Connect webhook deliveries (`review serve`): exactly once per delivery id,
/// durably before the delivery is answered, pending until its version is resolved.
public protocol WebhookDeliveryStore: ReviewStore {
    /// Where a webhook delivery stands, if it was stored.
    /// - Parameter id: the event's `data.id`.
    /// - Returns: its status, or `nil` for a delivery never stored.
    /// - Throws: `ReviewError` store errors.
    func webhookDeliveryStatus(id: String) throws(ReviewError) -> WebhookDeliveryStatus?

    /// Stores a verified webhook delivery durably, in one transaction, exactly once per `data.id`: a ping as a ping;
    /// a state change with its resolved version as an event (source `webhook`, exact time), or without one as
    /// pending. A repeat of a stored delivery changes nothing (`duplicate`), except that a repeat of a pending one
    /// that comes with its version resolves it.
    /// - Parameters:
    ///   - delivery: read from a body that passed the signature check.
    ///   - version: its resolved version, or nil when it could not be resolved yet.
    /// - Returns: what was stored.
    /// - Throws: `ReviewError` store errors (nothing is stored then).
    func recordWebhookDelivery(_ delivery: WebhookDelivery, version: WebhookVersion?) throws(ReviewError)
        -> WebhookOutcome

    /// State-change deliveries still waiting for their version: the fewest failed resolutions first, then the oldest
    /// event, so that deliveries whose version never resolves (a deleted version) never hold back newer ones.
    /// - Parameter limit: at most this many.
    /// - Returns: the deliveries.
    /// - Throws: `ReviewError` store errors.
    func pendingWebhookDeliveries(limit: Int) throws(ReviewError) -> [WebhookDelivery]

    /// Resolves a pending delivery: records its event and marks it resolved, in one transaction.
    /// - Parameters:
    ///   - delivery: a delivery from `pendingWebhookDeliveries(limit:)`.
    ///   - version: what its version id resolved to.
    ///   - now: the resolution time.
    /// - Returns: `recorded`, `resolvedWithoutEvent`, or `duplicate` when another process resolved it first.
    /// - Throws: `ReviewError` store errors.
    func resolvePendingWebhookDelivery(_ delivery: WebhookDelivery, version: WebhookVersion, at now: Timestamp)
        throws(ReviewError) -> WebhookOutcome

    /// Notes a failed attempt to resolve a pending delivery (it stays pending).
    /// - Parameters:
    ///   - id: the delivery's id.
    ///   - reason: why it failed.
    /// - Throws: `ReviewError` store errors.
    func noteWebhookResolutionFailure(id: String, reason: String) throws(ReviewError)
}

/// When an app was last looked at in App Store Connect, and when a look last saw a change.
public struct SyncedAppState: Sendable, Hashable {
    /// The app.
    public var app: App
    /// The profile it was seen through.
    public var profile: String?
    /// The last successful look.
    public var lastFetchedAt: Timestamp
    /// The last look that saw a change, if any did.
    public var lastChangedAt: Timestamp?

    /// Creates a state.
    /// - Parameters:
    ///   - app: the app, with its identifiers.
    ///   - profile: the name of the credentials profile it was seen through, if any.
    ///   - lastFetchedAt: the last look.
    ///   - lastChangedAt: the last change seen.
    public init(app: App, profile: String?, lastFetchedAt: Timestamp, lastChangedAt: Timestamp?) {
        self.app = app
        self.profile = profile
        self.lastFetchedAt = lastFetchedAt
        self.lastChangedAt = lastChangedAt
    }
}
