/// A recorded state change of one app version on one platform.
public struct ReviewEvent: Sendable, Hashable {
    /// The store's id for the event (what `review delete` takes).
    public var id: Int64
    /// The app.
    public var app: App
    /// The platform.
    public var platform: Platform
    /// The version string ("1.2.0").
    public var version: String
    /// The build number, if given.
    public var build: String?
    /// The state entered.
    public var state: ReviewState
    /// When the state was entered.
    public var at: Timestamp
    /// A free-text note, if any.
    public var note: String?
    /// Where the event came from.
    public var source: EventSource
    /// How exactly `at` is known.
    public var timing: EventTiming
    /// The App Store Connect id of the version (`appStoreVersions`), for synced events.
    public var ascVersionID: String?
    /// The App Store Connect id of the review submission the time came from, if any (on TestFlight, the build's
    /// `betaAppReviewSubmissions` id).
    public var ascSubmissionID: String?
    /// The review it belongs to: App Store (the default) or TestFlight.
    public var track: ReviewTrack
    /// The App Store Connect id of the build (`builds`), for synced TestFlight events.
    public var ascBuildID: String?

    /// Creates an event.
    /// - Parameters:
    ///   - id: the store's id.
    ///   - app: the app, with its identifiers.
    ///   - platform: the version's platform.
    ///   - version: the version string ("2.3").
    ///   - build: the build, if any.
    ///   - state: the state entered.
    ///   - at: when.
    ///   - note: a note, if any.
    ///   - source: where it came from.
    ///   - timing: how exactly `at` is known; default exact.
    ///   - ascVersionID: the App Store Connect version id, if known.
    ///   - ascSubmissionID: the App Store Connect review submission id, if known.
    ///   - track: the review it belongs to; default App Store.
    ///   - ascBuildID: the App Store Connect build id, if known.
    public init(
        id: Int64, app: App, platform: Platform, version: String, build: String? = nil, state: ReviewState,
        at: Timestamp, note: String? = nil, source: EventSource = .manual, timing: EventTiming = .exact,
        ascVersionID: String? = nil, ascSubmissionID: String? = nil, track: ReviewTrack = .appStore,
        ascBuildID: String? = nil
    ) {
        self.id = id
        self.app = app
        self.platform = platform
        self.version = version
        self.build = build
        self.state = state
        self.at = at
        self.note = note
        self.source = source
        self.timing = timing
        self.ascVersionID = ascVersionID
        self.ascSubmissionID = ascSubmissionID
        self.track = track
        self.ascBuildID = ascBuildID
    }

    /// The version this event belongs to (on TestFlight, the pre-release version: its builds are its cycles).
    public var versionKey: VersionKey {
        VersionKey(app: app.name, platform: platform, version: version, track: track)
    }
}
