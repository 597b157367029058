/// How well a duration is known.
public enum DurationPrecision: Sendable, Hashable {
    /// Both ends are exact times.
    case exact
    /// An end is a poll's observation: the real duration differs by up to the poll interval ("~1d 4h").
    case approximate
    /// The start is unknown (the state was already current when first seen): never counted.
    case unknown

    /// The precision of a duration from an event timed `start` to one timed `end` (nil: now, exact).
    public init(from start: EventTiming, to end: EventTiming?) {
        if start.isUnknownStart {
            self = .unknown
        } else if start.isObserved || end?.isObserved == true {
            self = .approximate
        } else {
            self = .exact
        }
    }
}

/// One state of a timeline: the event that entered it and how long it lasted.
public struct StateSpan: Sendable, Hashable {
    /// The event that entered the state.
    public var event: ReviewEvent
    /// When the next event happened, or `nil` when this is the current state.
    public var end: Timestamp?
    /// Seconds from the event to the next one, or to now for the current state (never negative).
    public var seconds: Int64
    /// How well `seconds` is known (synced states are observed by polling).
    public var precision: DurationPrecision

    /// Creates a span.
    /// - Parameters:
    ///   - event: the event that entered the state.
    ///   - end: the next event's time, or `nil` for the current state.
    ///   - seconds: the duration.
    ///   - precision: how well the duration is known; default exact.
    public init(event: ReviewEvent, end: Timestamp?, seconds: Int64, precision: DurationPrecision = .exact) {
        self.event = event
        self.end = end
        self.seconds = seconds
        self.precision = precision
    }

    /// The state.
    public var state: ReviewState { event.state }
    /// When the state was entered.
    public var start: Timestamp { event.at }
    /// Whether this is the version's current state.
    public var isCurrent: Bool { end == nil }
}
