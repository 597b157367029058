/// What one look at an app's TestFlight builds saw (issue 24): the builds read (newest first, as far as the look
/// went), each with its Beta App Review submission and its external build state as App Store Connect sent them.
public struct SyncedTestFlight: Sendable, Hashable {
    /// The builds read.
    public var builds: [SyncedBuild]

    /// Creates a look.
    /// - Parameter builds: the builds read.
    public init(builds: [SyncedBuild]) {
        self.builds = builds
    }
}

/// One TestFlight build as a look saw it.
public struct SyncedBuild: Sendable, Hashable {
    /// App Store Connect's id of the build (`builds`).
    public var ascID: String
    /// Its pre-release version's platform.
    public var platform: Platform
    /// Its pre-release version ("2.4").
    public var version: String
    /// Its build number ("118").
    public var build: String
    /// When it was uploaded, if sent.
    public var uploadedAt: Timestamp?
    /// Its Beta App Review submission's `betaReviewState` as sent (`WAITING_FOR_REVIEW`, ...; a value Apple adds later
    /// is kept as sent), nil without a submission.
    public var reviewState: String?
    /// Its build beta detail's `externalBuildState` as sent (`IN_BETA_TESTING`, ...), if any.
    public var externalState: String?
    /// Its submission: the id and `submittedDate`, the exact time the build entered Waiting for Review.
    public var submission: SyncedSubmission?

    /// Creates a build.
    /// - Parameters:
    ///   - ascID: the build's id.
    ///   - platform: its platform.
    ///   - version: its pre-release version.
    ///   - build: its build number.
    ///   - uploadedAt: its upload time.
    ///   - reviewState: its submission's state as sent.
    ///   - externalState: its external build state as sent.
    ///   - submission: its submission's id and time.
    public init(
        ascID: String, platform: Platform, version: String, build: String, uploadedAt: Timestamp? = nil,
        reviewState: String? = nil, externalState: String? = nil, submission: SyncedSubmission? = nil
    ) {
        self.ascID = ascID
        self.platform = platform
        self.version = version
        self.build = build
        self.uploadedAt = uploadedAt
        self.reviewState = reviewState
        self.externalState = externalState
        self.submission = submission
    }

    /// The Beta App Review state the look saw, if it is one this review records: the submission's state when there
    /// is a submission; else the external build state's (`WAITING_FOR_BETA_REVIEW`, `IN_BETA_REVIEW`,
    /// `BETA_REJECTED`; `BETA_APPROVED` and `IN_BETA_TESTING` are an approval). Any other value (`EXPIRED`,
    /// `READY_FOR_BETA_SUBMISSION`, one Apple adds later) is nil: kept in the sync state, never an event.
    public var observedState: ReviewState? {
        Self.observedState(reviewState: reviewState, externalState: externalState)
    }

    /// `observedState` of a build's two values as sent (what `sync_builds` keeps).
    static func observedState(reviewState: String?, externalState: String?) -> ReviewState? {
        if let reviewState {
            guard let state = ReviewState(rawValue: reviewState), ReviewTrack.testFlight.allows(state) else {
                return nil
            }
            return state
        }
        return externalState.flatMap(state(ofExternalBuildState:))
    }

    /// The Beta App Review state an `externalBuildState` (a webhook's, a build beta detail's) stands for, if any.
    /// - Parameter value: the value as sent.
    /// - Returns: Waiting for Review, In Review, Rejected or Approved; nil for the other values. A look also reads
    /// `IN_BETA_TESTING` as approved (a build testers have was approved); a webhook's change to it is no decision.
    public static func state(ofExternalBuildState value: String) -> ReviewState? {
        value == "IN_BETA_TESTING" ? .approved : WebhookDelivery.testFlightState(ofExternalBuildState: value)
    }

    /// Whether the look saw the build in Beta App Review (waiting or in review): such a build is read on every look
    /// until it is decided, wherever it is in the list.
    public var isOpen: Bool { Self.isOpen(observedState) }

    /// Whether a build in `state` is in Beta App Review.
    static func isOpen(_ state: ReviewState?) -> Bool { state == .waitingForReview || state == .inReview }
}

/// Where an app's TestFlight builds stood at the last look: what the next look needs to know how far to read.
public struct TestFlightLook: Sendable, Hashable {
    /// When the builds were last read, nil before the first look.
    public var lastLook: Timestamp?
    /// The builds the last look saw in Beta App Review (waiting or in review), by App Store Connect id.
    public var openBuildIDs: [String]

    /// Creates a look.
    /// - Parameters:
    ///   - lastLook: the last look's time.
    ///   - openBuildIDs: the builds open then.
    public init(lastLook: Timestamp?, openBuildIDs: [String]) {
        self.lastLook = lastLook
        self.openBuildIDs = openBuildIDs
    }
}
