import GatehouseFoundation
import JWT

/// One certificate of a chain, as a report shows it: who it names, who issued it, its serial and validity, and
/// whether it carries the Apple extension its place in the chain requires.
public struct ChainCertificate: Sendable, Hashable {
    /// Where the certificate stands in the built path.
    public enum Role: String, Sendable, Hashable {
        /// `x5c[0]`: the key that signed the data.
        case leaf
        /// `x5c[1]`: Apple Worldwide Developer Relations.
        case intermediate
        /// The trusted root the path ends at (one of the verifier's, never `x5c[2]`).
        case root
        /// The one certificate of Xcode or LocalTesting data, equal to a root passed for it.
        case localSigning
    }

    /// Its place in the path.
    public let role: Role
    /// The subject, RFC 2253.
    public let subject: String
    /// The issuer, RFC 2253.
    public let issuer: String
    /// The serial number, lowercase hexadecimal.
    public let serial: String
    /// The start of the validity period (nil when OpenSSL cannot read it).
    public let notBefore: Date?
    /// The end of the validity period.
    public let notAfter: Date?
    /// Whether the Apple extension of its role is present: the WWDR extension for the intermediate, the receipt
    /// signing extension for the leaf; nil for a root or a local signing certificate, which need none.
    public let appleExtension: Bool?

    /// The extension an App Store leaf carries: Mac App Store and iTunes Store receipt signing.
    static let leafExtension = "1.2.840.113635.100.6.11.1"
    /// The extension Apple's WWDR intermediate carries.
    static let intermediateExtension = "1.2.840.113635.100.6.2.1"

    /// The summary of a certificate in `role`.
    package init(_ certificate: X509Certificate, role: Role) {
        self.role = role
        subject = certificate.subject
        issuer = certificate.issuer
        serial = (certificate.serialNumberHex ?? "?").lowercased()
        notBefore = certificate.notBefore
        notAfter = certificate.notAfter
        switch role {
        case .leaf: appleExtension = certificate.hasExtension(oid: Self.leafExtension)
        case .intermediate: appleExtension = certificate.hasExtension(oid: Self.intermediateExtension)
        case .root, .localSigning: appleExtension = nil
        }
    }

    /// "the leaf (CN=..., serial 68fa...)": the certificate named for messages.
    public var named: String { "the \(role.phrase) (\(subject), serial \(serial))" }
}

extension ChainCertificate.Role {
    /// The role in words.
    var phrase: String {
        switch self {
        case .leaf: "leaf"
        case .intermediate: "intermediate"
        case .root: "root"
        case .localSigning: "local signing certificate"
        }
    }
}
