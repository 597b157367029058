/// What `review log` asks the store to record.
public struct LogRequest: Sendable, Hashable {
    /// The app's name; a new name creates the app.
    public var app: String
    /// The platform.
    public var platform: Platform
    /// The version, or `nil` for the app's latest version on that platform (the version of its most recent event).
    public var version: String?
    /// The build, if any.
    public var build: String?
    /// The state entered.
    public var state: ReviewState
    /// When.
    public var at: Timestamp
    /// A note, if any.
    public var note: String?
    /// Where the event comes from.
    public var source: EventSource
    /// The app's bundle ID, to set when the app has none; a different one already stored is refused.
    public var bundleID: String?
    /// The app's App Store Connect app ID, to set when the app has none; a different one already stored is refused.
    public var appStoreID: String?
    /// The review: App Store (the default) or TestFlight, where `build` is required (a build is a cycle there).
    public var track: ReviewTrack

    /// Creates a request.
    /// - Parameters:
    ///   - app: the app's name.
    ///   - platform: the version's platform; iOS by default.
    ///   - version: the version, or `nil` for the latest.
    ///   - build: the build, if any.
    ///   - state: the state entered.
    ///   - at: when.
    ///   - note: a note, if any.
    ///   - source: where the event comes from.
    ///   - bundleID: the app's bundle ID, to set.
    ///   - appStoreID: the app's App Store Connect app ID, to set.
    ///   - track: the review; default App Store.
    public init(
        app: String, platform: Platform = .iOS, version: String? = nil, build: String? = nil, state: ReviewState,
        at: Timestamp, note: String? = nil, source: EventSource = .manual, bundleID: String? = nil,
        appStoreID: String? = nil, track: ReviewTrack = .appStore
    ) {
        self.track = track
        self.bundleID = bundleID
        self.appStoreID = appStoreID
        self.app = app
        self.platform = platform
        self.version = version
        self.build = build
        self.state = state
        self.at = at
        self.note = note
        self.source = source
    }
}
