import GatehouseFoundation

/// Produces compact JWS tokens (RFC 7515 section 7.1) with the header `{"alg":...,"kid":...,"typ":"JWT"}`.
public struct JWSSigner: Sendable {
    private enum Signing: Sendable {
        case privateKey(PrivateKey)
        case secret(SymmetricKey)
    }

    private let signing: Signing
    /// The algorithm every token is signed with.
    public let algorithm: JWSAlgorithm
    /// The `kid` put in every header, if any.
    public let keyID: String?
    private let encodedHeader: String

    /// A signer with a private key (RSA, EC or Ed25519).
    /// - Parameters:
    ///   - privateKey: the signing key.
    ///   - algorithm: an asymmetric algorithm the key supports (e.g. RS256 for RSA, ES256 for P-256).
    ///   - keyID: the `kid` to put in the header, if any.
    ///   - policy: the key policy the key must meet; default `KeyPolicy.default`, the one `JWKSet` applies to
    ///     verification keys, so nothing is signed that this package's own verifier would refuse.
    /// - Throws: `JWTError.algorithmKeyMismatch` when the key cannot sign with `algorithm`; `weakKey` when the
    ///   policy refuses the key (an RSA key under 2048 bits, say).
    public init(privateKey: PrivateKey, algorithm: JWSAlgorithm, keyID: String? = nil, policy: KeyPolicy = .default)
        throws
    {
        guard privateKey.publicKey.supports(algorithm) else {
            throw JWTError(
                .algorithmKeyMismatch, "a \(privateKey.kind) private key cannot sign \(algorithm.rawValue)")
        }
        if case .fails(let error) = policy.evaluate(privateKey.publicKey) {
            throw JWTError(
                .weakKey,
                "the signing key is refused by the key policy, so a verifier with the same policy would refuse "
                    + "every token it signs: \(error.reason)")
        }
        self.init(signing: .privateKey(privateKey), algorithm: algorithm, keyID: keyID)
    }

    /// A signer with an HMAC secret.
    /// - Parameters:
    ///   - symmetricKey: the secret, at least as long as the hash (32/48/64 bytes, RFC 7518 section 3.2).
    ///   - algorithm: HS256, HS384 or HS512.
    ///   - keyID: the `kid` to put in the header, if any.
    /// - Throws: `algorithmKeyMismatch` for a non-HMAC algorithm, `weakKey` for a short secret.
    public init(symmetricKey: SymmetricKey, algorithm: JWSAlgorithm, keyID: String? = nil) throws {
        guard algorithm.isSymmetric else {
            throw JWTError(.algorithmKeyMismatch, "an HMAC secret cannot sign \(algorithm.rawValue); use HS256/384/512")
        }
        let needed = JWTVerifier.hmacMinimumBytes(algorithm)
        guard symmetricKey.bytes.count >= needed else {
            throw JWTError(
                .weakKey,
                "the HMAC secret is \(symmetricKey.bytes.count) bytes; \(algorithm.rawValue) needs at least \(needed) "
                    + "(RFC 7518 section 3.2)")
        }
        self.init(signing: .secret(symmetricKey), algorithm: algorithm, keyID: keyID)
    }

    private init(signing: Signing, algorithm: JWSAlgorithm, keyID: String?) {
        self.signing = signing
        self.algorithm = algorithm
        self.keyID = keyID
        var members: [JSONObject.Member] = [.init(name: "alg", value: .string(algorithm.rawValue))]
        if let keyID { members.append(.init(name: "kid", value: .string(keyID))) }
        members.append(.init(name: "typ", value: .string("JWT")))
        encodedHeader = Base64URL.encode(Array(JSONValue.object(JSONObject(members: members)).description.utf8))
    }

    /// Signs a claims set given as JSON text.
    /// - Parameter claimsJSON: the claims; must be a strict JSON object (checked before signing).
    /// - Returns: the compact JWS.
    /// - Throws: `malformedJSON`/`malformedToken` for claims that are not a JSON object, `signingFailed`.
    public func sign(claimsJSON: some Collection<UInt8>) throws -> String {
        let payload = Array(claimsJSON)
        let value = try JSONValue.parse(payload)
        guard case .object = value else {
            throw JWTError(
                .malformedToken,
                "the claims are a JSON \(value.typeName); a JWT claims set must be a JSON object (RFC 7519 section 7.1)"
            )
        }
        let signingInput = encodedHeader + "." + Base64URL.encode(payload)
        let message = Array(signingInput.utf8)
        let signature: [UInt8]
        do {
            switch signing {
            case .privateKey(let key): signature = try key.signature(for: message, algorithm: algorithm)
            case .secret(let key): signature = try key.authenticationCode(for: message, algorithm: algorithm)
            }
        } catch let error as JWTError {
            throw JWTError(.signingFailed, "signing with \(algorithm.rawValue) failed: \(error.reason)")
        }
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Signs claims encoded with `JSONEncoder` (dates as seconds since 1970, as NumericDate requires).
    /// - Returns: the compact JWS.
    /// - Throws: `signingFailed` when the claims do not encode or signing fails; `malformedToken` when they do not
    ///   encode to a JSON object.
    public func sign(_ claims: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(claims)
        } catch {
            throw JWTError(.signingFailed, "the claims do not encode as JSON: \(error)")
        }
        return try sign(claimsJSON: Array(data))
    }
}
