import Testing

@testable import ReviewLog

@Suite("Vocabulary")
struct VocabularyTests {
    @Test(
        "every state reads from its API string, display name and kebab alias in any case",
        arguments: ReviewState.allCases)
    func spellings(state: ReviewState) {
        for spelling in [state.apiString, state.displayName, state.kebabAlias] {
            #expect(ReviewState(spelling: spelling) == state, "\(spelling)")
            #expect(ReviewState(spelling: spelling.lowercased()) == state, "\(spelling.lowercased())")
            #expect(ReviewState(spelling: spelling.uppercased()) == state, "\(spelling.uppercased())")
            #expect(ReviewState(spelling: "  \(spelling) ") == state, "padded \(spelling)")
        }
    }

    @Test("API strings, display names and aliases are the ones App Store Connect uses")
    func exactNames() {
        #expect(ReviewState.allCases.count == 24)
        #expect(ReviewState.approved.apiString == "APPROVED" && ReviewState.approved.displayName == "Approved")
        #expect(ReviewState.removedFromSale.displayName == "Removed from App Store")
        #expect(ReviewState.waitingForReview.apiString == "WAITING_FOR_REVIEW")
        #expect(ReviewState.waitingForReview.displayName == "Waiting for Review")
        #expect(ReviewState.waitingForReview.kebabAlias == "waiting-for-review")
        #expect(ReviewState.preorderReadyForSale.displayName == "Pre-Order Ready for Sale")
        #expect(ReviewState(spelling: "pre-order ready for sale") == .preorderReadyForSale)
        #expect(ReviewState(spelling: "Waiting For Review") == .waitingForReview)
    }

    @Test("the older API strings read as today's states")
    func legacy() {
        #expect(ReviewState(spelling: "PROCESSING_FOR_APP_STORE") == .processingForDistribution)
        #expect(ReviewState(spelling: "ready-for-sale") == .readyForDistribution)
        #expect(ReviewState(spelling: "READY_FOR_SALE") == .readyForDistribution)
    }

    @Test(
        "unknown or mixed spellings are refused",
        arguments: ["", "waiting", "waiting_for-review", "IN REVIEWS", "in_review_"])
    func unknown(text: String) {
        #expect(ReviewState(spelling: text) == nil)
    }

    @Test("review outcomes are the nine of the definition; Unresolved Issues is a rejection")
    func outcomes() {
        let outcomes = Set(ReviewState.allCases.filter(\.isReviewOutcome))
        #expect(
            outcomes == [
                .pendingDeveloperRelease, .pendingAppleRelease, .processingForDistribution, .readyForDistribution,
                .accepted, .approved, .rejected, .metadataRejected, .invalidBinary, .unresolvedIssues,
            ])
        #expect(!ReviewState.approved.isRejection)
        #expect(ReviewState.unresolvedIssues.isRejection)
        #expect(!ReviewState.developerRejected.isReviewOutcome)
    }

    @Test("platforms read case-insensitively")
    func platforms() {
        #expect(Platform(spelling: "ios") == .iOS)
        #expect(Platform(spelling: "MACOS") == .macOS)
        #expect(Platform(spelling: "visionOS") == .visionOS)
        #expect(Platform(spelling: "WATCH_OS") == .watchOS)
        #expect(Platform(spelling: "android") == nil)
    }

    @Test(
        "normal transitions",
        arguments: [
            (nil, ReviewState.waitingForReview), (.waitingForReview, .inReview), (.inReview, .pendingDeveloperRelease),
            (.inReview, .readyForDistribution), (.inReview, .rejected), (.inReview, .metadataRejected),
            (.rejected, .waitingForReview), (.metadataRejected, .waitingForReview),
            (.waitingForReview, .developerRejected),
            (.pendingDeveloperRelease, .developerRejected), (.developerRejected, .waitingForReview),
            (.unresolvedIssues, .waitingForReview), (.pendingDeveloperRelease, .readyForDistribution),
            (.inReview, .approved), (.approved, .pendingDeveloperRelease), (.approved, .readyForDistribution),
            (.approved, .developerRejected),
        ] as [(ReviewState?, ReviewState)])
    func normal(previous: ReviewState?, next: ReviewState) {
        #expect(Transitions.isNormal(from: previous, to: next))
    }

    @Test(
        "unusual transitions",
        arguments: [
            (nil, ReviewState.rejected), (.waitingForReview, .waitingForReview), (.rejected, .inReview),
            (.readyForDistribution, .developerRejected), (.inReview, .waitingForReview),
            (.readyForDistribution, .inReview),
        ] as [(ReviewState?, ReviewState)])
    func unusual(previous: ReviewState?, next: ReviewState) {
        #expect(!Transitions.isNormal(from: previous, to: next))
    }
}
