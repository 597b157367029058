/// Where review events are kept. Commands talk to this protocol only, so a shared server database (PostgreSQL) can
/// be added without touching them.
///
/// Implementations record each event atomically and idempotently: logging the same app, platform, version, state
/// and time twice stores one event. They are `Sendable`: one store object serves concurrent callers (the requests of
/// `review serve`), each call one serialized unit of work on the store's connection (see `SQLiteDatabase` for the
/// choice of serialized synchronous access over an `async` API).
public protocol ReviewStore: Sendable {
    /// Records one event, resolving a missing version to the app's latest on that platform.
    /// - Parameter request: what to record.
    /// - Returns: the stored event, whether it was new, and the event before it.
    /// - Throws: `ReviewError` (`versionRequired`, `invalidValue`, store errors).
    func record(_ request: LogRequest) throws -> LogResult

    /// Events, ordered by id.
    /// - Parameter app: an app's name (case-insensitive), or `nil` for every app.
    /// - Returns: the events.
    /// - Throws: `ReviewError` store errors.
    func events(app: String?) throws -> [ReviewEvent]

    /// The app of that name (case-insensitive), if any.
    /// - Parameter name: the name.
    /// - Returns: the app, or `nil`.
    /// - Throws: `ReviewError` store errors.
    func app(named name: String) throws -> App?

    /// Every app's name, sorted.
    /// - Returns: the names.
    /// - Throws: `ReviewError` store errors.
    func appNames() throws -> [String]

    /// Deletes one event.
    /// - Parameter id: the event's id.
    /// - Returns: the deleted event.
    /// - Throws: `ReviewError.eventNotFound`, store errors.
    func deleteEvent(id: Int64) throws -> ReviewEvent

    /// Adds events from an import in one transaction, keeping each event's id when the store does not use it
    /// yet; events already present (same app, platform, version, state and time) are left as they are.
    /// - Parameter events: the events; an `id` of 0 asks for a new id.
    /// - Returns: how many were added and how many were already present.
    /// - Throws: `ReviewError.malformedImport` for a value that cannot be stored, store errors.
    func importEvents(_ events: [ReviewEvent]) throws -> ImportSummary
}
