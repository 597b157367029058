/// An event before and after `ReviewStore.editEvent(id:note:at:)`.
///
/// What may be edited: the note and the time of an event logged by hand or imported with an exact time. The app,
/// platform, version and state are what the event is: to change them, delete it and log it again. A synced event's
/// time is App Store Connect's (or a poll's), so only its note may be edited.
///
/// The idempotency key (app, platform, version, state, time) is always the event's current values: after a time
/// edit, logging or importing the event at its new time changes nothing, while the old time is free again (an export
/// taken before the edit, imported again, adds the old time back as a new event).
public struct EventEdit: Sendable, Hashable {
    /// The event as it was.
    public var before: ReviewEvent
    /// The event as it is now.
    public var after: ReviewEvent

    /// Creates an edit.
    /// - Parameters:
    ///   - before: the event as it was.
    ///   - after: the event as it is.
    public init(before: ReviewEvent, after: ReviewEvent) {
        self.before = before
        self.after = after
    }
}
