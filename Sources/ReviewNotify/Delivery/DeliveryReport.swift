public import ReviewLog

/// What one delivery round did: the review notifications tried, and the signing alerts tried.
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

    /// One signing alert's outcome.
    public struct SigningOutcome: Sendable {
        /// The alert, as claimed.
        public var alert: OutboxSigningAlert
        /// Why it failed, or `nil` when delivered.
        public var failure: String?
        /// When it is tried again, or `nil` (delivered, or given up).
        public var retryAt: Timestamp?

        /// The id the receiver got it under (`signing-12-expiring-14`, `SigningAlert.id(itemID:)`).
        public var id: String { alert.alert.id(itemID: alert.item.id) }
    }

    /// Each notification tried, in order.
    public var outcomes: [Outcome] = []
    /// Each signing alert tried, in order.
    public var signingOutcomes: [SigningOutcome] = []

    /// Whether the round tried nothing.
    public var isEmpty: Bool { outcomes.isEmpty && signingOutcomes.isEmpty }

    /// How many notifications were delivered.
    public var deliveredCount: Int { outcomes.count { $0.failure == nil } }
    /// The notifications' failures left in the outbox to try again.
    public var retrying: [Outcome] { outcomes.filter { $0.failure != nil && $0.retryAt != nil } }
    /// The notifications' failures given up on.
    public var givenUp: [Outcome] { outcomes.filter { $0.failure != nil && $0.retryAt == nil } }

    /// How many signing alerts were delivered.
    public var signingDeliveredCount: Int { signingOutcomes.count { $0.failure == nil } }
    /// The signing alerts' failures left in the outbox to try again.
    public var signingRetrying: [SigningOutcome] { signingOutcomes.filter { $0.failure != nil && $0.retryAt != nil } }
    /// The signing alerts' failures given up on.
    public var signingGivenUp: [SigningOutcome] { signingOutcomes.filter { $0.failure != nil && $0.retryAt == nil } }
}
