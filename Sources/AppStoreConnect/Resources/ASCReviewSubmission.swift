public import GatehouseFoundation

/// A review submission of one platform, with its items, as `GET /v1/reviewSubmissions?include=items` and
/// `GET /v1/reviewSubmissions/{id}` give it.
public struct ASCReviewSubmission: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the submission.
    public let id: String
    /// The app's ID, when the response links it.
    public let appID: String?
    /// The platform.
    public let platform: ASCPlatform
    /// When it was submitted; nil before submission (a `READY_FOR_REVIEW` draft). The only per-state timestamp
    /// the API exposes.
    public let submittedDate: Date?
    /// The state.
    public let state: ASCReviewSubmissionState
    /// Every item, in the order App Store Connect lists them.
    public let items: [ASCReviewSubmissionItem]

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the submission's ID.
    ///   - appID: the app's ID.
    ///   - submittedDate: the submission time.
    public init(
        id: String, appID: String?, platform: ASCPlatform, submittedDate: Date?, state: ASCReviewSubmissionState,
        items: [ASCReviewSubmissionItem]
    ) {
        self.id = id
        self.appID = appID
        self.platform = platform
        self.submittedDate = submittedDate
        self.state = state
        self.items = items
    }

    /// The items that are App Store versions.
    public var versionItems: [ASCReviewSubmissionItem] { items.filter { $0.appStoreVersionID != nil } }

    /// Reads a `reviewSubmissions` resource and the items the document includes.
    /// - Returns: the submission, and whether its items are complete (false when the relationship has more items
    ///   than the document includes: `limit[items]` cut them, so they are fetched from `/items`).
    static func read(resource: JSONAPIResource, included: [JSONAPIIdentifier: JSONAPIResource]) throws -> (
        submission: ASCReviewSubmission, itemsComplete: Bool
    ) {
        try resource.expect(type: "reviewSubmissions")
        let relationship = try resource.relationship("items")
        var items: [ASCReviewSubmissionItem] = []
        var complete = relationship?.hasData ?? false
        for identifier in relationship?.identifiers ?? [] {
            guard let itemResource = included[identifier] else {
                complete = false
                continue
            }
            items.append(try ASCReviewSubmissionItem(resource: itemResource))
        }
        if let total = relationship?.total, total > items.count { complete = false }
        let submission = ASCReviewSubmission(
            id: resource.id, appID: try resource.relationship("app")?.identifiers.first?.id,
            platform: ASCPlatform(rawValue: try resource.string("platform")),
            submittedDate: try resource.date("submittedDate"),
            state: ASCReviewSubmissionState(rawValue: try resource.string("state")), items: items)
        return (submission, complete)
    }

    /// The same submission with another list of items.
    func replacingItems(_ items: [ASCReviewSubmissionItem]) -> ASCReviewSubmission {
        ASCReviewSubmission(
            id: id, appID: appID, platform: platform, submittedDate: submittedDate, state: state, items: items)
    }
}
