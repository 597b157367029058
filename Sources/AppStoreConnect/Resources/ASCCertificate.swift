public import GatehouseFoundation

/// A signing certificate of the team, as `GET /v1/certificates` gives it (and as `GET /v1/profiles` includes the
/// certificates of each profile). Its content (`certificateContent`) is not requested.
public struct ASCCertificate: Sendable, Hashable, Identifiable {
    /// App Store Connect's ID of the certificate.
    public let id: String
    /// Its name, such as `Apple Distribution: Example Ltd (A1B2C3D4E5)`.
    public let name: String
    /// What it signs.
    public let certificateType: ASCCertificateType
    /// The name App Store Connect shows, such as `Example Ltd`, when sent.
    public let displayName: String?
    /// The serial number (hexadecimal, as App Store Connect writes it).
    public let serialNumber: String
    /// The platform, when sent.
    public let platform: ASCBundleIDPlatform?
    /// When it expires, to the second (a fraction App Store Connect sends is dropped).
    public let expirationDate: Date
    /// Whether it is activated, when sent.
    public let activated: Bool?

    /// Creates a value (for tests and fakes).
    /// - Parameters:
    ///   - id: the certificate's ID.
    ///   - expirationDate: the expiry, kept as given.
    ///   - activated: whether it is activated.
    public init(
        id: String, name: String, certificateType: ASCCertificateType, displayName: String?, serialNumber: String,
        platform: ASCBundleIDPlatform?, expirationDate: Date, activated: Bool?
    ) {
        self.id = id
        self.name = name
        self.certificateType = certificateType
        self.displayName = displayName
        self.serialNumber = serialNumber
        self.platform = platform
        self.expirationDate = expirationDate
        self.activated = activated
    }

    /// Reads a `certificates` resource.
    /// - Throws: `AppStoreConnectError.invalidResponse` when `name`, `certificateType`, `serialNumber` or
    ///   `expirationDate` is missing, or an attribute has the wrong JSON type or an unreadable date.
    init(resource: JSONAPIResource) throws {
        try resource.expect(type: "certificates")
        self.init(
            id: resource.id, name: try resource.string("name"),
            certificateType: ASCCertificateType(rawValue: try resource.string("certificateType")),
            displayName: try resource.optionalString("displayName"),
            serialNumber: try resource.string("serialNumber"),
            platform: try resource.optionalString("platform").map(ASCBundleIDPlatform.init(rawValue:)),
            expirationDate: try resource.requiredDate("expirationDate", wholeSeconds: true),
            activated: try resource.optionalBool("activated"))
    }
}
