public import GatehouseFoundation

/// A certificate file the tracker watches (an APNs certificate, a pass type certificate): one X.509 certificate in
/// PEM or DER.
public struct CertificateFile: Sendable, Equatable {
    /// How the file is written.
    public enum Encoding: String, Sendable, Equatable {
        /// Base64 text between `-----BEGIN CERTIFICATE-----` lines; the first such block is the one read.
        case pem = "PEM"
        /// The binary DER form (`.cer` as the developer site hands it out).
        case der = "DER"
    }

    /// How the file is written.
    public let encoding: Encoding
    /// The certificate.
    public let certificate: SigningCertificate

    /// When it expires: its `notAfter`, to the second, UTC.
    public var expires: Date { certificate.notAfter }

    /// The name shown for it: the subject's common name, or the whole subject when it has none.
    public var displayName: String { certificate.commonName ?? certificate.subject }

    /// One line for the DETAIL column: what kind of certificate (the common name's prefix, such as
    /// `Apple Push Services`), its serial number, its issuer and its encoding.
    public var detail: String {
        let issuer = certificate.issuerCommonName ?? certificate.issuer
        return "\(certificate.typeName ?? "certificate"), serial \(certificate.serialNumber), issued by \(issuer), "
            + encoding.rawValue
    }

    /// A certificate file as read.
    /// - Parameters:
    ///   - encoding: PEM or DER.
    ///   - certificate: the certificate.
    public init(encoding: Encoding, certificate: SigningCertificate) {
        self.encoding = encoding
        self.certificate = certificate
    }
}
