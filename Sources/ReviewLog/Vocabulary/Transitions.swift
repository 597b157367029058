/// Which state changes are normal, so that an unusual one can be recorded with a warning.
///
/// Reality wins: an unusual transition is still recorded; callers show the warning to the user.
public enum Transitions {
    /// States from which the developer may withdraw a version (Developer Rejected): every pre-release state.
    public static let preRelease: Set<ReviewState> = [
        .prepareForSubmission, .waitingForExportCompliance, .readyForReview, .waitingForReview, .inReview,
        .pendingDeveloperRelease, .pendingAppleRelease, .accepted, .approved, .rejected, .metadataRejected,
        .invalidBinary,
        .unresolvedIssues, .pendingContract, .canceling,
    ]

    private static let resubmittable: Set<ReviewState> = [
        .prepareForSubmission, .waitingForExportCompliance, .readyForReview, .waitingForReview,
    ]

    private static let normalSuccessors: [ReviewState: Set<ReviewState>] = [
        .prepareForSubmission: [.waitingForExportCompliance, .readyForReview, .waitingForReview],
        .waitingForExportCompliance: [.prepareForSubmission, .readyForReview, .waitingForReview],
        .readyForReview: [.waitingForReview, .prepareForSubmission],
        .waitingForReview: [.inReview, .invalidBinary, .metadataRejected, .canceling, .readyForReview],
        .inReview: [
            .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution, .readyForDistribution,
            .accepted, .approved, .rejected, .metadataRejected, .invalidBinary, .unresolvedIssues, .completing,
            .complete,
        ],
        .accepted: [
            .approved, .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution,
            .readyForDistribution, .completing, .complete, .pendingContract,
        ],
        // Approved with the release stage unknown: any of the release path may follow.
        .approved: [
            .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution, .readyForDistribution,
            .completing, .complete, .pendingContract,
        ],
        .pendingDeveloperRelease: [.processingForDistribution, .readyForDistribution, .pendingContract],
        .pendingAppleRelease: [.processingForDistribution, .readyForDistribution, .pendingContract],
        .pendingContract: [.pendingDeveloperRelease, .processingForDistribution, .readyForDistribution],
        .processingForDistribution: [.readyForDistribution, .preorderReadyForSale],
        .preorderReadyForSale: [.readyForDistribution, .removedFromSale, .developerRemovedFromSale],
        .readyForDistribution: [.replacedWithNewVersion, .removedFromSale, .developerRemovedFromSale],
        .removedFromSale: [.readyForDistribution, .replacedWithNewVersion],
        .developerRemovedFromSale: [.readyForDistribution, .replacedWithNewVersion],
        .completing: [.complete, .readyForDistribution, .pendingDeveloperRelease, .processingForDistribution],
        .canceling: [.prepareForSubmission, .readyForReview],
        .complete: [.readyForDistribution, .pendingDeveloperRelease, .processingForDistribution],
    ]

    /// Whether `next` normally follows `previous`.
    ///
    /// Normal: Waiting for Review → In Review → an outcome (Approved, Pending Developer Release, Ready for
    /// Distribution, Rejected, Metadata Rejected, ...); a rejection → Waiting for Review again (a resubmission); Developer
    /// Rejected from any pre-release state, and resubmission after it; the release path to Ready for
    /// Distribution and on to removal or replacement. A first event is normal when it is a pre-review state.
    /// Repeating the current state is unusual.
    /// - Parameters:
    ///   - previous: the state before, or `nil` for the first event of a version.
    ///   - next: the new state.
    /// - Returns: `true` when the change is normal.
    public static func isNormal(from previous: ReviewState?, to next: ReviewState) -> Bool {
        guard let previous else { return resubmittable.contains(next) || next == .inReview }
        if previous == next { return false }
        if next == .developerRejected { return preRelease.contains(previous) }
        if previous.isRejection || previous == .developerRejected {
            return resubmittable.contains(next) || (previous.isRejection && next == .developerRejected)
        }
        return normalSuccessors[previous]?.contains(next) ?? false
    }
}
