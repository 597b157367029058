package import MicroHTTPServer
package import ReviewLog
package import ReviewNotify

/// What a running `WebhookService` reports, as values: `review serve` renders each as a line of its log (text, or
/// with `--json` one JSON object), a test collects them.
package enum WebhookServiceEvent: Sendable {
    /// A request was answered (or its connection closed first).
    case request(HTTPRequestRecord)
    /// The shutdown was triggered: the listening socket is closed, and this many requests are being finished.
    case stopping(requestsInFlight: Int)
    /// The pending loop recorded the event of a delivery that had been kept as pending.
    case pendingResolved(ReviewEvent)
    /// After a pass of the pending loop, this many deliveries are still pending; the next pass is `nextTry` later.
    case stillPending(count: Int, nextTry: Duration)
    /// A pass of the pending loop failed on the store; the next pass tries again.
    case pendingFailed(any Error)
    /// A round of the deliverer tried something.
    case delivered(DeliveryReport)
    /// A round of the deliverer failed on the store; the next round tries again.
    case deliveryFailed(any Error)
}
