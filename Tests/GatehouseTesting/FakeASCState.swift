/// What the fake App Store Connect server holds: apps, their App Store versions with builds, review submissions
/// with items, TestFlight builds with their Beta App Review submissions (`FakeASCState+TestFlight.swift`), and the
/// team's signing certificates and provisioning profiles (`FakeASCState+Signing.swift`). Tests build it, then change
/// it between sync passes (or while the server runs) with `FakeAppStoreConnect.update`.
///
/// States and platforms are raw strings, so a test can serve a value Apple has not documented yet.
public struct FakeASCState: Sendable {
    /// An app.
    public struct App: Sendable {
        /// The app's ID (digits, as Apple's).
        public var id: String
        /// The name.
        public var name: String
        /// The bundle ID.
        public var bundleID: String
        /// The SKU.
        public var sku: String

        /// Creates a value; see the properties.
        public init(id: String, name: String, bundleID: String, sku: String? = nil) {
            self.id = id
            self.name = name
            self.bundleID = bundleID
            self.sku = sku ?? "SKU-\(id)"
        }
    }

    /// A build attached to a version.
    public struct Build: Sendable {
        /// The build's ID.
        public var id: String
        /// The build number.
        public var version: String
        /// RFC 3339 text, as Apple sends it.
        public var uploadedDate: String?

        /// Creates a value; see the properties.
        public init(id: String, version: String, uploadedDate: String? = nil) {
            self.id = id
            self.version = version
            self.uploadedDate = uploadedDate
        }
    }

    /// An App Store version.
    public struct Version: Sendable {
        /// The version's ID.
        public var id: String
        /// Its app's ID.
        public var appID: String
        /// `IOS`, `MAC_OS`, `TV_OS`, `VISION_OS` (or any string).
        public var platform: String
        /// The version string.
        public var versionString: String
        /// nil: the attribute is left out (as for versions that predate it).
        public var appVersionState: String?
        /// The deprecated attribute; nil: left out.
        public var appStoreState: String?
        /// RFC 3339 text.
        public var createdDate: String?
        /// The attached build, if any.
        public var build: Build?

        /// Creates a value; see the properties.
        public init(
            id: String, appID: String, platform: String = "IOS", versionString: String,
            appVersionState: String? = "PREPARE_FOR_SUBMISSION", appStoreState: String? = nil,
            createdDate: String? = "2026-11-01T10:00:00.000+00:00", build: Build? = nil
        ) {
            self.id = id
            self.appID = appID
            self.platform = platform
            self.versionString = versionString
            self.appVersionState = appVersionState
            self.appStoreState = appStoreState ?? appVersionState.map(FakeASCState.deprecatedState)
            self.createdDate = createdDate
            self.build = build
        }
    }

    /// One item of a review submission: a version (`appStoreVersionID`) or something else (`otherType`, such as
    /// `appEvents`, with `otherID`).
    public struct Item: Sendable {
        /// The item's ID.
        public var id: String
        /// `READY_FOR_REVIEW`, `ACCEPTED`, `APPROVED`, `REJECTED`, `REMOVED` (or any string).
        public var state: String
        /// The version the item is, if it is one.
        public var appStoreVersionID: String?
        /// The JSON:API type of what else the item is (`appEvents`).
        public var otherType: String?
        /// The ID of what else the item is.
        public var otherID: String?

        /// Creates a value; see the properties.
        public init(
            id: String, state: String = "READY_FOR_REVIEW", appStoreVersionID: String? = nil,
            otherType: String? = nil, otherID: String? = nil
        ) {
            self.id = id
            self.state = state
            self.appStoreVersionID = appStoreVersionID
            self.otherType = otherType
            self.otherID = otherID
        }
    }

    /// A review submission.
    public struct Submission: Sendable {
        /// The submission's ID.
        public var id: String
        /// Its app's ID.
        public var appID: String
        /// The platform.
        public var platform: String
        /// RFC 3339 text; nil before submission.
        public var submittedDate: String?
        /// `READY_FOR_REVIEW`, `WAITING_FOR_REVIEW`, `IN_REVIEW`... (or any string).
        public var state: String
        /// The items, in order.
        public var items: [Item]

        /// Creates a value; see the properties.
        public init(
            id: String, appID: String, platform: String = "IOS", submittedDate: String? = nil,
            state: String = "READY_FOR_REVIEW", items: [Item] = []
        ) {
            self.id = id
            self.appID = appID
            self.platform = platform
            self.submittedDate = submittedDate
            self.state = state
            self.items = items
        }
    }

    /// The apps, in list order.
    public var apps: [App]
    /// The versions of every app, in list order.
    public var versions: [Version]
    /// The review submissions of every app, in list order.
    public var submissions: [Submission]
    /// The webhooks created with `POST /v1/webhooks`, in order.
    public var webhooks: [Webhook] = []
    /// The ids of the webhooks pinged with `POST /v1/webhookPings`, in order.
    public var pings: [String] = []
    /// The team's signing certificates, in list order.
    public var certificates: [Certificate]
    /// The team's provisioning profiles, in list order.
    public var profiles: [Profile]
    /// The TestFlight builds of every app, in list order (`GET /v1/builds` without `sort` serves this order).
    public var testFlightBuilds: [TestFlightBuild]

    /// A webhook, with the secret it was created with (App Store Connect keeps it and never returns it).
    public struct Webhook: Sendable {
        /// Its id.
        public var id: String
        /// Its app's id.
        public var appID: String
        /// Its name.
        public var name: String
        /// Where it delivers.
        public var url: String
        /// The secret deliveries are signed with.
        public var secret: String
        /// Whether it delivers.
        public var enabled: Bool
        /// Its event types.
        public var eventTypes: [String]
    }

    /// Creates a state.
    public init(
        apps: [App] = [], versions: [Version] = [], submissions: [Submission] = [], certificates: [Certificate] = [],
        profiles: [Profile] = [], testFlightBuilds: [TestFlightBuild] = []
    ) {
        self.testFlightBuilds = testFlightBuilds
        self.apps = apps
        self.versions = versions
        self.submissions = submissions
        self.certificates = certificates
        self.profiles = profiles
    }

    /// Sets a version's `appVersionState` (and the deprecated `appStoreState` to match, where the value exists in
    /// both).
    /// - Parameters:
    ///   - versionID: the version.
    ///   - state: the new state.
    public mutating func setVersionState(_ versionID: String, _ state: String) {
        for index in versions.indices where versions[index].id == versionID {
            versions[index].appVersionState = state
            versions[index].appStoreState = Self.deprecatedState(state)
        }
    }

    /// The deprecated `appStoreState` value Apple shows beside an `appVersionState` value.
    /// - Parameter state: the `appVersionState` value.
    /// - Returns: the `appStoreState` value.
    public static func deprecatedState(_ state: String) -> String {
        switch state {
        case "READY_FOR_DISTRIBUTION": "READY_FOR_SALE"
        case "PROCESSING_FOR_DISTRIBUTION": "PROCESSING_FOR_APP_STORE"
        default: state
        }
    }

    /// Sets a submission's state, and optionally its `submittedDate`.
    /// - Parameters:
    ///   - submissionID: the submission.
    ///   - state: the new state.
    ///   - submittedDate: the new date, when given.
    public mutating func setSubmissionState(_ submissionID: String, _ state: String, submittedDate: String? = nil) {
        for index in submissions.indices where submissions[index].id == submissionID {
            submissions[index].state = state
            if let submittedDate { submissions[index].submittedDate = submittedDate }
        }
    }
}
