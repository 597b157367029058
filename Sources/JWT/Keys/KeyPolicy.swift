/// Which public keys a key set accepts. Refused keys stay in the set as unusable, with the reason.
///
/// The default refuses RSA moduli under 2048 bits (RFC 7518 section 3.3), public exponents under 65537, and moduli
/// with the ROCA fingerprint (CVE-2017-15361, keys from a broken generator whose private key can be computed).
public struct KeyPolicy: Sendable, Hashable {
    /// The smallest RSA modulus accepted, in bits.
    public var minimumRSAModulusBits: Int
    /// The smallest RSA public exponent accepted.
    public var minimumRSAPublicExponent: UInt64
    /// Whether RSA moduli with the ROCA fingerprint are refused.
    public var rejectsROCAFingerprint: Bool

    /// Creates a policy.
    /// - Parameters:
    ///   - minimumRSAModulusBits: the smallest RSA modulus accepted, in bits.
    ///   - minimumRSAPublicExponent: the smallest RSA public exponent accepted.
    ///   - rejectsROCAFingerprint: whether ROCA-fingerprinted moduli are refused.
    public init(minimumRSAModulusBits: Int, minimumRSAPublicExponent: UInt64, rejectsROCAFingerprint: Bool) {
        self.minimumRSAModulusBits = minimumRSAModulusBits
        self.minimumRSAPublicExponent = minimumRSAPublicExponent
        self.rejectsROCAFingerprint = rejectsROCAFingerprint
    }

    /// RSA at least 2048 bits with e >= 65537, no ROCA fingerprint.
    public static let `default` = KeyPolicy(
        minimumRSAModulusBits: 2048, minimumRSAPublicExponent: 65537, rejectsROCAFingerprint: true)

    /// INSECURE: accepts RSA keys down to 1024 bits and public exponents down to 3. Only for legacy systems you
    /// cannot fix; forged signatures become feasible for well-funded attackers.
    public static let insecureAllowingWeakRSAKeys = KeyPolicy(
        minimumRSAModulusBits: 1024, minimumRSAPublicExponent: 3, rejectsROCAFingerprint: true)

    /// The outcome of checking a key.
    public enum Verdict: Sendable, Equatable {
        /// The key is acceptable.
        case meets
        /// The key is refused, with the reason (code `weakKey`).
        case fails(JWTError)
    }

    /// Checks a public key against this policy.
    /// - Returns: `.meets`, or `.fails` with a `weakKey` error naming the cause.
    public func evaluate(_ key: PublicKey) -> Verdict {
        guard case .rsa(let modulus, let exponent) = key.components else { return .meets }
        let bits = key.bitCount
        if bits < minimumRSAModulusBits {
            return .fails(
                JWTError(
                    .weakKey,
                    "the RSA key has a \(bits)-bit modulus; at least \(minimumRSAModulusBits) bits are required "
                        + "(RFC 7518 section 3.3); replace the key (KeyPolicy.insecureAllowingWeakRSAKeys accepts "
                        + "it, insecurely)"))
        }
        let significant = exponent.drop(while: { $0 == 0 })
        if significant.count <= 8 {
            let value = significant.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if value < minimumRSAPublicExponent {
                return .fails(
                    JWTError(
                        .weakKey,
                        "the RSA key has public exponent \(value); at least \(minimumRSAPublicExponent) is required; "
                            + "replace the key"))
            }
        }
        if rejectsROCAFingerprint && ROCAFingerprint.matches(modulus: modulus) {
            return .fails(
                JWTError(
                    .weakKey,
                    "the RSA modulus has the ROCA fingerprint (CVE-2017-15361): it came from a flawed key generator "
                        + "and its private key can be computed; replace the key"))
        }
        return .meets
    }
}

extension PublicKey {
    /// The RSA modulus size in bits (0 for other key types).
    var bitCount: Int {
        if case .rsa(let bits) = kind { return bits }
        return 0
    }
}
