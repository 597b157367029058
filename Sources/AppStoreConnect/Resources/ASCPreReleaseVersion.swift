/// A TestFlight pre-release version: the version string (`CFBundleShortVersionString`) and platform a build belongs
/// to, as `include=preReleaseVersion` gives it.
public struct ASCPreReleaseVersion: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the pre-release version.
    public let id: String
    /// The version string, such as `2.4`.
    public let version: String
    /// The platform.
    public let platform: ASCPlatform

    /// Creates a value (for tests and fakes).
    /// - Parameter id: the pre-release version's ID.
    public init(id: String, version: String, platform: ASCPlatform) {
        self.id = id
        self.version = version
        self.platform = platform
    }

    /// Reads a `preReleaseVersions` resource.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "preReleaseVersions")
        self.init(
            id: resource.id, version: try resource.string("version"),
            platform: ASCPlatform(rawValue: try resource.string("platform")))
    }
}
