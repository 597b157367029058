/// The state of a TestFlight Beta App Review submission (`betaAppReviewSubmissions.betaReviewState`). A value Apple
/// adds later is kept as its raw string (`isKnown` is then false), never a failure.
public struct ASCBetaReviewState: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `WAITING_FOR_REVIEW`: submitted, not yet picked up.
    public static let waitingForReview = ASCBetaReviewState(rawValue: "WAITING_FOR_REVIEW")
    /// `IN_REVIEW`.
    public static let inReview = ASCBetaReviewState(rawValue: "IN_REVIEW")
    /// `REJECTED`.
    public static let rejected = ASCBetaReviewState(rawValue: "REJECTED")
    /// `APPROVED`.
    public static let approved = ASCBetaReviewState(rawValue: "APPROVED")

    /// The values App Store Connect documents (OpenAPI 4.4.1, schema `BetaReviewState`).
    public static let knownValues: [ASCBetaReviewState] = [.waitingForReview, .inReview, .rejected, .approved]
}
