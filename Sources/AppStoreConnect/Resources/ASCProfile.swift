public import GatehouseFoundation

/// A provisioning profile of the team, as `GET /v1/profiles?include=bundleId,certificates` gives it: its own dates
/// and state, the bundle ID it is for, and the certificates it includes (a profile stops working when the first of
/// them expires or is revoked, whatever its own expiry). Profiles cannot be edited, only deleted and made again.
public struct ASCProfile: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the profile.
    public let id: String
    /// Its name.
    public let name: String
    /// The platform, when sent.
    public let platform: ASCBundleIDPlatform?
    /// Its kind (platform and distribution method).
    public let profileType: ASCProfileType
    /// `ACTIVE` or `INVALID`.
    public let profileState: ASCProfileState
    /// The profile's UUID (the `UUID` of the `.mobileprovision` file).
    public let uuid: String
    /// When it was made, to the second, when sent.
    public let createdDate: Date?
    /// When it expires, to the second (its own date; the certificates may expire earlier).
    public let expirationDate: Date
    /// The bundle ID it is for, when the response links one.
    public let bundleID: ASCBundleID?
    /// The IDs of the certificates it includes, in App Store Connect's order: all of them, also when there are more
    /// than one response lists (the rest are fetched from `/v1/profiles/{id}/certificates`).
    public let certificateIDs: [String]
    /// The certificates it includes, as App Store Connect included them: one for each of `certificateIDs`, in the
    /// same order. A certificate here may be missing from `ASCClient.certificates()`, when the key may read
    /// profiles but not certificates.
    public let certificates: [ASCCertificate]

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the profile's ID.
    ///   - createdDate: when it was made.
    ///   - expirationDate: its own expiry, kept as given.
    ///   - bundleID: the bundle ID.
    ///   - certificateIDs: the IDs of its certificates; default those of `certificates`.
    ///   - certificates: its certificates.
    public init(
        id: String, name: String, platform: ASCBundleIDPlatform?, profileType: ASCProfileType,
        profileState: ASCProfileState, uuid: String, createdDate: Date?, expirationDate: Date,
        bundleID: ASCBundleID?, certificateIDs: [String]? = nil, certificates: [ASCCertificate]
    ) {
        self.id = id
        self.name = name
        self.platform = platform
        self.profileType = profileType
        self.profileState = profileState
        self.uuid = uuid
        self.createdDate = createdDate
        self.expirationDate = expirationDate
        self.bundleID = bundleID
        self.certificateIDs = certificateIDs ?? certificates.map(\.id)
        self.certificates = certificates
    }

    /// Reads a `profiles` resource, its bundle ID and certificates from the document's included resources.
    /// - Returns: the profile, and whether its certificates are complete (false when the relationship has more
    ///   than the document lists or includes: `limit[certificates]` cut them, so they are fetched separately).
    /// - Throws: `AppStoreConnectError.invalidResponse` when `name`, `profileType`, `profileState`, `uuid` or
    ///   `expirationDate` is missing, or a resource does not read.
    static func read(resource: JSONAPIResource, included: [JSONAPIIdentifier: JSONAPIResource]) throws -> (
        profile: ASCProfile, certificatesComplete: Bool
    ) {
        try resource.expect(type: "profiles")
        var bundleID: ASCBundleID?
        if let identifier = try resource.relationship("bundleId")?.identifiers.first {
            bundleID = ASCBundleID(
                id: identifier.id, identifier: try included[identifier].map { try Self.bundleIdentifier($0) })
        }
        let relationship = try resource.relationship("certificates")
        var complete = relationship?.hasData ?? false
        var certificates: [ASCCertificate] = []
        for identifier in relationship?.identifiers ?? [] {
            guard let certificate = included[identifier] else {
                complete = false
                continue
            }
            certificates.append(try ASCCertificate(resource: certificate))
        }
        if let total = relationship?.total, total > certificates.count { complete = false }
        let profile = ASCProfile(
            id: resource.id, name: try resource.string("name"),
            platform: try resource.optionalString("platform").map(ASCBundleIDPlatform.init(rawValue:)),
            profileType: ASCProfileType(rawValue: try resource.string("profileType")),
            profileState: ASCProfileState(rawValue: try resource.string("profileState")),
            uuid: try resource.string("uuid"), createdDate: try resource.date("createdDate", wholeSeconds: true),
            expirationDate: try resource.requiredDate("expirationDate", wholeSeconds: true), bundleID: bundleID,
            certificates: certificates)
        return (profile, complete)
    }

    private static func bundleIdentifier(_ resource: JSONAPIResource) throws -> String {
        try resource.expect(type: "bundleIds")
        return try resource.string("identifier")
    }

    /// The same profile with another list of certificates.
    func replacingCertificates(_ certificates: [ASCCertificate]) -> ASCProfile {
        ASCProfile(
            id: id, name: name, platform: platform, profileType: profileType, profileState: profileState, uuid: uuid,
            createdDate: createdDate, expirationDate: expirationDate, bundleID: bundleID, certificates: certificates)
    }
}
