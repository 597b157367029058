/// The DER SubjectPublicKeyInfo (RFC 5280 section 4.1.2.7) of a public key, written from its public numbers.
///
/// `PublicKey.derRepresentation` is read rarely (PEM export, tests), while every key of every key set is built: so
/// the encoding is written on demand, in Swift, instead of asking OpenSSL's encoder for it in every initialiser
/// (`i2d_PUBKEY` fetches an encoder, and cost as much as building the key: a quarter of the instructions of a whole
/// `jwtcheck token` process with a two-key set). The bytes are those OpenSSL writes, which the tests check for every key type:
/// - RSA: `AlgorithmIdentifier { rsaEncryption, NULL }`, `RSAPublicKey { n, e }` (RFC 3279 section 2.3.1);
/// - EC: `AlgorithmIdentifier { id-ecPublicKey, namedCurve }`, the uncompressed point (RFC 5480 section 2);
/// - Ed25519: `AlgorithmIdentifier { id-Ed25519 }`, the 32-byte key (RFC 8410 section 4).
enum SubjectPublicKeyInfo {
    /// The DER encoding of a key with these numbers.
    /// - Parameter components: the key's public numbers, as `PublicKey` keeps them (RSA n and e without leading
    ///   zeros, EC coordinates at the curve's length).
    /// - Returns: the SubjectPublicKeyInfo bytes.
    static func der(_ components: PublicKey.Components) -> [UInt8] {
        let algorithm: [UInt8]
        let subjectPublicKey: [UInt8]
        switch components {
        case .rsa(let modulus, let exponent):
            algorithm = rsaEncryption + [0x05, 0x00]
            subjectPublicKey = element(0x30, content: integer(modulus) + integer(exponent))
        case .ec(let curve, let x, let y):
            algorithm = ecPublicKey + namedCurve(curve)
            subjectPublicKey = [0x04] + x + y
        case .ed25519(let x):
            algorithm = ed25519
            subjectPublicKey = x
        }
        // The BIT STRING's first content byte counts the unused bits of its last byte: none here.
        return element(
            0x30, content: element(0x30, content: algorithm) + element(0x03, content: [0x00] + subjectPublicKey))
    }

    /// OID 1.2.840.113549.1.1.1 (rsaEncryption), tag and length included.
    private static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    /// OID 1.2.840.10045.2.1 (id-ecPublicKey).
    private static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    /// OID 1.3.101.112 (id-Ed25519).
    private static let ed25519: [UInt8] = [0x06, 0x03, 0x2B, 0x65, 0x70]

    /// The named-curve OID: secp256r1 (1.2.840.10045.3.1.7), secp384r1 (1.3.132.0.34), secp521r1 (1.3.132.0.35).
    private static func namedCurve(_ curve: EllipticCurve) -> [UInt8] {
        switch curve {
        case .p256: [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        case .p384: [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]
        case .p521: [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23]
        }
    }

    /// A DER INTEGER of an unsigned big-endian magnitude: leading zeros dropped, one zero byte put back when the high
    /// bit is set (DER integers are signed).
    private static func integer(_ magnitude: [UInt8]) -> [UInt8] {
        let minimal = magnitude.drop(while: { $0 == 0 })
        guard let first = minimal.first else { return [0x02, 0x01, 0x00] }
        return element(0x02, content: (first & 0x80 == 0 ? [] : [0x00]) + minimal)
    }

    /// Tag, definite length (short form below 128, else long form) and content.
    private static func element(_ tag: UInt8, content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        var remaining = content.count
        if remaining < 0x80 {
            length = [UInt8(remaining)]
        } else {
            while remaining > 0 {
                length.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
                remaining >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}
