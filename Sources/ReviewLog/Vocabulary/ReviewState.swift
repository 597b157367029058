internal import GatehouseCore

/// An App Store Connect review state, named by its exact API string.
///
/// The version states come from App Store Connect's `AppStoreVersionState` (two of them renamed over time: the
/// older `PROCESSING_FOR_APP_STORE` and `READY_FOR_SALE` are accepted as spellings of
/// `PROCESSING_FOR_DISTRIBUTION` and `READY_FOR_DISTRIBUTION`); the last four are the review-submission states
/// App Store Connect shows today. A rejected submission shows Unresolved Issues, which counts as a rejection.
/// `APPROVED` is the decision alone (a review submission item's state in the API), for when the release stage that
/// follows is not known. Display names, stages and meanings follow App Store Connect Help, "App and submission
/// statuses" (https://developer.apple.com/help/app-store-connect/reference/app-and-submission-statuses).
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
    /// Approved: the decision, with the release stage that follows unknown (the App Store Connect API's review
    /// submission item state `APPROVED`). Counted as an approval.
    case approved = "APPROVED"
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
    /// Removed from App Store (formerly Removed from Sale).
    case removedFromSale = "REMOVED_FROM_SALE"
    /// Developer Removed from App Store (formerly Developer Removed from Sale).
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
        case .approved: "Approved"
        case .rejected: "Rejected"
        case .metadataRejected: "Metadata Rejected"
        case .invalidBinary: "Invalid Binary"
        case .developerRejected: "Developer Rejected"
        case .replacedWithNewVersion: "Replaced with New Version"
        case .removedFromSale: "Removed from App Store"
        case .developerRemovedFromSale: "Developer Removed from App Store"
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

    /// Other names people type for this state: its former display names ("Ready for Sale", "Removed from Sale")
    /// and the short "Pending Release" (for Pending Developer Release, the usual case: Pending Apple Release only
    /// holds a version for an Apple OS release).
    public var otherNames: [String] {
        switch self {
        case .pendingDeveloperRelease: ["Pending Release"]
        case .processingForDistribution: ["Processing for App Store"]
        case .readyForDistribution: ["Ready for Sale"]
        case .removedFromSale: ["Removed from Sale"]
        case .developerRemovedFromSale: ["Developer Removed from Sale"]
        default: []
        }
    }

    /// Every accepted spelling of this state: the API string, the display name, the kebab-case alias, the legacy
    /// API strings and the other names with their kebab-case forms.
    public var spellings: [String] { [apiString, displayName] + aliases }

    /// The spellings besides the API string and the display name, without repeats: the kebab-case alias, the
    /// display name's kebab-case form where it differs (`removed-from-app-store`), the legacy API strings and the
    /// other names, each with its kebab-case form (`ready-for-sale`).
    public var aliases: [String] {
        var result = [kebabAlias]
        for name in [displayName] + legacyAPIStrings + otherNames {
            for spelling in [name, Self.kebab(name)] where !result.contains(spelling) && spelling != displayName {
                result.append(spelling)
            }
        }
        return result
    }

    /// `text` lowercased with spaces and underscores as hyphens: how spellings are compared for a suggestion.
    private static func kebab(_ text: String) -> String {
        String(text.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
    }

    /// Whether this state is a review outcome: the first such event of a cycle is its decision.
    ///
    /// The outcomes are Pending Developer Release, Pending Apple Release, Processing for Distribution, Ready for
    /// Distribution, Accepted, Approved, Rejected, Metadata Rejected, Invalid Binary and Unresolved Issues. An outcome
    /// that is not a rejection (`isRejection`) is an approval.
    public var isReviewOutcome: Bool {
        switch self {
        case .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution, .readyForDistribution,
            .accepted, .approved, .rejected, .metadataRejected, .invalidBinary, .unresolvedIssues:
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

    /// Every spelling in its kebab-case form, with its state: what a mistyped state is compared with.
    private static let suggestionTable: [(spelling: String, state: ReviewState)] = {
        var seen: Set<String> = []
        var table: [(spelling: String, state: ReviewState)] = []
        for state in allCases {
            for spelling in state.spellings.map(kebab) where seen.insert(spelling).inserted {
                table.append((spelling, state))
            }
        }
        return table
    }()

    /// The state a mistyped spelling most likely means, compared case-insensitively with every spelling (aliases
    /// and former names included, with spaces and underscores read as hyphens). Never a guess across stages: when
    /// spellings of states in different stages are about as close (within one edit of each other), there is no
    /// suggestion, so "Ready for Sael" never becomes Ready for Review.
    /// - Parameter text: what was typed.
    /// - Returns: the state, or `nil` when nothing is close enough or the close spellings disagree on the stage.
    public static func suggestion(for text: String) -> ReviewState? {
        let candidates = suggestionTable.map { (spelling: $0.spelling, group: $0.state.stage) }
        guard let best = EditDistance.closest(to: kebab(text.trimmingSpaces()), among: candidates) else { return nil }
        return suggestionTable.first { $0.spelling == best.spelling }?.state
    }

    /// The stage the state belongs to.
    public var stage: ReviewStage {
        switch self {
        case .prepareForSubmission, .waitingForExportCompliance, .readyForReview: .preparing
        case .waitingForReview: .waiting
        case .inReview: .inReview
        case .accepted, .approved, .pendingDeveloperRelease, .pendingAppleRelease, .pendingContract,
            .processingForDistribution, .completing, .complete:
            .approved
        case .rejected, .metadataRejected, .invalidBinary, .unresolvedIssues: .rejected
        case .developerRejected, .canceling: .withdrawn
        case .readyForDistribution, .preorderReadyForSale: .live
        case .replacedWithNewVersion, .removedFromSale, .developerRemovedFromSale: .removed
        }
    }

    /// What the state means, in a sentence (after App Store Connect Help, "App and submission statuses").
    public var meaning: String {
        switch self {
        case .prepareForSubmission: "The version is being prepared in App Store Connect; it has not been submitted."
        case .waitingForExportCompliance: "Apple is reviewing the version's export compliance documents (CCATS)."
        case .readyForReview:
            "Everything required is entered and the version is added to a submission, not yet sent to App Review."
        case .waitingForReview:
            "Submitted: Apple received it and has not started the review. A submission cycle starts here."
        case .inReview: "App Review is reviewing it; it can still be removed from review."
        case .accepted:
            "This item was accepted, but another item of the same submission was rejected; nothing is published "
                + "until every item is accepted or removed."
        case .approved:
            "App Review approved it (the API's review submission item state APPROVED); what happens next for the "
                + "release is not recorded."
        case .pendingDeveloperRelease: "Approved; it waits for the developer to release it."
        case .pendingAppleRelease: "Approved; Apple holds it until the Apple OS version it needs is released."
        case .pendingContract: "Approved, but the agreements are not in effect yet, so it cannot be released."
        case .processingForDistribution: "Approved and released; it is being processed, ready within about a day."
        case .readyForDistribution: "Live: the version is available on the App Store."
        case .preorderReadyForSale: "Available for pre-order, before its release date."
        case .rejected: "App Review rejected it; fix the issues or reply, then resubmit."
        case .metadataRejected:
            "App Review rejected the metadata (description, screenshots, ...), not the build; fix it and resubmit."
        case .invalidBinary: "The build does not meet the binary requirements; upload or choose another build."
        case .unresolvedIssues: "A review submission with a rejected item: how a rejection shows today."
        case .developerRejected: "The developer removed it from review or from release before it went live."
        case .canceling: "A review submission the developer is withdrawing."
        case .completing: "Apple is moving a decided review submission into its final state."
        case .complete: "A review submission whose processing is finished."
        case .replacedWithNewVersion: "A newer version replaced it on the App Store."
        case .removedFromSale: "Apple removed the app from the App Store."
        case .developerRemovedFromSale: "The developer removed the app from the App Store."
        }
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
