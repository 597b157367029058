/// The result of sending one request to a channel.
public enum DeliveryAttempt: Sendable, Hashable {
    /// The channel answered 2xx.
    case delivered(status: Int)
    /// It did not: the reason names the channel's masked URL and the status or transport failure.
    case failed(reason: String)
}
