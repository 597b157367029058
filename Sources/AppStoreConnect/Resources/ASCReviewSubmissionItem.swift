/// One item of a review submission: the App Store version, or something else submitted with it (an in-app event,
/// a custom product page, an in-app purchase...). A rejected item that is not the version means the submission
/// was rejected while the version may still read as accepted.
public struct ASCReviewSubmissionItem: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the item.
    public let id: String
    /// The item's state.
    public let state: ASCReviewSubmissionItemState
    /// The ID of the App Store version the item is, or nil when the item is something else.
    public let appStoreVersionID: String?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the item's ID.
    ///   - appStoreVersionID: the version's ID when the item is a version.
    public init(id: String, state: ASCReviewSubmissionItemState, appStoreVersionID: String?) {
        self.id = id
        self.state = state
        self.appStoreVersionID = appStoreVersionID
    }

    /// Reads a `reviewSubmissionItems` resource.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "reviewSubmissionItems")
        self.init(
            id: resource.id, state: ASCReviewSubmissionItemState(rawValue: try resource.string("state")),
            appStoreVersionID: try resource.relationship("appStoreVersion")?.identifiers.first?.id)
    }
}
