public import GatehouseFoundation

/// A build as TestFlight sees it: `GET /v1/builds` with
/// `include=preReleaseVersion,betaAppReviewSubmission,buildBetaDetail` (and `GET /v1/buildBetaDetails/{id}/build`),
/// with its pre-release version, its Beta App Review submission and its external-testing state.
///
/// Not `ASCBuild`, the smaller build an App Store version links to.
public struct ASCTestFlightBuild: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the build.
    public let id: String
    /// The app's ID: the app asked for (`filter[app]`), or the one the response links; nil when neither is known.
    public let appID: String?
    /// The build number (`version`, the `CFBundleVersion`).
    public let buildNumber: String
    /// When the build was uploaded, when sent.
    public let uploadedDate: Date?
    /// When the build expires for testers, when sent.
    public let expirationDate: Date?
    /// Whether the build has expired, when sent.
    public let expired: Bool?
    /// `processingState`, when sent.
    public let processingState: ASCBuildProcessingState?
    /// The pre-release version (version string and platform), when the build links one.
    public let preReleaseVersion: ASCPreReleaseVersion?
    /// The Beta App Review submission, when the build has one.
    public let betaAppReviewSubmission: ASCBetaAppReviewSubmission?
    /// The build's TestFlight details (`externalBuildState`), when the build links them.
    public let buildBetaDetail: ASCBuildBetaDetail?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the build's ID.
    ///   - appID: the app's ID.
    ///   - buildNumber: the build number.
    ///   - uploadedDate: the upload time.
    ///   - expirationDate: when it expires.
    ///   - expired: whether it has expired.
    ///   - processingState: the processing state.
    ///   - preReleaseVersion: the pre-release version.
    ///   - betaAppReviewSubmission: the Beta App Review submission.
    ///   - buildBetaDetail: the TestFlight details.
    public init(
        id: String, appID: String?, buildNumber: String, uploadedDate: Date?, expirationDate: Date?, expired: Bool?,
        processingState: ASCBuildProcessingState?, preReleaseVersion: ASCPreReleaseVersion?,
        betaAppReviewSubmission: ASCBetaAppReviewSubmission?, buildBetaDetail: ASCBuildBetaDetail?
    ) {
        self.id = id
        self.appID = appID
        self.buildNumber = buildNumber
        self.uploadedDate = uploadedDate
        self.expirationDate = expirationDate
        self.expired = expired
        self.processingState = processingState
        self.preReleaseVersion = preReleaseVersion
        self.betaAppReviewSubmission = betaAppReviewSubmission
        self.buildBetaDetail = buildBetaDetail
    }

    /// Reads a `builds` resource and the resources it links from the document's included ones. A linked resource
    /// the document does not include is an `invalidResponse` (the include asked for it), never a silent nil.
    /// - Parameter expectedAppID: the app asked for (`filter[app]`); a build linking another app is refused.
    init(
        resource: JSONAPIResource, included: [JSONAPIIdentifier: JSONAPIResource], expectedAppID: String? = nil
    ) throws {
        try resource.expect(type: "builds")
        let linkedAppID = try resource.relationship("app")?.identifiers.first?.id
        if let expectedAppID, let linkedAppID, linkedAppID != expectedAppID {
            throw JSONAPIResource.invalid(
                resource.url,
                "\(resource.describe) belongs to app \(Quoting.token(linkedAppID)), not to the app asked for "
                    + "(filter[app]=\(Quoting.token(expectedAppID)))")
        }
        func linked(_ name: String) throws -> JSONAPIResource? {
            guard let identifier = try resource.relationship(name)?.identifiers.first else { return nil }
            guard let target = included[identifier] else {
                throw JSONAPIResource.invalid(
                    resource.url,
                    "\(resource.describe) links \(name) \(Quoting.token(identifier.id)), which the document does not "
                        + "include (include=\(name))")
            }
            return target
        }
        self.init(
            id: resource.id, appID: linkedAppID ?? expectedAppID, buildNumber: try resource.string("version"),
            uploadedDate: try resource.date("uploadedDate"), expirationDate: try resource.date("expirationDate"),
            expired: try resource.optionalBool("expired"),
            processingState: try resource.optionalString("processingState").map(
                ASCBuildProcessingState.init(rawValue:)),
            preReleaseVersion: try linked("preReleaseVersion").map(ASCPreReleaseVersion.init(resource:)),
            betaAppReviewSubmission: try linked("betaAppReviewSubmission").map(
                ASCBetaAppReviewSubmission.init(resource:)),
            buildBetaDetail: try linked("buildBetaDetail").map(ASCBuildBetaDetail.init(resource:)))
    }
}
