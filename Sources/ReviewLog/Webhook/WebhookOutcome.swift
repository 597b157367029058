/// What storing a webhook delivery did. Every outcome is durable when the store call returns, so `review serve`
/// answers 2xx to each of them.
public enum WebhookOutcome: Sendable, Hashable {
    /// A state change recorded as this event (source `webhook`, exact time).
    case recorded(ReviewEvent)
    /// The delivery id was stored before (a retry): nothing changed.
    case duplicate
    /// Kept as pending: its version is not resolved yet (resolved later by `serve` or `review sync`).
    case pending
    /// Resolved, but the state is one this review does not record (kept in the delivery, never an event), or the
    /// version already had the event.
    case resolvedWithoutEvent
    /// A ping, recorded as a ping.
    case ping
}
