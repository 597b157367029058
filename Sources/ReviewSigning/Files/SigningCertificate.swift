public import GatehouseFoundation

/// What the tracker reads of an X.509 certificate: a certificate file's, or one of a provisioning profile's
/// `DeveloperCertificates`.
public struct SigningCertificate: Sendable, Equatable {
    /// The subject as an RFC 2253 distinguished name (`UID=...,CN=Apple Push Services: com.example.app,...`),
    /// UTF-8 kept as it is.
    public let subject: String
    /// The subject's common name (`CN`), when it has one: the display name of a certificate file.
    public let commonName: String?
    /// The issuer as an RFC 2253 distinguished name.
    public let issuer: String
    /// The issuer's common name, when it has one (`Apple Worldwide Developer Relations Certification Authority`).
    public let issuerCommonName: String?
    /// The serial number in uppercase hexadecimal, as Keychain Access and the developer site show it.
    public let serialNumber: String
    /// The start of the validity period, to the second, UTC.
    public let notBefore: Date
    /// The end of the validity period (`notAfter`), to the second, UTC: when the certificate expires.
    public let notAfter: Date

    /// What kind of certificate Apple's naming makes it: the common name's part before `": "`
    /// (`Apple Push Services`, `Pass Type ID`, `Apple Distribution`, `iPhone Developer`), or nil when the common
    /// name has no such part.
    public var typeName: String? {
        guard let commonName, let colon = commonName.firstRange(of: ": "), colon.lowerBound > commonName.startIndex
        else {
            return nil
        }
        return String(commonName[..<colon.lowerBound])
    }

    /// A certificate's fields, as read.
    /// - Parameters:
    ///   - subject: the subject, RFC 2253.
    ///   - commonName: the subject's CN.
    ///   - issuer: the issuer, RFC 2253.
    ///   - issuerCommonName: the issuer's CN.
    ///   - serialNumber: uppercase hexadecimal.
    ///   - notBefore: the start of validity.
    ///   - notAfter: the end of validity.
    public init(
        subject: String, commonName: String?, issuer: String, issuerCommonName: String?, serialNumber: String,
        notBefore: Date, notAfter: Date
    ) {
        self.subject = subject
        self.commonName = commonName
        self.issuer = issuer
        self.issuerCommonName = issuerCommonName
        self.serialNumber = serialNumber
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}
