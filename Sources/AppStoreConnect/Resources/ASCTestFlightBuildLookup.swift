/// One TestFlight build with its app and pre-release version: what
/// `GET /v1/buildBetaDetails/{id}/build?include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail,app`
/// resolves a webhook's build beta detail ID to.
public struct ASCTestFlightBuildLookup: Sendable, Hashable {
    /// The build, with its submission and TestFlight details.
    public let build: ASCTestFlightBuild
    /// The pre-release version it belongs to (version string and platform).
    public let preReleaseVersion: ASCPreReleaseVersion
    /// The app it belongs to.
    public let app: ASCApp

    /// Creates a value (for tests and fakes).
    public init(build: ASCTestFlightBuild, preReleaseVersion: ASCPreReleaseVersion, app: ASCApp) {
        self.build = build
        self.preReleaseVersion = preReleaseVersion
        self.app = app
    }
}
