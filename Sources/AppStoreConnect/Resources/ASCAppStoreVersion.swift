public import GatehouseFoundation

/// An App Store version of one platform, as `GET /v1/apps/{id}/appStoreVersions` and
/// `GET /v1/appStoreVersions/{id}` give it, with its build.
public struct ASCAppStoreVersion: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the version (a UUID); webhooks name versions by it.
    public let id: String
    /// The app's ID, when the response links it.
    public let appID: String?
    /// The platform.
    public let platform: ASCPlatform
    /// The version string, such as `2.4.1`.
    public let versionString: String
    /// `appVersionState`, when sent.
    public let appVersionState: ASCVersionState?
    /// The deprecated `appStoreState`, when sent.
    public let appStoreState: ASCVersionState?
    /// When the version was created, when sent.
    public let createdDate: Date?
    /// The attached build, when there is one.
    public let build: ASCBuild?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the version's ID.
    ///   - appID: the app's ID.
    ///   - appStoreState: the deprecated `appStoreState`.
    ///   - createdDate: the creation time.
    ///   - build: the attached build.
    public init(
        id: String, appID: String?, platform: ASCPlatform, versionString: String, appVersionState: ASCVersionState?,
        appStoreState: ASCVersionState?, createdDate: Date?, build: ASCBuild?
    ) {
        self.id = id
        self.appID = appID
        self.platform = platform
        self.versionString = versionString
        self.appVersionState = appVersionState
        self.appStoreState = appStoreState
        self.createdDate = createdDate
        self.build = build
    }

    /// The state: `appVersionState`, or the deprecated `appStoreState` only when `appVersionState` is absent; nil
    /// when neither was sent.
    public var state: ASCVersionState? { appVersionState ?? appStoreState }

    /// Whether `state` comes from the deprecated `appStoreState` (whose values differ: `READY_FOR_SALE` for
    /// `READY_FOR_DISTRIBUTION`, for one).
    public var stateIsDeprecatedAppStoreState: Bool { appVersionState == nil && appStoreState != nil }

    /// Reads an `appStoreVersions` resource; its build from the document's included resources.
    init(resource: JSONAPIResource, included: [JSONAPIIdentifier: JSONAPIResource]) throws {
        try resource.expect(type: "appStoreVersions")
        id = resource.id
        appID = try resource.relationship("app")?.identifiers.first?.id
        platform = ASCPlatform(rawValue: try resource.string("platform"))
        versionString = try resource.string("versionString")
        appVersionState = try resource.optionalString("appVersionState").map(ASCVersionState.init(rawValue:))
        appStoreState = try resource.optionalString("appStoreState").map(ASCVersionState.init(rawValue:))
        createdDate = try resource.date("createdDate")
        if let buildID = try resource.relationship("build")?.identifiers.first {
            if let buildResource = included[buildID] {
                build = try ASCBuild(resource: buildResource)
            } else {
                build = ASCBuild(id: buildID.id, version: nil, uploadedDate: nil)
            }
        } else {
            build = nil
        }
    }
}
