/// Where a stored webhook delivery stands.
public enum WebhookDeliveryStatus: Sendable, Hashable {
    /// A state change whose version is not resolved yet.
    case pending
    /// A state change resolved: the event it recorded, or nil (an unknown state, or the version had it already).
    case resolved(eventID: Int64?)
    /// A ping.
    case ping
}
