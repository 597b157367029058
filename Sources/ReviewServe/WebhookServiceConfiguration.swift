package import MicroHTTPServer

/// What a `WebhookService` is set to: where it listens, the HTTP server's limits, and the pace of its background work.
/// Every interval is timed on the service's injected clock.
package struct WebhookServiceConfiguration: Sendable, Hashable {
    /// Where the HTTP server listens (port 0: one the system chooses; `WebhookService.address` tells which).
    package var address: ListenAddress
    /// The HTTP server's limits (connections, deadlines, memory).
    package var server = MicroHTTPServerConfiguration()
    /// The longest a delivery waits for its version before it is answered 202 and kept as pending.
    package var resolutionBound: Duration = .seconds(3)
    /// How often the pending deliveries are tried again (`review serve --resolve-interval`).
    package var resolveInterval: Duration = .seconds(60)
    /// The deliverer's round interval when nothing wakes it (reminders, retries with backoff).
    package var deliveryInterval: Duration = .seconds(5)
    /// How long a shutdown waits for the requests in flight before the server closes their connections.
    package var drainBound: Duration = .seconds(30)

    /// The defaults, listening on `address`.
    package init(address: ListenAddress) { self.address = address }
}
