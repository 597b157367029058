public import ReviewLog

/// What one delivery round did.
public struct DeliveryReport: Sendable {
    /// One notification's outcome.
    public struct Outcome: Sendable {
        /// The notification, as claimed.
        public var notification: OutboxNotification
        /// Why it failed, or `nil` when delivered.
        public var failure: String?
        /// When it is tried again, or `nil` (delivered, or given up).
        public var retryAt: Timestamp?
    }

    /// Each notification tried, in order.
    public var outcomes: [Outcome] = []

    /// How many were delivered.
    public var deliveredCount: Int { outcomes.count { $0.failure == nil } }
    /// The failures left in the outbox to try again.
    public var retrying: [Outcome] { outcomes.filter { $0.failure != nil && $0.retryAt != nil } }
    /// The failures given up on.
    public var givenUp: [Outcome] { outcomes.filter { $0.failure != nil && $0.retryAt == nil } }
}
