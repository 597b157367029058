internal import GatehouseCore
import GatehouseFoundation

/// Verifies compact JWS/JWT tokens against a key set, failing closed at every step (RFC 7515, RFC 7519, RFC 8725).
///
/// Order of checks: size limit; three segments; canonical base64url; header JSON (strict, no duplicate members)
/// and member types; `crit`; `alg` in the allow-list (never `none`); key chosen by `kid` only (never from
/// `jwk`/`jku`/`x5u`/`x5c` headers, never a fallback); the key fits `alg` (type, JWK `alg`, `use`, `key_ops`);
/// the signature; then, for JWTs, the claims.
public struct JWTVerifier: Sendable {
    /// The keys tokens are verified with.
    public var keySet: JWKSet { storage.keySet }
    /// What is accepted.
    public var options: JWTValidationOptions { storage.options }

    /// One reference for the whole verifier: a copy (into a closure, out of an enum) costs one retain, not one per
    /// array and string of the key set and options. This runs for every token verified.
    private let storage: Storage
    private var memo: AcceptedHeaderMemo { storage.memo }

    /// The header segment this verifier remembers, for tests; nil until a token verified.
    var acceptedHeaderSegment: [UInt8]? { memo.accepted?.segment }

    private final class Storage: Sendable {
        let keySet: JWKSet
        let options: JWTValidationOptions
        /// The header of the first token accepted, reused for later tokens with a byte-identical header segment.
        let memo = AcceptedHeaderMemo()

        init(keySet: JWKSet, options: JWTValidationOptions) {
            self.keySet = keySet
            self.options = options
        }
    }

    /// Creates a verifier.
    /// - Parameters:
    ///   - keySet: the trusted keys.
    ///   - options: algorithms, issuer, audience, required claims, leeway, limits; checked when they were made.
    public init(keySet: JWKSet, options: JWTValidationOptions) {
        storage = Storage(keySet: keySet, options: options)
    }

    /// Verifies a JWT: signature, key and claims.
    /// - Parameters:
    ///   - token: the compact JWT.
    ///   - now: the current time (injected; the library never reads the clock).
    /// - Returns: the verified token.
    /// - Throws: `JWTError`; its code says which check failed and its reason names the values involved.
    public func verify(_ token: String, now: Date) throws -> VerifiedJWT {
        let verified = try verifyJWS(token)
        let claims = try JWTClaims(
            payload: verified.payload, maxNestingDepth: options.limits.maxNestingDepth,
            maxMembers: options.limits.maxObjectMembers)
        try options.validate(claims, now: now)
        return VerifiedJWT(
            header: verified.header, algorithm: verified.algorithm, claims: claims, key: verified.key,
            keySelection: verified.keySelection)
    }

    /// Verifies only the JWS layer: header, key choice and signature. The payload is returned as bytes and NOT
    /// checked as JWT claims (no `exp`, `iss`, `aud`): for non-JWT payloads only.
    /// - Parameter token: the compact JWS.
    /// - Returns: the verified header and payload, and the key used.
    /// - Throws: `JWTError`; its code says which check failed and its reason names the values involved.
    public func verifyJWS(_ token: String) throws -> VerifiedJWS {
        var token = token
        return try token.withUTF8 { utf8 in
            let buffer = UnsafeRawBufferPointer(utf8)
            let parts = try CompactJWS(buffer, limits: options.limits, known: memo.accepted)
            // A static call, and `verify` borrows the parts: a method of `parts` with a closure that uses them too
            // made a copy of every field (retain and release) on each token verified.
            return try CompactJWS.decodeSignature(parts.signatureRange, of: buffer) { signature in
                try verify(parts, signature: signature, token: buffer)
            }
        }
    }

    /// The rest of `verifyJWS(_:)`, once the token is split and its segments decoded.
    private func verify(
        _ parts: borrowing CompactJWS, signature: UnsafeRawBufferPointer, token buffer: UnsafeRawBufferPointer
    ) throws -> VerifiedJWS {
        let header = parts.header
        let algorithm: JWSAlgorithm
        let key: JWK
        let reason: KeySelectionReason
        if let reused = parts.reused {
            // The header segment of a token this verifier accepted, byte for byte: the same verdicts and key.
            (algorithm, key, reason) = (reused.algorithm, reused.key, reused.keySelection)
        } else {
            (algorithm, key, reason) = try decide(header)
        }
        if signature.isEmpty {
            throw JWTError(
                .invalidSignature, "the signature segment is empty; a \(algorithm.rawValue) token must be signed")
        }
        let signingInput = UnsafeRawBufferPointer(rebasing: buffer[0..<parts.signingInputCount])
        let valid: Bool
        switch key.material {
        case .publicKey(let publicKey)?:
            valid = publicKey.isValidSignature(signature, for: signingInput, algorithm: algorithm)
        case .secret(let secret, _)?:
            valid = secret.isValidAuthenticationCode(
                Array(signature), for: Array(signingInput), algorithm: algorithm)
        case nil:
            valid = false
        }
        guard valid else {
            throw JWTError(
                .invalidSignature,
                "the \(algorithm.rawValue) signature does not verify with the key "
                    + "\(key.keyID.map { "\"\($0)\"" } ?? "(no kid)") (\(reason)); the token was altered or "
                    + "signed with another key")
        }
        if parts.reused == nil, parts.headerSegmentCount <= AcceptedHeader.maximumSegmentBytes {
            // Only now, with the signature verified: a forged token's header is never remembered.
            memo.remember {
                AcceptedHeader(
                    segment: UnsafeRawBufferPointer(rebasing: buffer[0..<parts.headerSegmentCount]),
                    header: header, algorithm: algorithm, key: key, keySelection: reason)
            }
        }
        return VerifiedJWS(
            header: header, algorithm: algorithm, payload: parts.payload, key: key, keySelection: reason)
    }

    /// What the header decides, in order: `crit` understood (RFC 7515 section 4.1.11), `alg` allowed, the key chosen
    /// by `kid`, the key fits `alg`.
    private func decide(_ header: JWSHeader) throws -> (JWSAlgorithm, JWK, KeySelectionReason) {
        if let critical = header.critical {
            let unknown = critical.filter { !ExactString.contains(options.understoodCriticalHeaders, $0) }
            if !unknown.isEmpty {
                throw JWTError(
                    .unsupportedCriticalHeader,
                    "the header marks " + unknown.map { "\"\($0)\"" }.joined(separator: ", ")
                        + " as critical, and this verifier does not understand "
                        + (unknown.count == 1 ? "it" : "them") + " (RFC 7515 section 4.1.11)")
            }
        }
        let algorithm = try allowedAlgorithm(header)
        let (key, reason) = try keySet.selectKey(keyID: header.keyID)
        try checkFit(key, algorithm: algorithm)
        return (algorithm, key, reason)
    }

    /// RFC 8725 section 3.1: the algorithm must be one the caller allows; `none` never is.
    private func allowedAlgorithm(_ header: JWSHeader) throws -> JWSAlgorithm {
        let name = header.algorithmName
        guard let algorithm = JWSAlgorithm(rawValue: name) else {
            if name.lowercased() == "none" {
                throw JWTError(
                    .algorithmNotAllowed,
                    "the header's alg is \"\(name)\": unsecured tokens are never accepted (RFC 8725 section 3.1)")
            }
            throw JWTError(
                .algorithmNotAllowed,
                "the header's alg \"\(name)\" is not a supported JWS algorithm; allowed: \(allowedList)")
        }
        guard options.allowedAlgorithms.contains(algorithm) else {
            let hint =
                algorithm.isSymmetric
                ? "; HMAC algorithms are accepted only when named in allowedAlgorithms" : ""
            throw JWTError(
                .algorithmNotAllowed,
                "the header's alg \"\(name)\" is not in the allowed algorithms (\(allowedList))\(hint)")
        }
        return algorithm
    }

    private var allowedList: String {
        options.allowedAlgorithms.map(\.rawValue).sorted().joined(separator: ", ")
    }

    /// The key must fit the algorithm: key type and curve, the JWK's `alg`, `use` and `key_ops` (RFC 7517 section 4).
    private func checkFit(_ key: JWK, algorithm: JWSAlgorithm) throws {
        // Built only for a message: this runs for every token verified.
        var name: String { key.keyID.map { "\"\($0)\"" } ?? "(no kid)" }
        if let use = key.use, !ExactString.equal(use, "sig") {
            throw JWTError(
                .algorithmKeyMismatch,
                "the key \(name) has use \"\(use)\"; only keys with use \"sig\" verify signatures "
                    + "(RFC 7517 section 4.2)")
        }
        if let operations = key.keyOperations, !ExactString.contains(operations, "verify") {
            throw JWTError(
                .algorithmKeyMismatch,
                "the key \(name) has key_ops [" + operations.map { "\"\($0)\"" }.joined(separator: ", ")
                    + "], without \"verify\" (RFC 7517 section 4.3)")
        }
        if let pinned = key.algorithmName, !ExactString.equal(pinned, algorithm.rawValue) {
            throw JWTError(
                .algorithmKeyMismatch,
                "the token's alg is \(algorithm.rawValue) but the key \(name) is for alg \"\(pinned)\" "
                    + "(RFC 7517 section 4.4)")
        }
        switch key.material {
        case .publicKey(let publicKey)?:
            guard publicKey.supports(algorithm) else {
                throw JWTError(
                    .algorithmKeyMismatch,
                    "the token's alg is \(algorithm.rawValue) but the key \(name) is \(publicKey.kind), which cannot "
                        + "verify it (RFC 8725 section 3.1)")
            }
        case .secret(_, let byteCount)?:
            guard algorithm.isSymmetric else {
                throw JWTError(
                    .algorithmKeyMismatch,
                    "the token's alg is \(algorithm.rawValue) but the key \(name) is an HMAC secret (kty oct)")
            }
            let needed = Self.hmacMinimumBytes(algorithm)
            guard byteCount >= needed else {
                throw JWTError(
                    .weakKey,
                    "the HMAC key \(name) is \(byteCount) bytes; \(algorithm.rawValue) needs at least \(needed) "
                        + "(RFC 7518 section 3.2)")
            }
        case nil:
            throw JWTError(.unusableKey, "the key \(name) has no key material")
        }
    }

    static func hmacMinimumBytes(_ algorithm: JWSAlgorithm) -> Int {
        switch algorithm {
        case .hs384: 48
        case .hs512: 64
        default: 32
        }
    }
}
