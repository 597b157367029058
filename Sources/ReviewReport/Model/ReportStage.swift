package import ReviewLog

/// Where a version stands, as the report groups states: the summary tiles count app tiles per stage, and the colour
/// of a tile, a badge or a timeline segment is its stage's.
package enum ReportStage: String, Sendable, CaseIterable {
    /// Submitted, not yet looked at: Waiting for Review.
    case waiting
    /// In Review.
    case inReview
    /// A rejection (Rejected, Metadata Rejected, Invalid Binary, Unresolved Issues).
    case rejected
    /// Approved and not yet on the store: Approved, Accepted, Pending Developer or Apple Release, Processing for
    /// Distribution, and the rest of `ReviewStage.approved`.
    case approved
    /// On the store: Ready for Distribution, Pre-Order Ready for Sale.
    case live
    /// Everything else: preparing (before submission), withdrawn, removed or replaced.
    case other

    /// The stage of a state: `ReviewState.stage` (what `review states` lists), with the stages the report does not
    /// count on their own (preparing, withdrawn, removed) as `other`.
    package init(_ state: ReviewState) {
        switch state.stage {
        case .waiting: self = .waiting
        case .inReview: self = .inReview
        case .approved: self = .approved
        case .rejected: self = .rejected
        case .live: self = .live
        case .preparing, .withdrawn, .removed: self = .other
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
