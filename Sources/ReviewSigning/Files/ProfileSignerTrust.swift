import GatehouseCore

/// The root certificates a provisioning profile's CMS signer must chain to for the profile to count as signed by
/// them (by default Apple's): a check made after the signature's integrity, which a profile needs anyway.
///
/// The roots are pinned by the SHA-256 fingerprint of their DER, not embedded: a profile's CMS message carries its
/// signer's chain, Apple Root CA included, and a certificate of that set is taken as the anchor only when its whole
/// DER hashes to a pinned fingerprint (which is as strong as holding the certificate itself). The chain from the
/// signer to that anchor is then verified by OpenSSL (`X509_verify_cert`) without checking validity times: whether a
/// certificate has expired is what the tracker reports, not a reason to call a genuine profile foreign.
public struct ProfileSignerTrust: Sendable, Equatable {
    /// Who the roots belong to, for the detail text ("Apple": "signer chained to Apple").
    public let name: String
    /// The SHA-256 fingerprints of the root certificates' DER.
    public let rootFingerprints: [[UInt8]]

    /// Apple's roots: Apple Root CA (SHA-256 `B0B1730E...1001F024`, under which Apple signs provisioning profiles)
    /// and Apple Root CA - G3 (`63343ABF...653E9179`).
    public static let apple = ProfileSignerTrust(
        validatedName: "Apple",
        fingerprints: [
            "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024",
            "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179",
        ])

    /// Roots of your own (an enterprise's, or a test's).
    /// - Parameters:
    ///   - name: who the roots belong to, for the detail text.
    ///   - rootFingerprints: the SHA-256 fingerprints of the roots' DER, 32 bytes each.
    /// - Throws: `SigningError.invalidTrustAnchor` for a fingerprint that is not 32 bytes, or an empty list.
    public init(name: String, rootFingerprints: [[UInt8]]) throws(SigningError) {
        guard !rootFingerprints.isEmpty else {
            throw SigningError(.invalidTrustAnchor, "the roots of \(name) are an empty list: nothing could chain")
        }
        for (index, fingerprint) in rootFingerprints.enumerated() where fingerprint.count != 32 {
            throw SigningError(
                .invalidTrustAnchor,
                "root fingerprint \(index + 1) of \(name) is \(fingerprint.count) bytes; a SHA-256 fingerprint is 32")
        }
        self.name = name
        self.rootFingerprints = rootFingerprints
    }

    private init(validatedName name: String, fingerprints: [String]) {
        self.name = name
        rootFingerprints = fingerprints.map { Hex.bytes(Array($0.utf8))! }
    }

    /// Whether `fingerprint` is one of the roots'.
    func isRoot(_ fingerprint: [UInt8]) -> Bool { rootFingerprints.contains(fingerprint) }
}
