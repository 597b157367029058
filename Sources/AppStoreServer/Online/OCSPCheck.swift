import GatehouseFoundation

/// One certificate's OCSP status (RFC 6960), as the responder its certificate names gave it: what a report shows
/// for the leaf and the intermediate when a verifier checks online.
public struct OCSPCheck: Sendable, Hashable {
    /// The status.
    public enum Status: String, Sendable, Hashable {
        /// Not revoked (RFC 6960 section 2.2).
        case good
        /// Revoked: the data is rejected.
        case revoked
        /// The responder does not know the certificate: rejected too (it is not one the issuer vouches for).
        case unknown
        /// No usable answer: the responder could not be reached, timed out, answered non-2xx, or with a response
        /// that is not valid, not signed by the issuer or its delegate, or stale. Not a rejection: try later.
        case unavailable
    }

    /// The certificate asked about (the leaf, or the intermediate).
    public let certificate: ChainCertificate
    /// The responder's URL, from the certificate's Authority Information Access; nil when it names none.
    public let responder: String?
    /// The status.
    public let status: Status
    /// When the responder knew the status to be correct.
    public let thisUpdate: Date?
    /// When newer information will be available; the answer is cached until then (at most 24 hours, and never past
    /// the certificate's `notAfter`).
    public let nextUpdate: Date?
    /// When the certificate was revoked.
    public let revocationTime: Date?
    /// Why it was revoked (RFC 5280 section 5.3.1), when the responder says.
    public let revocationReason: String?
    /// Whether the answer came from the verifier's cache rather than from the responder just now.
    public let cached: Bool
    /// Why there is no usable answer (`unavailable`).
    public let problem: String?

    /// Whether the status rejects the data (revoked or unknown).
    public var rejects: Bool { status == .revoked || status == .unknown }
}
