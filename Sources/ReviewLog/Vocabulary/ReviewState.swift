/// An App Store Connect review state, named by its exact API string.
///
/// The version states come from App Store Connect's `AppStoreVersionState` (two of them renamed over time: the
/// older `PROCESSING_FOR_APP_STORE` and `READY_FOR_SALE` are accepted as spellings of
/// `PROCESSING_FOR_DISTRIBUTION` and `READY_FOR_DISTRIBUTION`); the last four are the review-submission states
/// App Store Connect shows today. A rejected submission shows Unresolved Issues, which counts as a rejection.
public enum ReviewState: String, Sendable, CaseIterable, Codable {
    /// Prepare for Submission.
    case prepareForSubmission = "PREPARE_FOR_SUBMISSION"
    /// Waiting for Export Compliance.
    case waitingForExportCompliance = "WAITING_FOR_EXPORT_COMPLIANCE"
    /// Ready for Review.
    case readyForReview = "READY_FOR_REVIEW"
    /// Waiting for Review: a submission cycle starts here.
    case waitingForReview = "WAITING_FOR_REVIEW"
    /// In Review.
    case inReview = "IN_REVIEW"
    /// Pending Developer Release: approved, released by the developer.
    case pendingDeveloperRelease = "PENDING_DEVELOPER_RELEASE"
    /// Pending Apple Release: approved, released by Apple.
    case pendingAppleRelease = "PENDING_APPLE_RELEASE"
    /// Processing for Distribution (formerly Processing for App Store).
    case processingForDistribution = "PROCESSING_FOR_DISTRIBUTION"
    /// Ready for Distribution (formerly Ready for Sale): released.
    case readyForDistribution = "READY_FOR_DISTRIBUTION"
    /// Accepted.
    case accepted = "ACCEPTED"
    /// Rejected.
    case rejected = "REJECTED"
    /// Metadata Rejected.
    case metadataRejected = "METADATA_REJECTED"
    /// Invalid Binary.
    case invalidBinary = "INVALID_BINARY"
    /// Developer Rejected: withdrawn by the developer.
    case developerRejected = "DEVELOPER_REJECTED"
    /// Replaced with New Version.
    case replacedWithNewVersion = "REPLACED_WITH_NEW_VERSION"
    /// Removed from Sale.
    case removedFromSale = "REMOVED_FROM_SALE"
    /// Developer Removed from Sale.
    case developerRemovedFromSale = "DEVELOPER_REMOVED_FROM_SALE"
    /// Pending Contract.
    case pendingContract = "PENDING_CONTRACT"
    /// Pre-Order Ready for Sale.
    case preorderReadyForSale = "PREORDER_READY_FOR_SALE"
    /// Unresolved Issues: how a rejected review submission shows today; a rejection.
    case unresolvedIssues = "UNRESOLVED_ISSUES"
    /// Canceling: a review submission being withdrawn.
    case canceling = "CANCELING"
    /// Completing: a review submission being completed.
    case completing = "COMPLETING"
    /// Complete: a completed review submission.
    case complete = "COMPLETE"

    /// The API string App Store Connect uses (`WAITING_FOR_REVIEW`).
    public var apiString: String { rawValue }

    /// The name App Store Connect shows people ("Waiting for Review").
    public var displayName: String {
        switch self {
        case .prepareForSubmission: "Prepare for Submission"
        case .waitingForExportCompliance: "Waiting for Export Compliance"
        case .readyForReview: "Ready for Review"
        case .waitingForReview: "Waiting for Review"
        case .inReview: "In Review"
        case .pendingDeveloperRelease: "Pending Developer Release"
        case .pendingAppleRelease: "Pending Apple Release"
        case .processingForDistribution: "Processing for Distribution"
        case .readyForDistribution: "Ready for Distribution"
        case .accepted: "Accepted"
        case .rejected: "Rejected"
        case .metadataRejected: "Metadata Rejected"
        case .invalidBinary: "Invalid Binary"
        case .developerRejected: "Developer Rejected"
        case .replacedWithNewVersion: "Replaced with New Version"
        case .removedFromSale: "Removed from Sale"
        case .developerRemovedFromSale: "Developer Removed from Sale"
        case .pendingContract: "Pending Contract"
        case .preorderReadyForSale: "Pre-Order Ready for Sale"
        case .unresolvedIssues: "Unresolved Issues"
        case .canceling: "Canceling"
        case .completing: "Completing"
        case .complete: "Complete"
        }
    }

    /// The kebab-case alias for command lines (`waiting-for-review`).
    public var kebabAlias: String { String(rawValue.lowercased().map { $0 == "_" ? "-" : $0 }) }

    /// Older API strings App Store Connect used for this state, if any.
    public var legacyAPIStrings: [String] {
        switch self {
        case .processingForDistribution: ["PROCESSING_FOR_APP_STORE"]
        case .readyForDistribution: ["READY_FOR_SALE"]
        default: []
        }
    }

    /// Every accepted spelling of this state: the API string, legacy API strings, the display name and the
    /// kebab-case aliases (of the current and legacy strings).
    public var spellings: [String] {
        var result = [apiString, displayName, kebabAlias]
        for legacy in legacyAPIStrings {
            result.append(legacy)
            result.append(String(legacy.lowercased().map { $0 == "_" ? "-" : $0 }))
        }
        return result
    }

    /// Whether this state is a review outcome: the first such event of a cycle is its decision.
    ///
    /// The outcomes are Pending Developer Release, Pending Apple Release, Processing for Distribution, Ready for
    /// Distribution, Accepted, Rejected, Metadata Rejected, Invalid Binary and Unresolved Issues.
    public var isReviewOutcome: Bool {
        switch self {
        case .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution, .readyForDistribution,
            .accepted, .rejected, .metadataRejected, .invalidBinary, .unresolvedIssues:
            true
        default: false
        }
    }

    /// Whether this outcome is a rejection (Unresolved Issues included).
    public var isRejection: Bool {
        switch self {
        case .rejected, .metadataRejected, .invalidBinary, .unresolvedIssues: true
        default: false
        }
    }

    private static let spellingTable: [String: ReviewState] = {
        var table: [String: ReviewState] = [:]
        for state in ReviewState.allCases {
            for spelling in state.spellings { table[spelling.lowercased()] = state }
        }
        return table
    }()

    /// Reads a state from any of its spellings, case-insensitively: `WAITING_FOR_REVIEW`, `Waiting for Review`,
    /// `waiting-for-review`, and the legacy `READY_FOR_SALE` / `PROCESSING_FOR_APP_STORE`.
    /// - Parameter spelling: what the user or a file gave; surrounding spaces are ignored.
    /// - Returns: the state, or `nil` when the spelling is not one of the accepted ones.
    public init?(spelling: String) {
        let key = spelling.trimmingSpaces().lowercased()
        guard let state = ReviewState.spellingTable[key] else { return nil }
        self = state
    }

    /// Reads a state App Store Connect's API wrote: exactly an API string (`WAITING_FOR_REVIEW`), or one of the
    /// deprecated `appStoreState` values that name a known state (`READY_FOR_SALE`, `PROCESSING_FOR_APP_STORE`).
    /// Anything else (a value Apple adds later, `NOT_APPLICABLE`) is nil: kept as written by the sync, never guessed.
    /// - Parameter apiString: the value as sent.
    public init?(apiString: String) {
        switch apiString {
        case "READY_FOR_SALE": self = .readyForDistribution
        case "PROCESSING_FOR_APP_STORE": self = .processingForDistribution
        default:
            guard let state = ReviewState(rawValue: apiString) else { return nil }
            self = state
        }
    }

    /// The spellings worth suggesting for a mistyped state: every kebab-case alias and API string.
    public static var suggestionCandidates: [String] {
        allCases.flatMap { [$0.kebabAlias, $0.apiString] }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
