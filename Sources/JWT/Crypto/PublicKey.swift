/// A public key held by OpenSSL, built once and reused for every verification.
///
/// Thread-safe: the underlying `EVP_PKEY` is never mutated after `init`, and each verification uses its own OpenSSL
/// context. Every initialiser validates the key (RSA modulus odd, exponent odd and at least 3; EC point on its
/// curve; Ed25519 key of 32 bytes) and fails closed with `JWTError.invalidKey`. Policy (minimum RSA size, minimum
/// exponent) is not applied here: that belongs to the JOSE layer.
public final class PublicKey: @unchecked Sendable {
    /// The key type and size.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// RSA, with the bit length of the modulus.
        case rsa(modulusBits: Int)
        /// ECDSA on a NIST curve.
        case ec(EllipticCurve)
        /// Ed25519 (RFC 8037).
        case ed25519

        /// "RSA 2048-bit", "EC P-256", "Ed25519": for messages.
        public var description: String {
            switch self {
            case .rsa(let bits): "RSA \(bits)-bit"
            case .ec(let curve): "EC \(curve.rawValue)"
            case .ed25519: "Ed25519"
            }
        }
    }

    /// The key's public numbers, as a JWK carries them (RFC 7518 sections 6.2.1 and 6.3.1, RFC 8037 section 2).
    ///
    /// Big-endian unsigned bytes: RSA `n` and `e` without leading zeros; EC `x` and `y` at the curve's fixed length.
    public enum Components: Sendable, Hashable {
        /// RSA modulus and public exponent.
        case rsa(modulus: [UInt8], exponent: [UInt8])
        /// EC curve and affine coordinates.
        case ec(curve: EllipticCurve, x: [UInt8], y: [UInt8])
        /// The 32-byte Ed25519 public key.
        case ed25519(x: [UInt8])
    }

    /// The key type and size.
    public let kind: Kind
    /// The key's public numbers.
    public var components: Components {
        switch kind {
        case .rsa: .rsa(modulus: numbers[0], exponent: numbers[1])
        case .ec(let curve): .ec(curve: curve, x: numbers[0], y: numbers[1])
        case .ed25519: .ed25519(x: numbers[0])
        }
    }
    /// The numbers of `components` in order (n, e; x, y; x), stored in a plain array rather than in the enum: a
    /// multi-payload enum keeps its case in the spare bits of the pointers it holds, which hides them from
    /// LeakSanitizer, so every key alive at exit was reported as leaked (`make sanitize`, `make fuzz`).
    private let numbers: [[UInt8]]
    /// The SubjectPublicKeyInfo DER encoding (RFC 5280 section 4.1.2.7), written from the public numbers on each
    /// access (see `SubjectPublicKeyInfo`): building a key does not pay for an encoding it rarely needs.
    public var derRepresentation: [UInt8] { SubjectPublicKeyInfo.der(components) }
    /// The OpenSSL key, owned.
    let key: EVPKey
    /// Verification contexts set up once per algorithm and reused (see `VerificationContextPool`).
    let contexts = VerificationContextPool()

    private init(key: EVPKey, kind: Kind, components: Components) {
        self.key = key
        self.kind = kind
        switch components {
        case .rsa(let modulus, let exponent): self.numbers = [modulus, exponent]
        case .ec(_, let x, let y): self.numbers = [x, y]
        case .ed25519(let x): self.numbers = [x]
        }
    }

    private convenience init(_ built: Built) {
        self.init(key: built.key, kind: built.kind, components: built.components)
    }

    /// Builds an RSA public key from its modulus and exponent (RFC 7518 section 6.3.1).
    ///
    /// Leading zero bytes are accepted and dropped. No size or exponent policy is applied here.
    /// - Parameters:
    ///   - rsaModulus: `n`, big-endian unsigned.
    ///   - exponent: `e`, big-endian unsigned.
    /// - Throws: `JWTError.invalidKey` for an empty or even modulus, or an exponent that is zero, even, 1, or not below
    ///   the modulus; `JWTError.unsupportedKey` for a modulus over 16384 bits.
    public convenience init(rsaModulus: [UInt8], exponent: [UInt8]) throws {
        try self.init(Self.buildRSA(modulus: rsaModulus, exponent: exponent))
    }

    /// Builds an EC public key from its affine coordinates (RFC 7518 section 6.2.1).
    /// - Parameters:
    ///   - curve: P-256, P-384 or P-521 (the JWK's `crv`).
    ///   - x: the x coordinate, exactly `curve.coordinateByteCount` bytes.
    ///   - y: the y coordinate, exactly `curve.coordinateByteCount` bytes.
    /// - Throws: `JWTError.invalidKey` for a coordinate of the wrong length, or a point that is not on the curve
    ///   (the invalid-curve attack, RFC 8725 section 3.4).
    public convenience init(curve: EllipticCurve, x: [UInt8], y: [UInt8]) throws {
        try self.init(Self.buildEC(curve: curve, x: x, y: y))
    }

    /// Builds an Ed25519 public key (RFC 8037 section 2).
    /// - Parameter x: the 32-byte public key.
    /// - Throws: `JWTError.invalidKey` unless `x` is exactly 32 bytes.
    public convenience init(ed25519 x: [UInt8]) throws {
        try self.init(Self.buildEd25519(x: x))
    }

    /// Reads a SubjectPublicKeyInfo DER key (RFC 5280 section 4.1.2.7): RSA, EC on P-256/P-384/P-521, or Ed25519.
    /// - Parameter derRepresentation: the DER bytes, with nothing after them.
    /// - Throws: `JWTError.invalidKey` for bytes that are not SPKI DER or a key that is not valid;
    ///   `JWTError.unsupportedKey` for another key type (DSA, X25519, RSA-PSS-restricted keys) or curve.
    public convenience init(derRepresentation: [UInt8]) throws {
        try self.init(Self.readSPKI(derRepresentation))
    }

    /// Reads a `-----BEGIN PUBLIC KEY-----` PEM key (SubjectPublicKeyInfo, RFC 7468 section 13).
    /// - Parameter pemRepresentation: the PEM text; surrounding whitespace is ignored.
    /// - Throws: `JWTError.invalidKey` for text that is not one PEM block labelled `PUBLIC KEY` (an `RSA PUBLIC KEY` or
    ///   `CERTIFICATE` block is named in the message) or whose body is not a valid key; `JWTError.unsupportedKey` as
    ///   `init(derRepresentation:)`.
    public convenience init(pemRepresentation: String) throws {
        let document: PEMDocument
        do { document = try PEMDocument(parsing: pemRepresentation, expecting: "a public key") } catch {
            throw JWTError(error)
        }
        guard document.blocks.count == 1, let block = document.blocks.first else {
            throw JWTError(
                .invalidKey,
                "expected one PEM block labelled PUBLIC KEY, found \(document.blocks.count) blocks ("
                    + document.blocks.map(\.label.name).joined(separator: ", ") + "); keep only the public key"
            )
        }
        guard block.label == .publicKey else {
            throw JWTError(
                .invalidKey,
                "expected a PEM block labelled PUBLIC KEY (SubjectPublicKeyInfo), found \(block.label.quoted); "
                    + Self.conversionHint(forLabel: block.label)
            )
        }
        try self.init(derRepresentation: block.der)
    }

    /// The SubjectPublicKeyInfo as PEM (`-----BEGIN PUBLIC KEY-----`, RFC 7468 section 13).
    public var pemRepresentation: String {
        PEMDocument.encode(derRepresentation, label: "PUBLIC KEY")
    }

    /// Verifies a JWS signature (RFC 7515 section 5.2 step 8).
    ///
    /// ECDSA signatures are the JWS raw `r || s` (RFC 7518 section 3.4) and must be exactly twice the curve's
    /// coordinate length (64, 96 or 132 bytes). PS* uses MGF1 with the same hash and a salt as long as the hash
    /// (RFC 7518 section 3.5).
    /// - Parameters:
    ///   - signature: the decoded signature.
    ///   - message: the JWS signing input (`header.payload`, as ASCII).
    ///   - algorithm: the JWS `alg`; one that does not fit this key makes the answer false.
    /// - Returns: true only for a valid signature; false for any bad signature, wrong length, or an algorithm that
    ///   does not fit this key (see `supports(_:)`). Never throws, never crashes.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8], algorithm: JWSAlgorithm) -> Bool {
        signature.withUnsafeBytes { signatureBytes in
            message.withUnsafeBytes { messageBytes in
                isValidSignature(signatureBytes, for: messageBytes, algorithm: algorithm)
            }
        }
    }

    /// Verifies a JWS signature without copying: for the hot path. Same rules as the array form.
    /// - Parameters:
    ///   - signature: the decoded signature.
    ///   - message: the JWS signing input.
    ///   - algorithm: the JWS `alg`; one that does not fit this key makes the answer false.
    /// - Returns: true only for a valid signature.
    public func isValidSignature(
        _ signature: UnsafeRawBufferPointer,
        for message: UnsafeRawBufferPointer,
        algorithm: JWSAlgorithm
    ) -> Bool {
        guard supports(algorithm) else { return false }
        return verify(signature, message: message, algorithm: algorithm)
    }

    /// Whether `algorithm` fits this key (RFC 7518 section 3): RS* and PS* an RSA key, ES256 a P-256 key, ES384 a
    /// P-384 key, ES512 a P-521 key, EdDSA an Ed25519 key; HS* no public key.
    /// - Returns: whether the key can verify signatures of that algorithm.
    public func supports(_ algorithm: JWSAlgorithm) -> Bool {
        switch (algorithm.family, kind) {
        case (.rsaPKCS1, .rsa), (.rsaPSS, .rsa), (.edDSA, .ed25519): true
        case (.ecdsa, .ec(let curve)): algorithm.curve == curve
        default: false
        }
    }

    static func conversionHint(forLabel label: PEMLabel) -> String {
        switch label {
        case .rsaPublicKey:
            "that is PKCS#1; convert it with `openssl rsa -RSAPublicKey_in -in key.pem -pubout`"
        case .certificate:
            "extract the key with `openssl x509 -in cert.pem -pubkey -noout`"
        case let other where other.isKnown && other.text.contains("PRIVATE KEY"):
            "that is a private key; derive the public key with `openssl pkey -in key.pem -pubout`"
        default:
            "export the key with `openssl pkey -pubout`"
        }
    }
}

extension PublicKey: Hashable {
    /// Keys are equal when their public numbers are.
    /// - Parameters:
    ///   - lhs: a key.
    ///   - rhs: another key.
    /// - Returns: whether the components are equal.
    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.components == rhs.components
    }

    /// Hashes the public numbers.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }
}

extension PublicKey: CustomStringConvertible {
    /// Names the kind: "PublicKey(EC P-256)".
    public var description: String { "PublicKey(\(kind))" }
}
