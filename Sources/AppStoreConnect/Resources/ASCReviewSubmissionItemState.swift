/// The state of one item of a review submission. A value Apple adds later is kept as its raw string (`isKnown` is
/// then false), never a failure.
public struct ASCReviewSubmissionItemState: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `READY_FOR_REVIEW`.
    public static let readyForReview = ASCReviewSubmissionItemState(rawValue: "READY_FOR_REVIEW")
    /// `ACCEPTED`.
    public static let accepted = ASCReviewSubmissionItemState(rawValue: "ACCEPTED")
    /// `APPROVED`.
    public static let approved = ASCReviewSubmissionItemState(rawValue: "APPROVED")
    /// `REJECTED`.
    public static let rejected = ASCReviewSubmissionItemState(rawValue: "REJECTED")
    /// `REMOVED`.
    public static let removed = ASCReviewSubmissionItemState(rawValue: "REMOVED")

    /// The values App Store Connect documents (OpenAPI 4.4.1, `ReviewSubmissionItem.attributes.state`).
    public static let knownValues: [ASCReviewSubmissionItemState] = [
        .readyForReview, .accepted, .approved, .rejected, .removed,
    ]
}
