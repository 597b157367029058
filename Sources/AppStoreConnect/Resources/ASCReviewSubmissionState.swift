/// The state of a review submission. A value Apple adds later is kept as its raw string (`isKnown` is then false),
/// never a failure.
public struct ASCReviewSubmissionState: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `READY_FOR_REVIEW`: a draft, not submitted yet.
    public static let readyForReview = ASCReviewSubmissionState(rawValue: "READY_FOR_REVIEW")
    /// `WAITING_FOR_REVIEW`.
    public static let waitingForReview = ASCReviewSubmissionState(rawValue: "WAITING_FOR_REVIEW")
    /// `IN_REVIEW`.
    public static let inReview = ASCReviewSubmissionState(rawValue: "IN_REVIEW")
    /// `UNRESOLVED_ISSUES`: rejected.
    public static let unresolvedIssues = ASCReviewSubmissionState(rawValue: "UNRESOLVED_ISSUES")
    /// `CANCELING`: being withdrawn.
    public static let canceling = ASCReviewSubmissionState(rawValue: "CANCELING")
    /// `COMPLETING`.
    public static let completing = ASCReviewSubmissionState(rawValue: "COMPLETING")
    /// `COMPLETE`.
    public static let complete = ASCReviewSubmissionState(rawValue: "COMPLETE")

    /// The values App Store Connect documents (OpenAPI 4.4.1, `ReviewSubmission.attributes.state`); the values the
    /// client sends in `filter[state]`.
    public static let knownValues: [ASCReviewSubmissionState] = [
        .readyForReview, .waitingForReview, .inReview, .unresolvedIssues, .canceling, .completing, .complete,
    ]
}
