internal import GatehouseCore
import GatehouseFoundation
import JWT

/// An `x5c` chain that verified to a trusted root, with what each later use needs: the leaf's public key, the
/// certificates for OCSP, and their summaries and validity periods for the time check and the report.
///
/// Independent of any payload: which time the validity is checked at, and whether OCSP is asked, are decided per
/// payload. So a path is verified once per chain and cached (`ChainCache`).
final class VerifiedPath: Sendable {
    /// The leaf, `x5c[0]`.
    let leaf: X509Certificate
    /// The intermediate, `x5c[1]`.
    let intermediate: X509Certificate?
    /// The trusted root the path ends at, or nil for a local signing certificate (which is itself the root).
    let root: X509Certificate?
    /// The leaf's public key: the one key the data's signature is checked with.
    let leafKey: PublicKey
    /// The built path, in order: leaf, intermediate, root; or the one local signing certificate.
    let certificates: [ChainCertificate]

    init(
        leaf: X509Certificate, intermediate: X509Certificate?, root: X509Certificate?, leafKey: PublicKey,
        certificates: [ChainCertificate]
    ) {
        self.leaf = leaf
        self.intermediate = intermediate
        self.root = root
        self.leafKey = leafKey
        self.certificates = certificates
    }

    /// The first certificate of the path not valid at `time`, with what is wrong.
    /// - Parameter time: the validation time.
    /// - Throws: `certificateExpired` naming the certificate, its validity and `time`.
    func checkValidity(at time: Date, source: ValidationTimeSource) throws(AppStoreServerError) {
        for certificate in certificates {
            guard let notBefore = certificate.notBefore, let notAfter = certificate.notAfter else {
                throw AppStoreServerError(
                    .chainInvalid, "\(certificate.named) has a validity time OpenSSL cannot read")
            }
            if time < notBefore || time > notAfter {
                let state = time < notBefore ? "not yet valid" : "expired"
                throw AppStoreServerError(
                    .certificateExpired,
                    "\(certificate.named) is \(state) at the validation time \(ISO8601.text(time)) (\(source.phrase)):"
                        + " it is valid from \(ISO8601.text(notBefore)) to \(ISO8601.text(notAfter))")
            }
        }
    }
}

/// Where the validation time came from.
public enum ValidationTimeSource: String, Sendable, Hashable {
    /// The payload's `signedDate`: checking offline, the chain must have been valid when the data was signed.
    case signedDate
    /// An `AppTransaction`'s `receiptCreationDate`, its signing date.
    case receiptCreationDate
    /// The current time (or the clock's): checking online, or a payload without a signing date.
    case now

    /// The source in words, for messages.
    package var phrase: String {
        switch self {
        case .signedDate: "the payload's signedDate"
        case .receiptCreationDate: "the payload's receiptCreationDate"
        case .now: "the current time"
        }
    }
}

/// ISO 8601 UTC text of an instant, to the millisecond when it has one ("2022-03-04T09:43:28.254Z").
enum ISO8601 {
    static func text(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = CivilTime.floorDivide(milliseconds, 1000)
        let fraction = milliseconds - seconds * 1000
        let whole = CivilTime.iso8601(seconds)
        guard fraction != 0 else { return whole }
        return String(whole.dropLast()) + "." + String(String(fraction + 1000).dropFirst()) + "Z"
    }
}
