/// A private key for signing: tests, `jwtcheck sign`, and Apple client secrets signed with a `.p8` AuthKey.
///
/// Thread-safe: the underlying `EVP_PKEY` is never mutated after `init`.
public final class PrivateKey: @unchecked Sendable {
    /// The key type and size.
    public let kind: PublicKey.Kind
    /// The matching public key.
    public let publicKey: PublicKey
    /// The PKCS#8 PEM export (`-----BEGIN PRIVATE KEY-----`, RFC 7468 section 10), unencrypted.
    public let pemRepresentation: String
    /// The OpenSSL key, owned.
    let key: EVPKey

    init(key: EVPKey) throws {
        self.key = key
        self.publicKey = try PublicKey(derRepresentation: PublicKey.spki(of: key))
        self.kind = publicKey.kind
        self.pemRepresentation = try Self.pkcs8PEM(of: key)
    }

    /// Reads a PEM private key: `PRIVATE KEY` (PKCS#8, as in Apple's `.p8` AuthKey files), `RSA PRIVATE KEY`
    /// (PKCS#1) or `EC PRIVATE KEY` (SEC 1). Surrounding whitespace and an `EC PARAMETERS` block are ignored.
    /// - Parameter pemRepresentation: the PEM text.
    /// - Throws: `JWTError.invalidKey` for text that is not PEM, a wrong label, an encrypted key (the message says
    ///   how to decrypt it), or a body that is not a valid key; `JWTError.unsupportedKey` for a key type other than
    ///   RSA, EC P-256/P-384/P-521 and Ed25519.
    public convenience init(pemRepresentation: String) throws {
        let document: PEMDocument
        do { document = try PEMDocument(parsing: pemRepresentation, expecting: "a private key") } catch {
            throw JWTError(error)
        }
        let blocks = document.blocks.filter { $0.label != .ecParameters }
        guard blocks.count == 1, let block = blocks.first else {
            let found = document.blocks.map(\.label.name).joined(separator: ", ")
            throw JWTError(
                .invalidKey,
                "expected one PEM private key block, found \(blocks.count) (blocks: \(found)); "
                    + "keep only the private key"
            )
        }
        let structure: PrivateKeyStructure
        switch block.label {
        case .privateKey: structure = .pkcs8
        case .rsaPrivateKey: structure = .pkcs1
        case .ecPrivateKey: structure = .sec1
        case .encryptedPrivateKey:
            throw JWTError(
                .invalidKey,
                "the private key is encrypted (PKCS#8 ENCRYPTED PRIVATE KEY) and this library takes no passphrase; "
                    + "decrypt it with `openssl pkcs8 -in key.pem -out plain.pem`"
            )
        default:
            throw JWTError(
                .invalidKey,
                "expected a PEM block labelled PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY, found \(block.label.quoted)"
            )
        }
        if block.headers.contains(where: { $0.hasPrefix("Proc-Type") || $0.hasPrefix("DEK-Info") }) {
            throw JWTError(
                .invalidKey,
                "the \(block.label.name) is encrypted (legacy PEM \"Proc-Type: 4,ENCRYPTED\") and this library takes no "
                    + "passphrase; decrypt it with `openssl pkey -in key.pem -out plain.pem`"
            )
        }
        try self.init(key: Self.decode(block.der, structure: structure))
    }

    /// Reads a DER private key: PKCS#8 `PrivateKeyInfo` (RFC 5208), PKCS#1 `RSAPrivateKey` or SEC 1 `ECPrivateKey`.
    /// - Parameter derRepresentation: the DER bytes, with nothing after them.
    /// - Throws: `JWTError.invalidKey` for bytes that are not one of those structures or not a valid key (an
    ///   encrypted PKCS#8 key included); `JWTError.unsupportedKey` for another key type or curve.
    public convenience init(derRepresentation: [UInt8]) throws {
        try self.init(key: Self.decode(derRepresentation, structure: nil))
    }

    /// Signs a JWS signing input (RFC 7515 section 5.1 step 5).
    ///
    /// ECDSA returns the raw `r || s` of RFC 7518 section 3.4 (r and s left-padded to the coordinate length); PS*
    /// uses MGF1 with the same hash and a salt as long as the hash (RFC 7518 section 3.5).
    /// - Parameters:
    ///   - message: the signing input (`header.payload`, as ASCII).
    ///   - algorithm: the algorithm; it must fit the key (see `PublicKey.supports(_:)`).
    /// - Returns: the signature.
    /// - Throws: `JWTError.algorithmKeyMismatch` if the algorithm does not fit the key; `JWTError.signingFailed` if
    ///   OpenSSL fails, with its error text.
    public func signature(for message: [UInt8], algorithm: JWSAlgorithm) throws -> [UInt8] {
        guard publicKey.supports(algorithm) else {
            throw JWTError(
                .algorithmKeyMismatch,
                "\(algorithm.rawValue) cannot sign with a \(kind) key; "
                    + "use \(Self.fitting(kind).map(\.rawValue).joined(separator: ", "))"
            )
        }
        return try sign(message, algorithm: algorithm)
    }

    /// Generates a fresh key, for tests and samples.
    /// - Parameter kind: `.rsa(modulusBits:)` (2048 to 16384 bits), `.ec(curve)` or `.ed25519`.
    /// - Returns: the key.
    /// - Throws: `JWTError.unsupportedKey` for an RSA size outside 2048...16384 or not a multiple of 8;
    ///   `JWTError.cryptoFailure` if OpenSSL fails.
    public static func generate(_ kind: PublicKey.Kind) throws -> PrivateKey {
        if case .rsa(let bits) = kind, !(2048...PublicKey.maximumRSAModulusBits).contains(bits) || bits % 8 != 0 {
            throw JWTError(
                .unsupportedKey,
                "cannot generate a \(bits)-bit RSA key; choose a multiple of 8 from 2048 to "
                    + "\(PublicKey.maximumRSAModulusBits) bits"
            )
        }
        return try PrivateKey(key: generateKey(kind))
    }

    /// The algorithms that fit a key kind, for messages.
    static func fitting(_ kind: PublicKey.Kind) -> [JWSAlgorithm] {
        switch kind {
        case .rsa: [.rs256, .rs384, .rs512, .ps256, .ps384, .ps512]
        case .ec(let curve): [curve.algorithm]
        case .ed25519: [.edDSA]
        }
    }
}

extension PrivateKey: CustomStringConvertible {
    /// Names the kind only; never prints key material.
    public var description: String { "PrivateKey(\(kind))" }
}

/// The DER structure named by a PEM label.
enum PrivateKeyStructure {
    case pkcs8, pkcs1, sec1
}
