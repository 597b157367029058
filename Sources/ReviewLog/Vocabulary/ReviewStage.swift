/// Where a version is in App Review, as a person would say it: the groups `review states` lists, and the line a
/// "did you mean" suggestion for a mistyped state never crosses.
///
/// The grouping follows App Store Connect Help, "App and submission statuses"
/// (https://developer.apple.com/help/app-store-connect/reference/app-and-submission-statuses).
public enum ReviewStage: String, Sendable, CaseIterable, Codable {
    /// Before submission: Prepare for Submission, Waiting for Export Compliance, Ready for Review.
    case preparing
    /// Submitted, in Apple's queue: Waiting for Review.
    case waiting
    /// Being reviewed: In Review.
    case inReview
    /// Decided, approved, not live yet: Accepted, Approved, Pending Developer Release, Pending Apple Release, Pending
    /// Contract, Processing for Distribution, and a review submission's Completing and Complete.
    case approved
    /// Decided, rejected: Rejected, Metadata Rejected, Invalid Binary, Unresolved Issues.
    case rejected
    /// Withdrawn by the developer: Developer Rejected, Canceling.
    case withdrawn
    /// On the App Store: Ready for Distribution, Pre-Order Ready for Sale.
    case live
    /// No longer on sale: Replaced with New Version, Removed from App Store, Developer Removed from App Store.
    case removed

    /// The stage's name as `review states` shows it ("Approved, not live yet").
    public var name: String {
        switch self {
        case .preparing: "Preparing"
        case .waiting: "Waiting for review"
        case .inReview: "In review"
        case .approved: "Approved, not live yet"
        case .rejected: "Rejected"
        case .withdrawn: "Withdrawn"
        case .live: "Live"
        case .removed: "No longer on sale"
        }
    }

    /// The states of the stage, in the order `review states` lists them.
    public var states: [ReviewState] { ReviewState.allCases.filter { $0.stage == self } }
}
