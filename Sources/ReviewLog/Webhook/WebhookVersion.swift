/// What a webhook's App Store version id resolves to (`GET /v1/appStoreVersions/{id}?include=app`): the app, the
/// platform and the version string the payload does not carry.
public struct WebhookVersion: Sendable, Hashable {
    /// The app's App Store Connect id.
    public var ascAppID: String
    /// The app's name in App Store Connect.
    public var appName: String
    /// The app's bundle ID.
    public var bundleID: String
    /// The version's platform.
    public var platform: Platform
    /// The version string ("2.3").
    public var version: String
    /// The build, if App Store Connect named one.
    public var build: String?
    /// The track: App Store for a version, TestFlight for a build (a `buildBetaDetails` delivery), whose `version` is
    /// the pre-release version and `build` the build number.
    public var track: ReviewTrack = .appStore
    /// The build's App Store Connect id, for a TestFlight build.
    public var ascBuildID: String?

    /// Creates a resolution.
    /// - Parameters:
    ///   - ascAppID: the app's App Store Connect id.
    ///   - appName: the app's name.
    ///   - bundleID: the app's bundle ID.
    ///   - platform: the version's platform.
    ///   - version: the version string.
    ///   - build: the build, if any.
    ///   - track: App Store (a version) or TestFlight (a build); default App Store.
    ///   - ascBuildID: the build's App Store Connect id, for a TestFlight build.
    public init(
        ascAppID: String, appName: String, bundleID: String, platform: Platform, version: String, build: String? = nil,
        track: ReviewTrack = .appStore, ascBuildID: String? = nil
    ) {
        self.track = track
        self.ascBuildID = ascBuildID
        self.ascAppID = ascAppID
        self.appName = appName
        self.bundleID = bundleID
        self.platform = platform
        self.version = version
        self.build = build
    }
}
