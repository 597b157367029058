/// One verified App Store Connect webhook delivery, as `review serve` stores it before answering.
///
/// Deliveries are kept by the event's `data.id` (Apple's id of the event, the same on every retry), so a delivery
/// received twice is stored once.
public struct WebhookDelivery: Sendable, Hashable {
    /// What the delivery says.
    public enum Kind: Sendable, Hashable {
        /// `appStoreVersionAppVersionStateUpdated`: a version's `appVersionState` changed from `oldValue` to
        /// `newValue` (API strings such as `IN_REVIEW`).
        case stateChange(ascVersionID: String, oldValue: String?, newValue: String)
        /// `buildBetaDetailExternalBuildStateUpdated` (issue 24): a TestFlight build's `externalBuildState` changed
        /// from `oldValue` to `newValue` (`IN_BETA_REVIEW`, ...); the build is named by its `buildBetaDetails` id.
        case buildStateChange(buildBetaDetailID: String, oldValue: String?, newValue: String)
        /// `webhookPingCreated`: a ping sent from App Store Connect or by `review webhook ping`.
        case ping
    }

    /// The event's `data.id`.
    public var id: String
    /// What it says.
    public var kind: Kind
    /// The payload's `attributes.timestamp`, in milliseconds since 1970-01-01T00:00:00Z (UTC): when the state
    /// changed, exactly.
    public var timestampMilliseconds: Int64
    /// When `review serve` received it.
    public var receivedAt: Timestamp

    /// Creates a delivery.
    /// - Parameters:
    ///   - id: the event's `data.id`.
    ///   - kind: what it says.
    ///   - timestampMilliseconds: the payload's timestamp in milliseconds since the epoch.
    ///   - receivedAt: when it was received.
    public init(id: String, kind: Kind, timestampMilliseconds: Int64, receivedAt: Timestamp) {
        self.id = id
        self.kind = kind
        self.timestampMilliseconds = timestampMilliseconds
        self.receivedAt = receivedAt
    }

    /// The payload's timestamp truncated to the second (`05:00:52.745Z` is `05:00:52Z`): the event's `at`.
    public var at: Timestamp {
        let (seconds, remainder) = timestampMilliseconds.quotientAndRemainder(dividingBy: 1000)
        return Timestamp(secondsSince1970: remainder < 0 ? seconds - 1 : seconds)
    }

    /// The App Store version the delivery names, for a state change.
    public var ascVersionID: String? {
        if case .stateChange(let id, _, _) = kind { return id }
        return nil
    }

    /// What the delivery names, as a key: `version:<id>` or `build:<id>`; nil for a ping.
    public var subjectKey: String? {
        switch kind {
        case .stateChange(let id, _, _): "version:" + id
        case .buildStateChange(let id, _, _): "build:" + id
        case .ping: nil
        }
    }

    /// The build beta detail the delivery names, for a TestFlight build's state change.
    public var buildBetaDetailID: String? {
        if case .buildStateChange(let id, _, _) = kind { return id }
        return nil
    }

    /// The Beta App Review state a TestFlight delivery's `externalBuildState` stands for: `WAITING_FOR_BETA_REVIEW`,
    /// `IN_BETA_REVIEW`, `BETA_REJECTED` and `BETA_APPROVED` (issue 24); nil for the other values, which are kept in
    /// the build's sync state, never recorded as events.
    /// - Parameter externalBuildState: the value as sent.
    /// - Returns: the state, or nil.
    public static func testFlightState(ofExternalBuildState externalBuildState: String) -> ReviewState? {
        testFlightExternalBuildStates.first { $0.value == externalBuildState }?.state
    }

    /// The `externalBuildState` of each Beta App Review state, in the order a build goes through them: the one table
    /// the webhook, the sync (`SyncedBuild.state(ofExternalBuildState:)`) and `review states` read.
    public static let testFlightExternalBuildStates: [(value: String, state: ReviewState)] = [
        ("WAITING_FOR_BETA_REVIEW", .waitingForReview), ("IN_BETA_REVIEW", .inReview),
        ("BETA_REJECTED", .rejected), ("BETA_APPROVED", .approved),
    ]
}
