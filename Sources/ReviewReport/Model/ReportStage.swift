package import ReviewLog

/// Where a version stands, as the report groups states: the summary tiles count app tiles per stage, and the colour
/// of a tile, a badge or a timeline segment is its stage's.
package enum ReportStage: String, Sendable, CaseIterable {
    /// Submitted, not yet looked at: Waiting for Review (and the older Ready for Review, Waiting for Export
    /// Compliance).
    case waiting
    /// In Review.
    case inReview
    /// A rejection (Rejected, Metadata Rejected, Invalid Binary, Unresolved Issues).
    case rejected
    /// Approved and not yet on the store: Pending Developer or Apple Release, Processing for Distribution, Accepted.
    case approved
    /// On the store: Ready for Distribution, Pre-Order Ready for Sale.
    case live
    /// Everything else: preparing, withdrawn, removed, replaced, the submission's own bookkeeping states.
    case other

    /// The stage of a state.
    /// - Parameter state: the state.
    package init(_ state: ReviewState) {
        switch state {
        case .waitingForReview, .readyForReview, .waitingForExportCompliance: self = .waiting
        case .inReview: self = .inReview
        case .readyForDistribution, .preorderReadyForSale: self = .live
        case .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution, .accepted: self = .approved
        default: self = state.isRejection ? .rejected : .other
        }
    }

    /// The heading of the stage's summary tile.
    package var title: String {
        switch self {
        case .waiting: "Waiting"
        case .inReview: "In Review"
        case .rejected: "Rejected"
        case .approved: "Approved"
        case .live: "Live"
        case .other: "Other"
        }
    }

    /// The CSS class that colours it.
    package var cssClass: String { "stage-\(rawValue)" }

    /// The stages the summary always shows (the four); the others only when some tile is in them.
    package var isAlwaysSummarised: Bool { self != .approved && self != .other }
}
