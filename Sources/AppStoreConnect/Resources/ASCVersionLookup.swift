/// One App Store version with its app: what `GET /v1/appStoreVersions/{id}?include=app,build` resolves a webhook's
/// version ID to.
public struct ASCVersionLookup: Sendable, Hashable {
    /// The version, with its platform, version string, state and build.
    public let version: ASCAppStoreVersion
    /// The app it belongs to.
    public let app: ASCApp

    /// Creates a value (for tests and fakes).
    public init(version: ASCAppStoreVersion, app: ASCApp) {
        self.version = version
        self.app = app
    }
}
