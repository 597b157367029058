/// What `ReviewStore.undoLastManualEvent()` removed.
public struct UndoResult: Sendable, Hashable {
    /// The event removed: the last one logged by hand.
    public var event: ReviewEvent
    /// Whether its app went too, having nothing else (no other event, no sync state): the event had created it.
    public var removedApp: Bool

    /// Creates a result.
    /// - Parameters:
    ///   - event: the event removed.
    ///   - removedApp: whether its app was removed with it.
    public init(event: ReviewEvent, removedApp: Bool) {
        self.event = event
        self.removedApp = removedApp
    }
}
