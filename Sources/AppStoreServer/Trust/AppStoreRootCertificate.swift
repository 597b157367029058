internal import GatehouseCore
import GatehouseFoundation
import JWT

/// A root certificate App Store signed data must chain to: by default Apple Root CA - G3 (`appleRootCAG3`), embedded
/// in the library; a root of your own for tests, or the certificate Xcode signs StoreKit testing data with.
///
/// Holding a root is trusting it: a chain that ends at it is accepted. `x5c[2]`, the root a payload carries, is never
/// taken as one.
public struct AppStoreRootCertificate: Sendable, Hashable {
    /// The certificate's DER.
    public let derRepresentation: [UInt8]
    /// The certificate's subject (RFC 2253), for messages.
    public let subject: String
    /// The SHA-256 of the DER, lowercase hex.
    public let sha256Fingerprint: String
    /// The OpenSSL certificate.
    package let certificate: X509Certificate

    /// Apple Root CA - G3 (SHA-256 `63343abf...653e9179`), from Apple's PKI page.
    public static let appleRootCAG3: AppStoreRootCertificate = {
        // The embedded bytes are tested (`AppleRootTests`): a failure here is a build defect, not an input error.
        guard let der = Data(base64Encoded: AppleRootCAG3.base64),
            let root = try? AppStoreRootCertificate(derRepresentation: Array(der))
        else { preconditionFailure("the embedded Apple Root CA - G3 does not decode") }
        return root
    }()

    /// Reads a root from one DER certificate.
    /// - Throws: `AppStoreServerError.invalidConfiguration` when the bytes are not exactly one DER certificate.
    public init(derRepresentation: [UInt8]) throws(AppStoreServerError) {
        do {
            self.init(certificate: try X509Certificate(der: derRepresentation), der: derRepresentation)
        } catch {
            throw AppStoreServerError(.invalidConfiguration, "the root is not one DER certificate: \(error.text)")
        }
    }

    /// Reads a root from the first `CERTIFICATE` block of a PEM text.
    /// - Throws: `AppStoreServerError.invalidConfiguration` when the text has no readable certificate.
    public init(pemRepresentation: String) throws(AppStoreServerError) {
        let certificate: X509Certificate
        do {
            certificate = try X509Certificate(pem: Array(pemRepresentation.utf8))
        } catch {
            throw AppStoreServerError(.invalidConfiguration, "the root is not a PEM certificate: \(error.text)")
        }
        self.init(certificate: certificate, der: certificate.der)
    }

    private init(certificate: X509Certificate, der: [UInt8]) {
        self.certificate = certificate
        derRepresentation = der
        subject = certificate.subject
        sha256Fingerprint = Hex.lowercase(certificate.sha256Fingerprint ?? [])
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.derRepresentation == rhs.derRepresentation }

    public func hash(into hasher: inout Hasher) { hasher.combine(derRepresentation) }
}

extension X509Certificate.ReadFailure {
    /// The failure in words, for messages.
    package var text: String {
        switch self {
        case .notDER(let openSSL): "not a readable DER X.509 certificate (OpenSSL: \(openSSL))"
        case .trailingBytes(let consumed, let total):
            "a DER certificate of \(consumed) bytes followed by \(total - consumed) more bytes"
        case .noPEMBlock(let openSSL): "no readable PEM CERTIFICATE block (OpenSSL: \(openSSL))"
        }
    }
}
