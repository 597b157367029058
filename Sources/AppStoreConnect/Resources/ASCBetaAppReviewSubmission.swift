public import GatehouseFoundation

/// A build's TestFlight Beta App Review submission, as `include=betaAppReviewSubmission` gives it. A build has at
/// most one; a build that was never submitted (or did not need to be) has none.
public struct ASCBetaAppReviewSubmission: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the submission.
    public let id: String
    /// The review state.
    public let state: ASCBetaReviewState
    /// When the build was submitted, when sent: the only Beta App Review timestamp the API exposes.
    public let submittedDate: Date?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the submission's ID.
    ///   - submittedDate: the submission time.
    public init(id: String, state: ASCBetaReviewState, submittedDate: Date?) {
        self.id = id
        self.state = state
        self.submittedDate = submittedDate
    }

    /// Reads a `betaAppReviewSubmissions` resource.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "betaAppReviewSubmissions")
        self.init(
            id: resource.id, state: ASCBetaReviewState(rawValue: try resource.string("betaReviewState")),
            submittedDate: try resource.date("submittedDate"))
    }
}
