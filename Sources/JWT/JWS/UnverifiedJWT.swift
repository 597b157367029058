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
        let parts = try token.withUTF8 { try CompactJWS(UnsafeRawBufferPointer($0), limits: limits) }
        header = parts.header
        claims = try JWTClaims(
            payload: parts.payload, maxNestingDepth: limits.maxNestingDepth, maxMembers: limits.maxObjectMembers)
        signature = parts.signature
    }
}
