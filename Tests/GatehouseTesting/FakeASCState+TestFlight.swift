extension FakeASCState {
    /// A TestFlight pre-release version: the version string and platform builds are grouped under.
    public struct PreReleaseVersion: Sendable {
        /// Its ID.
        public var id: String
        /// The version string (`CFBundleShortVersionString`), such as `2.4`.
        public var version: String
        /// `IOS`, `MAC_OS`, `TV_OS`, `VISION_OS` (or any string).
        public var platform: String

        /// Creates a value; see the properties.
        public init(id: String, version: String, platform: String = "IOS") {
            self.id = id
            self.version = version
            self.platform = platform
        }
    }

    /// A build's Beta App Review submission.
    public struct BetaReviewSubmission: Sendable {
        /// Its ID.
        public var id: String
        /// `WAITING_FOR_REVIEW`, `IN_REVIEW`, `REJECTED`, `APPROVED` (or any string).
        public var state: String
        /// RFC 3339 text, as Apple sends it; nil: null.
        public var submittedDate: String?

        /// Creates a value; see the properties.
        public init(id: String, state: String = "WAITING_FOR_REVIEW", submittedDate: String?) {
            self.id = id
            self.state = state
            self.submittedDate = submittedDate
        }
    }

    /// A build's TestFlight details (`buildBetaDetails`).
    public struct BetaDetail: Sendable {
        /// Its ID (the one the `BUILD_BETA_DETAIL_EXTERNAL_BUILD_STATE_UPDATED` webhook names).
        public var id: String
        /// `WAITING_FOR_BETA_REVIEW`, `BETA_APPROVED`, `IN_BETA_TESTING`... (or any string); nil: left out.
        public var externalBuildState: String?
        /// `IN_BETA_TESTING`... (or any string); nil: left out.
        public var internalBuildState: String?

        /// Creates a value; see the properties.
        public init(id: String, externalBuildState: String?, internalBuildState: String? = "IN_BETA_TESTING") {
            self.id = id
            self.externalBuildState = externalBuildState
            self.internalBuildState = internalBuildState
        }
    }

    /// A build as `GET /v1/builds` serves it: its pre-release version, and optionally its Beta App Review submission
    /// and TestFlight details. Separate from the `Build` a `Version` links to (which `/v1/builds` does not serve).
    public struct TestFlightBuild: Sendable {
        /// The build's ID.
        public var id: String
        /// Its app's ID.
        public var appID: String
        /// The build number (`version`).
        public var version: String
        /// RFC 3339 text; nil: null. `sort=uploadedDate` orders by it (nil last).
        public var uploadedDate: String?
        /// RFC 3339 text; nil: null.
        public var expirationDate: String?
        /// Whether it has expired.
        public var expired: Bool
        /// `PROCESSING`, `FAILED`, `INVALID`, `VALID` (or any string).
        public var processingState: String
        /// The pre-release version; nil: the build links none.
        public var preReleaseVersion: PreReleaseVersion?
        /// The Beta App Review submission, if any.
        public var betaReviewSubmission: BetaReviewSubmission?
        /// The TestFlight details; nil: the build links none.
        public var betaDetail: BetaDetail?

        /// Creates a value; see the properties. The default TestFlight details are `bbd-<id>`, ready for submission.
        public init(
            id: String, appID: String, version: String, uploadedDate: String?, expirationDate: String? = nil,
            expired: Bool = false, processingState: String = "VALID", preReleaseVersion: PreReleaseVersion?,
            betaReviewSubmission: BetaReviewSubmission? = nil, betaDetail: BetaDetail? = nil
        ) {
            self.id = id
            self.appID = appID
            self.version = version
            self.uploadedDate = uploadedDate
            self.expirationDate = expirationDate
            self.expired = expired
            self.processingState = processingState
            self.preReleaseVersion = preReleaseVersion
            self.betaReviewSubmission = betaReviewSubmission
            self.betaDetail =
                betaDetail ?? BetaDetail(id: "bbd-\(id)", externalBuildState: "READY_FOR_BETA_SUBMISSION")
        }
    }

    /// Sets a build's Beta App Review state, submitting it first (submission `bars-<build id>`) when it has no
    /// submission yet.
    /// - Parameters:
    ///   - buildID: the build.
    ///   - state: the new `betaReviewState`.
    ///   - submittedDate: the new `submittedDate`, when given.
    public mutating func setBetaReviewState(_ buildID: String, _ state: String, submittedDate: String? = nil) {
        for index in testFlightBuilds.indices where testFlightBuilds[index].id == buildID {
            var submission =
                testFlightBuilds[index].betaReviewSubmission
                ?? BetaReviewSubmission(id: "bars-\(buildID)", state: state, submittedDate: nil)
            submission.state = state
            if let submittedDate { submission.submittedDate = submittedDate }
            testFlightBuilds[index].betaReviewSubmission = submission
        }
    }

    /// Sets a build's `externalBuildState` (its TestFlight details are created, `bbd-<build id>`, when absent).
    /// - Parameters:
    ///   - buildID: the build.
    ///   - state: the new state.
    public mutating func setExternalBuildState(_ buildID: String, _ state: String) {
        for index in testFlightBuilds.indices where testFlightBuilds[index].id == buildID {
            var detail =
                testFlightBuilds[index].betaDetail ?? BetaDetail(id: "bbd-\(buildID)", externalBuildState: nil)
            detail.externalBuildState = state
            testFlightBuilds[index].betaDetail = detail
        }
    }
}
