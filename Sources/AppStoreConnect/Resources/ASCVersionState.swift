/// The state of an App Store version: a value of `appVersionState`, or of the deprecated `appStoreState` for
/// versions that lack the new attribute. A value Apple adds later is kept as its raw string (`isKnown` is then
/// false), never a failure.
public struct ASCVersionState: ASCOpenValue {
    /// The value as App Store Connect sends it.
    public let rawValue: String

    /// Wraps a value, known or not.
    /// - Parameter rawValue: the value as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `PREPARE_FOR_SUBMISSION`.
    public static let prepareForSubmission = ASCVersionState(rawValue: "PREPARE_FOR_SUBMISSION")
    /// `READY_FOR_REVIEW`.
    public static let readyForReview = ASCVersionState(rawValue: "READY_FOR_REVIEW")
    /// `WAITING_FOR_EXPORT_COMPLIANCE`.
    public static let waitingForExportCompliance = ASCVersionState(rawValue: "WAITING_FOR_EXPORT_COMPLIANCE")
    /// `WAITING_FOR_REVIEW`.
    public static let waitingForReview = ASCVersionState(rawValue: "WAITING_FOR_REVIEW")
    /// `IN_REVIEW`.
    public static let inReview = ASCVersionState(rawValue: "IN_REVIEW")
    /// `ACCEPTED`.
    public static let accepted = ASCVersionState(rawValue: "ACCEPTED")
    /// `PENDING_DEVELOPER_RELEASE`.
    public static let pendingDeveloperRelease = ASCVersionState(rawValue: "PENDING_DEVELOPER_RELEASE")
    /// `PENDING_APPLE_RELEASE`.
    public static let pendingAppleRelease = ASCVersionState(rawValue: "PENDING_APPLE_RELEASE")
    /// `PROCESSING_FOR_DISTRIBUTION` (`appVersionState` only).
    public static let processingForDistribution = ASCVersionState(rawValue: "PROCESSING_FOR_DISTRIBUTION")
    /// `READY_FOR_DISTRIBUTION` (`appVersionState` only; the deprecated attribute says `READY_FOR_SALE`).
    public static let readyForDistribution = ASCVersionState(rawValue: "READY_FOR_DISTRIBUTION")
    /// `REJECTED`.
    public static let rejected = ASCVersionState(rawValue: "REJECTED")
    /// `METADATA_REJECTED`.
    public static let metadataRejected = ASCVersionState(rawValue: "METADATA_REJECTED")
    /// `INVALID_BINARY`.
    public static let invalidBinary = ASCVersionState(rawValue: "INVALID_BINARY")
    /// `DEVELOPER_REJECTED`.
    public static let developerRejected = ASCVersionState(rawValue: "DEVELOPER_REJECTED")
    /// `REPLACED_WITH_NEW_VERSION`.
    public static let replacedWithNewVersion = ASCVersionState(rawValue: "REPLACED_WITH_NEW_VERSION")

    /// `READY_FOR_SALE` (deprecated `appStoreState` only; `READY_FOR_DISTRIBUTION` in `appVersionState`).
    public static let readyForSale = ASCVersionState(rawValue: "READY_FOR_SALE")
    /// `PROCESSING_FOR_APP_STORE` (deprecated `appStoreState` only).
    public static let processingForAppStore = ASCVersionState(rawValue: "PROCESSING_FOR_APP_STORE")
    /// `PENDING_CONTRACT` (deprecated `appStoreState` only).
    public static let pendingContract = ASCVersionState(rawValue: "PENDING_CONTRACT")
    /// `PREORDER_READY_FOR_SALE` (deprecated `appStoreState` only).
    public static let preorderReadyForSale = ASCVersionState(rawValue: "PREORDER_READY_FOR_SALE")
    /// `REMOVED_FROM_SALE` (deprecated `appStoreState` only).
    public static let removedFromSale = ASCVersionState(rawValue: "REMOVED_FROM_SALE")
    /// `DEVELOPER_REMOVED_FROM_SALE` (deprecated `appStoreState` only).
    public static let developerRemovedFromSale = ASCVersionState(rawValue: "DEVELOPER_REMOVED_FROM_SALE")
    /// `NOT_APPLICABLE` (deprecated `appStoreState` only).
    public static let notApplicable = ASCVersionState(rawValue: "NOT_APPLICABLE")

    /// The 15 values of `appVersionState` (OpenAPI 4.4.1, schema `AppVersionState`); the values the client sends
    /// in `filter[appVersionState]`.
    public static let knownAppVersionStates: [ASCVersionState] = [
        .prepareForSubmission, .readyForReview, .waitingForExportCompliance, .waitingForReview, .inReview,
        .accepted, .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution,
        .readyForDistribution, .rejected, .metadataRejected, .invalidBinary, .developerRejected,
        .replacedWithNewVersion,
    ]

    /// The 20 values of the deprecated `appStoreState` (schema `AppStoreVersionState`).
    public static let knownAppStoreStates: [ASCVersionState] = [
        .prepareForSubmission, .readyForReview, .waitingForExportCompliance, .waitingForReview, .inReview,
        .accepted, .pendingDeveloperRelease, .pendingAppleRelease, .rejected, .metadataRejected, .invalidBinary,
        .developerRejected, .replacedWithNewVersion, .readyForSale, .processingForAppStore, .pendingContract,
        .preorderReadyForSale, .removedFromSale, .developerRemovedFromSale, .notApplicable,
    ]

    /// The values documented for either attribute: `knownAppVersionStates`, then the values only
    /// `knownAppStoreStates` has. `isKnown` is whether the value is one of them.
    public static let knownValues: [ASCVersionState] =
        knownAppVersionStates + knownAppStoreStates.filter { !knownAppVersionStates.contains($0) }
}
