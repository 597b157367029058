/// One app version on one platform and track: the unit a timeline and its submission cycles belong to. On the
/// TestFlight track the version is the pre-release version, and each of its builds is a cycle.
public struct VersionKey: Sendable, Hashable, Comparable {
    /// The app's name.
    public var app: String
    /// The platform.
    public var platform: Platform
    /// The version string.
    public var version: String
    /// The review: App Store, or TestFlight.
    public var track: ReviewTrack

    /// Creates a key.
    /// - Parameters:
    ///   - app: the app's name.
    ///   - platform: the version's platform.
    ///   - version: the version string ("2.3").
    ///   - track: the review; default App Store.
    public init(app: String, platform: Platform, version: String, track: ReviewTrack = .appStore) {
        self.app = app
        self.platform = platform
        self.version = version
        self.track = track
    }

    /// By app (case-insensitively), platform and version, then App Store before TestFlight.
    public static func < (lhs: VersionKey, rhs: VersionKey) -> Bool {
        (lhs.app.lowercased(), lhs.platform.rawValue, lhs.version, lhs.track) < (
            rhs.app.lowercased(), rhs.platform.rawValue, rhs.version, rhs.track
        )
    }
}
