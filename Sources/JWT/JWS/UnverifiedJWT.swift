/// A JWT read WITHOUT checking its signature, its key or its claims: for logging, debugging and routing only.
///
/// Nothing in it can be trusted; use `JWTVerifier.verify(_:now:)` to get a `VerifiedJWT`. The name says so on
/// purpose (RFC 8725 section 3.3: validate all cryptographic operations before using a token).
public struct UnverifiedJWT: Sendable {
    /// The header, type-checked (RFC 7515 section 4.1) but not trusted.
    public let header: JWSHeader
    /// The claims, type-checked (RFC 7519 section 4.1) but not trusted.
    public let claims: JWTClaims
    /// The signature bytes, not checked.
    public let signature: [UInt8]

    /// Reads a compact JWT without verifying it.
    /// - Parameters:
    ///   - token: the compact JWS (`header.payload.signature`).
    ///   - limits: size and nesting limits, checked first.
    /// - Throws: `JWTError` with `limitExceeded`, `malformedToken`, `invalidBase64URL`, `malformedJSON`,
    ///   `invalidHeader` or `invalidClaim`.
    public init(parsing token: String, limits: JWSLimits = .default) throws {
        var token = token
        let (header, payload, signature) = try token.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let parts = try CompactJWS(bytes, limits: limits)
            return (parts.header, parts.payload, try parts.decodeSignature(of: bytes) { Array($0) })
        }
        self.header = header
        claims = try JWTClaims(
            payload: payload, maxNestingDepth: limits.maxNestingDepth, maxMembers: limits.maxObjectMembers)
        self.signature = signature
    }

    /// Reads a compact JWT for display only: the header as `init(parsing:)` reads it, and the claims as the JSON
    /// object they are, without type-checking the registered claims, so that a claim such as `"exp": 1e300` or
    /// `"iss": 5` is shown as written instead of making the whole token unreadable. Nothing is verified.
    /// - Parameters:
    ///   - token: the compact JWS.
    ///   - limits: size and nesting limits, checked first.
    /// - Returns: the header, the claims object, and why the claims are not a valid claims set (nil when they are).
    /// - Throws: `JWTError` when the token cannot be split and decoded, or its payload is not a JSON object.
    public static func inspect(_ token: String, limits: JWSLimits = .default) throws -> (
        header: JWSHeader, claims: JSONObject, claimsDefect: JWTError?
    ) {
        var token = token
        let (header, payload) = try token.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let parts = try CompactJWS(bytes, limits: limits)
            try parts.decodeSignature(of: bytes) { _ in }  // the same checks as init(parsing:), in the same order
            return (parts.header, parts.payload)
        }
        let value = try payload.withUnsafeBytes {
            try JSONParser.parse(
                $0, maxDepth: limits.maxNestingDepth, maxMembers: limits.maxObjectMembers, what: "payload")
        }
        guard case .object(let object) = value else {
            throw JWTError(
                .malformedToken,
                "the payload is a JSON \(value.typeName); a JWT claims set must be a JSON object (RFC 7519 section 7.2)"
            )
        }
        do {
            _ = try JWTClaims(object: object, payload: payload)
            return (header, object, nil)
        } catch let error as JWTError {
            return (header, object, error)
        }
    }
}
