/// One state of a timeline: the event that entered it and how long it lasted.
public struct StateSpan: Sendable, Hashable {
    /// The event that entered the state.
    public var event: ReviewEvent
    /// When the next event happened, or `nil` when this is the current state.
    public var end: Timestamp?
    /// Seconds from the event to the next one, or to now for the current state (never negative).
    public var seconds: Int64

    /// Creates a span.
    /// - Parameters:
    ///   - event: the event that entered the state.
    ///   - end: the next event's time, or `nil` for the current state.
    ///   - seconds: the duration.
    public init(event: ReviewEvent, end: Timestamp?, seconds: Int64) {
        self.event = event
        self.end = end
        self.seconds = seconds
    }

    /// The state.
    public var state: ReviewState { event.state }
    /// When the state was entered.
    public var start: Timestamp { event.at }
    /// Whether this is the version's current state.
    public var isCurrent: Bool { end == nil }
}
