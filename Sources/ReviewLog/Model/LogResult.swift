/// What recording one event did.
public struct LogResult: Sendable, Hashable {
    /// The event as stored (the existing one when it was already there).
    public var event: ReviewEvent
    /// Whether it was new; `false` when the same app, platform, version, state and time were already logged.
    public var inserted: Bool
    /// The event just before it in the version's history, if any.
    public var previous: ReviewEvent?

    /// Creates a result.
    /// - Parameters:
    ///   - event: the stored event.
    ///   - inserted: whether it was new.
    ///   - previous: the event before it, if any.
    public init(event: ReviewEvent, inserted: Bool, previous: ReviewEvent?) {
        self.event = event
        self.inserted = inserted
        self.previous = previous
    }

    /// Whether the change from the previous state is a normal one (see `Transitions`).
    public var isNormalTransition: Bool { Transitions.isNormal(from: previous?.state, to: event.state) }

    /// How long the previous state lasted, in seconds, if there was one.
    public var previousStateSeconds: Int64? { previous.map { $0.at.seconds(until: event.at) } }
}
