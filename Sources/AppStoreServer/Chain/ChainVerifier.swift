internal import GatehouseCore
import GatehouseFoundation
import JWT
import Synchronization

/// From a JWS header's `x5c` to the verified path whose leaf key may check the signature (RFC 7515 section 4.1.6:
/// `x5c` is a chain of base64, not base64url, DER certificates, the key's own first).
///
/// App Store data carries three certificates: the leaf, Apple's WWDR intermediate and Apple Root CA - G3. The path is
/// built from `x5c[0]` and `x5c[1]` to the verifier's roots; `x5c[2]` must be a certificate but is never trusted nor
/// used (the root the path ends at is the verifier's own). Paths that verified are cached by the two certificates'
/// text, so a warm chain costs a dictionary lookup.
final class ChainVerifier: Sendable {
    /// The most paths kept: App Store data is signed by a handful of leaves at a time.
    static let cacheCapacity = 64

    private let trust: TrustStore
    /// Whether the roots were passed by the caller (a local signing certificate is accepted only then).
    private let explicitRoots: Bool
    private let cache = Mutex<[ChainKey: VerifiedPath]>([:])

    private struct ChainKey: Hashable {
        let leaf: String
        let intermediate: String
    }

    init(trust: TrustStore, explicitRoots: Bool) {
        self.trust = trust
        self.explicitRoots = explicitRoots
    }

    /// The verified path of `header`'s `x5c`.
    /// - Parameter allowsLocalSigning: whether a one-certificate `x5c` (Xcode, LocalTesting) may be taken, when equal
    ///   to a root the caller passed.
    /// - Throws: `malformed` (no `x5c`, not base64 DER), `chainInvalid`, `missingAppleExtension`,
    ///   `localSigningNotTrusted`.
    func path(of header: JWSHeader, allowsLocalSigning: Bool) throws(AppStoreServerError) -> VerifiedPath {
        guard let member = header.raw["x5c"] else {
            throw AppStoreServerError(
                .malformed, "the header has no x5c: App Store signed data carries its certificate chain there")
        }
        guard let elements = member.arrayValue else {
            throw AppStoreServerError(.malformed, "the header's x5c is a JSON \(member.typeName), not an array")
        }
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue else {
                throw AppStoreServerError(.malformed, "x5c[\(index)] is a JSON \(element.typeName), not a string")
            }
            texts.append(text)
        }
        if texts.count == 1 { return try localSigningPath(texts[0], allowed: allowsLocalSigning) }
        guard texts.count == 3 else {
            throw AppStoreServerError(
                .chainInvalid,
                "x5c holds \(texts.count) certificate\(texts.count == 1 ? "" : "s"); App Store signed data carries "
                    + "exactly 3 (the leaf, Apple's WWDR intermediate, Apple Root CA - G3)")
        }
        let key = ChainKey(leaf: texts[0], intermediate: texts[1])
        if let cached = cache.withLockVisibleToTSan({ $0[key] }) { return cached }
        let leaf = try Self.certificate(texts[0], index: 0)
        let intermediate = try Self.certificate(texts[1], index: 1)
        _ = try Self.certificate(texts[2], index: 2)  // must be a certificate; never used
        let root = try trust.verifyPath(leaf: leaf, intermediate: intermediate)
        let certificates = [
            ChainCertificate(leaf, role: .leaf), ChainCertificate(intermediate, role: .intermediate),
            ChainCertificate(root, role: .root),
        ]
        // Apple's extensions (Apple's app-store-server-library, ChainVerifier; Apple PKI CPS): the intermediate is
        // Apple's WWDR CA, the leaf an App Store receipt signing certificate.
        if certificates[1].appleExtension != true {
            throw AppStoreServerError(
                .missingAppleExtension,
                "\(certificates[1].named) lacks Apple's WWDR extension \(ChainCertificate.intermediateExtension): it "
                    + "is not Apple Worldwide Developer Relations")
        }
        if certificates[0].appleExtension != true {
            throw AppStoreServerError(
                .missingAppleExtension,
                "\(certificates[0].named) lacks Apple's receipt signing extension \(ChainCertificate.leafExtension):"
                    + " it is not an App Store signing certificate")
        }
        let path = VerifiedPath(
            leaf: leaf, intermediate: intermediate, root: root, leafKey: try Self.es256Key(of: leaf, certificates[0]),
            certificates: certificates)
        cache.withLockVisibleToTSan { paths in
            if paths.count >= Self.cacheCapacity { paths.removeAll(keepingCapacity: true) }
            paths[key] = path
        }
        return path
    }

    /// Xcode's and LocalTesting's one certificate: taken only when its DER equals a root the caller passed.
    private func localSigningPath(_ text: String, allowed: Bool) throws(AppStoreServerError) -> VerifiedPath {
        guard allowed else {
            throw AppStoreServerError(
                .localSigningNotTrusted,
                "x5c holds 1 certificate, as Xcode signs StoreKit testing data; a verifier for Production or Sandbox "
                    + "takes only Apple's 3-certificate chain")
        }
        let certificate = try Self.certificate(text, index: 0)
        let der = certificate.der
        guard explicitRoots, trust.roots.contains(where: { $0.derRepresentation == der }) else {
            let summary = ChainCertificate(certificate, role: .localSigning)
            throw AppStoreServerError(
                .localSigningNotTrusted,
                "x5c holds 1 certificate, \(summary.subject) (serial \(summary.serial)), which is not a root passed "
                    + "to the verifier: Xcode and LocalTesting data is taken only when its certificate is given as a "
                    + "root explicitly")
        }
        let summary = ChainCertificate(certificate, role: .localSigning)
        return VerifiedPath(
            leaf: certificate, intermediate: nil, root: nil, leafKey: try Self.es256Key(of: certificate, summary),
            certificates: [summary])
    }

    /// Decodes `x5c[index]`: base64 (RFC 7515 section 4.1.6 says base64, not base64url) of one DER certificate.
    static func certificate(_ text: String, index: Int) throws(AppStoreServerError) -> X509Certificate {
        guard let bytes = Data(base64Encoded: text), !bytes.isEmpty else {
            throw AppStoreServerError(
                .malformed,
                "x5c[\(index)] is not base64 (RFC 4648 section 4, with padding; RFC 7515 section 4.1.6): "
                    + "\(text.count) characters starting \"\(text.prefix(16))\"")
        }
        do {
            return try X509Certificate(der: bytes)
        } catch {
            throw AppStoreServerError(.malformed, "x5c[\(index)] is \(error.text)")
        }
    }

    /// The leaf's key, which must be EC P-256 for ES256 (RFC 7518 section 3.4).
    private static func es256Key(of certificate: X509Certificate, _ summary: ChainCertificate)
        throws(AppStoreServerError) -> PublicKey
    {
        guard let spki = certificate.subjectPublicKeyInfo, let key = try? PublicKey(derRepresentation: spki) else {
            throw AppStoreServerError(.chainInvalid, "\(summary.named) has a public key that cannot be read")
        }
        guard key.kind == .ec(.p256) else {
            throw AppStoreServerError(
                .chainInvalid, "\(summary.named) has a \(key.kind) key; ES256 data is signed with an EC P-256 key")
        }
        return key
    }
}
