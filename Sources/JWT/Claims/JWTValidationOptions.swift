internal import GatehouseCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a `JWTVerifier` accepts: algorithms, expected issuer and audiences, required claims, clock tolerance and
/// limits. The defaults fail closed: asymmetric algorithms only, `exp` required, 60 s leeway.
public struct JWTValidationOptions: Sendable {
    /// The `alg` values accepted (RFC 8725 section 3.1). Default: `JWSAlgorithm.asymmetric`. HMAC (`HS*`) is accepted
    /// only when named here, and then only with an `oct` key.
    public var allowedAlgorithms: Set<JWSAlgorithm>
    /// The expected `iss`, compared exactly: code point for code point, with no normalisation (RFC 7519 sections 2
    /// and 4.1.1). Setting it makes `iss` required.
    public var issuer: String?
    /// The accepted audiences, compared exactly like `issuer`: `aud` must name at least one (RFC 7519 section 4.1.3).
    /// Setting it makes `aud`
    /// required. nil: the audience is not checked (the caller must then check it, RFC 8725 section 3.9).
    public var audiences: Set<String>?
    /// Claims that must be present. Default `["exp"]`.
    public var requiredClaims: Set<String>
    /// Clock tolerance applied to `exp` and `nbf`, in seconds. Default 60.
    public var leeway: TimeInterval
    /// How far in the future `iat` may be, in seconds, before the token is refused as issued in the future.
    /// Default 300.
    public var maximumFutureIssuedAt: TimeInterval
    /// Extension header names this caller understands when they appear in `crit` (RFC 7515 section 4.1.11).
    /// Default: none, so any `crit` is refused.
    public var understoodCriticalHeaders: Set<String>
    /// Token size and JSON nesting limits.
    public var limits: JWSLimits

    /// Creates options.
    /// - Parameters:
    ///   - allowedAlgorithms: the accepted `alg` values; default all asymmetric algorithms.
    ///   - issuer: the expected `iss`, or nil.
    ///   - audiences: the accepted audiences, or nil to not check `aud`.
    ///   - requiredClaims: claims that must be present; default `["exp"]`.
    ///   - leeway: clock tolerance in seconds for `exp`/`nbf`; default 60.
    ///   - maximumFutureIssuedAt: how far `iat` may be in the future, in seconds; default 300.
    ///   - understoodCriticalHeaders: `crit` extensions understood; default none.
    ///   - limits: size and nesting limits.
    public init(
        allowedAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.asymmetric,
        issuer: String? = nil,
        audiences: Set<String>? = nil,
        requiredClaims: Set<String> = ["exp"],
        leeway: TimeInterval = 60,
        maximumFutureIssuedAt: TimeInterval = 300,
        understoodCriticalHeaders: Set<String> = [],
        limits: JWSLimits = .default
    ) {
        self.allowedAlgorithms = allowedAlgorithms
        self.issuer = issuer
        self.audiences = audiences
        self.requiredClaims = requiredClaims
        self.leeway = leeway
        self.maximumFutureIssuedAt = maximumFutureIssuedAt
        self.understoodCriticalHeaders = understoodCriticalHeaders
        self.limits = limits
    }

    /// The largest `leeway` and `maximumFutureIssuedAt` accepted: one day (86400 s). Larger values defeat the
    /// expiry check, and non-finite ones would make every time comparison false.
    public static let maximumClockTolerance: TimeInterval = 86_400

    private static func missing(_ name: String, _ why: String, _ claims: JWTClaims) throws {
        throw JWTError(
            .missingClaim,
            "the token has no \"\(name)\" claim, and \(why) by the validation options; present claims: "
                + (claims.raw.names.isEmpty ? "none" : claims.raw.names.joined(separator: ", ")))
    }

    /// Checks a claims set against these options at `now` (RFC 7519 section 4.1, RFC 8725 sections 3.8-3.9).
    /// - Parameters:
    ///   - claims: the claims of a token whose signature has been verified.
    ///   - now: the current time, injected by the caller.
    /// - Throws: `invalidOptions` (a leeway or future-`iat` tolerance outside 0 ... `maximumClockTolerance`, or a
    ///   non-finite or negative `now`), `missingClaim`, `expired`, `notYetValid`, `issuedInFuture`,
    ///   `issuerMismatch`, `audienceMismatch`.
    public func validate(_ claims: JWTClaims, now: Date) throws {
        // Fail closed before any claim is compared: with NaN every comparison is false, so an expired token would
        // pass; an infinite or huge value would also overflow Int(...) in the messages below.
        for (name, value) in [("leeway", leeway), ("maximumFutureIssuedAt", maximumFutureIssuedAt)]
        where !(value >= 0 && value <= Self.maximumClockTolerance) {
            throw JWTError(
                .invalidOptions,
                "the validation option \(name) is \(value) s; it must be a finite number of seconds from 0 to "
                    + "\(Int(Self.maximumClockTolerance)) (JWTValidationOptions.maximumClockTolerance); no token is "
                    + "accepted with it")
        }
        let nowValue = now.timeIntervalSince1970
        guard nowValue.isFinite, nowValue >= 0, nowValue <= JWTClaims.latestNumericDate else {
            throw JWTError(
                .invalidOptions,
                "the current time passed in is \(nowValue) s since 1970, outside 0 ... "
                    + "\(Int(JWTClaims.latestNumericDate)) (1970 to 9999); pass the real clock's time")
        }
        if let issuer, claims.issuer == nil { try Self.missing("iss", "an issuer is expected (\"\(issuer)\")", claims) }
        if audiences != nil, claims.audience == nil { try Self.missing("aud", "audiences are expected", claims) }
        for name in requiredClaims where claims.raw[name] == nil {
            // Report the first missing claim in name order, so the message does not depend on set order.
            let first = requiredClaims.filter { claims.raw[$0] == nil }.min() ?? name
            try Self.missing(first, "it is required", claims)
        }
        let nowSeconds = now.timeIntervalSince1970
        if let expiration = claims.expiration {
            // RFC 7519 section 4.1.4: the current time must be before exp (plus leeway).
            if nowSeconds >= expiration.timeIntervalSince1970 + leeway {
                throw JWTError(
                    .expired,
                    "the token expired at \(UTCTime.format(expiration)) (exp \(claims.raw["exp"]!)); now is "
                        + "\(UTCTime.format(now)), beyond the leeway of \(Int(leeway)) s")
            }
        }
        if let notBefore = claims.notBefore {
            // RFC 7519 section 4.1.5: the current time must be at or after nbf (minus leeway).
            if nowSeconds < notBefore.timeIntervalSince1970 - leeway {
                throw JWTError(
                    .notYetValid,
                    "the token is not valid before \(UTCTime.format(notBefore)) (nbf \(claims.raw["nbf"]!)); now is "
                        + "\(UTCTime.format(now)), beyond the leeway of \(Int(leeway)) s")
            }
        }
        if let issuedAt = claims.issuedAt {
            if issuedAt.timeIntervalSince1970 > nowSeconds + maximumFutureIssuedAt {
                throw JWTError(
                    .issuedInFuture,
                    "the token was issued at \(UTCTime.format(issuedAt)) (iat \(claims.raw["iat"]!)), more than "
                        + "\(Int(maximumFutureIssuedAt)) s after now (\(UTCTime.format(now))); check the issuer's "
                        + "clock or this host's")
            }
        }
        if let issuer, !ExactString.equal(claims.issuer ?? "", issuer) {
            throw JWTError(
                .issuerMismatch,
                "the token's issuer is \"\(claims.issuer ?? "")\"; expected \"\(issuer)\" (RFC 7519 section 4.1.1)")
        }
        if let audiences {
            let tokenAudiences = claims.audience ?? []
            if !tokenAudiences.contains(where: { ExactString.contains(audiences, $0) }) {
                throw JWTError(
                    .audienceMismatch,
                    "the token's audience is [" + tokenAudiences.map { "\"\($0)\"" }.joined(separator: ", ")
                        + "]; expected one of [" + audiences.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                        + "] (RFC 7519 section 4.1.3)")
            }
        }
    }
}
