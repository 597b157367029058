/// One app version on one platform: the unit a timeline and its submission cycles belong to.
public struct VersionKey: Sendable, Hashable, Comparable {
    /// The app's name.
    public var app: String
    /// The platform.
    public var platform: Platform
    /// The version string.
    public var version: String

    /// Creates a key.
    /// - Parameters:
    ///   - app: the app's name.
    ///   - platform: the version's platform.
    ///   - version: the version string ("2.3").
    public init(app: String, platform: Platform, version: String) {
        self.app = app
        self.platform = platform
        self.version = version
    }

    public static func < (lhs: VersionKey, rhs: VersionKey) -> Bool {
        (lhs.app.lowercased(), lhs.platform.rawValue, lhs.version) < (
            rhs.app.lowercased(), rhs.platform.rawValue, rhs.version
        )
    }
}
