internal import GatehouseCore
import GatehouseFoundation

/// What a `JWTVerifier` accepts: algorithms, expected issuer and audiences, required claims, clock tolerance and
/// limits. The defaults fail closed: asymmetric algorithms only, `exp` required, 60 s leeway.
///
/// Safe by construction: the audience is a required, explicit choice (`.oneOf([...])`, or the visibly named
/// `.insecureNotChecked`; RFC 8725 section 3.9), and every value is checked when the options are made, by a
/// throwing initializer, so a misconfigured verifier fails once at start-up instead of on every token. The
/// properties are read-only: options that were checked stay as they were checked.
public struct JWTValidationOptions: Sendable {
    /// Which audiences a token must name (RFC 7519 section 4.1.3).
    public enum Audience: Sendable, Hashable {
        /// `aud` must name at least one of these, compared exactly (code points, no normalisation; RFC 7519
        /// section 2). `aud` becomes required.
        case oneOf([String])
        /// INSECURE: the audience is not checked, so a token issued to any other client passes. Only for callers
        /// that check `aud` themselves (RFC 8725 section 3.9).
        case insecureNotChecked
    }

    /// The `alg` values accepted (RFC 8725 section 3.1). Default: `JWSAlgorithm.asymmetric`. HMAC (`HS*`) is accepted
    /// only when named here, and then only with an `oct` key.
    public let allowedAlgorithms: Set<JWSAlgorithm>
    /// The expected `iss`, compared exactly: code point for code point, with no normalisation (RFC 7519 sections 2
    /// and 4.1.1). Setting it makes `iss` required.
    public let issuer: String?
    /// The audience check.
    public let audience: Audience
    /// Claims that must be present. Default `["exp"]`.
    public let requiredClaims: Set<String>
    /// Clock tolerance applied to `exp` and `nbf`, in seconds. Default 60.
    public let leeway: TimeInterval
    /// How far in the future `iat` may be, in seconds, before the token is refused as issued in the future.
    /// Default 300.
    public let maximumFutureIssuedAt: TimeInterval
    /// Extension header names this caller understands when they appear in `crit` (RFC 7515 section 4.1.11).
    /// Default: none, so any `crit` is refused.
    public let understoodCriticalHeaders: Set<String>
    /// Token size and JSON nesting limits.
    public let limits: JWSLimits

    /// The accepted audiences, or nil when the audience is not checked.
    public var audiences: [String]? {
        if case .oneOf(let list) = audience { return list }
        return nil
    }

    /// Creates options, checking every value.
    /// - Parameters:
    ///   - audience: `.oneOf([...])` with your client IDs, or `.insecureNotChecked`; no default, on purpose.
    ///   - allowedAlgorithms: the accepted `alg` values; default all asymmetric algorithms.
    ///   - issuer: the expected `iss`, or nil.
    ///   - requiredClaims: claims that must be present; default `["exp"]`.
    ///   - leeway: clock tolerance in seconds for `exp`/`nbf`; default 60.
    ///   - maximumFutureIssuedAt: how far `iat` may be in the future, in seconds; default 300.
    ///   - understoodCriticalHeaders: `crit` extensions understood; default none.
    ///   - limits: size and nesting limits.
    /// - Throws: `JWTError.invalidOptions` naming the value: an empty audience list or an empty audience, no allowed
    ///   algorithm, an empty issuer or claim name, a leeway or `iat` tolerance outside 0 ... `maximumClockTolerance`
    ///   (NaN included), or limits outside `JWSLimits.allowedRange`.
    public init(
        audience: Audience,
        allowedAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.asymmetric,
        issuer: String? = nil,
        requiredClaims: Set<String> = ["exp"],
        leeway: TimeInterval = 60,
        maximumFutureIssuedAt: TimeInterval = 300,
        understoodCriticalHeaders: Set<String> = [],
        limits: JWSLimits = .default
    ) throws {
        func invalid(_ reason: String) -> JWTError {
            JWTError(.invalidOptions, reason + "; no verifier is made with it")
        }
        if case .oneOf(let list) = audience {
            guard !list.isEmpty else {
                throw invalid(
                    "the audience list is empty: name your client IDs with .oneOf([...]), or choose "
                        + ".insecureNotChecked and check aud yourself (RFC 8725 section 3.9)")
            }
            if let index = list.firstIndex(where: \.isEmpty) { throw invalid("audience number \(index + 1) is empty") }
        }
        guard !allowedAlgorithms.isEmpty else { throw invalid("no algorithm is allowed") }
        if let issuer, issuer.isEmpty { throw invalid("the expected issuer is empty; pass nil to not check iss") }
        if requiredClaims.contains("") { throw invalid("a required claim name is empty") }
        // With NaN every comparison is false, so an expired token would pass; an infinite or huge value would defeat
        // the expiry check and overflow the messages.
        for (name, value) in [("leeway", leeway), ("maximumFutureIssuedAt", maximumFutureIssuedAt)]
        where !(value >= 0 && value <= Self.maximumClockTolerance) {
            throw invalid(
                "\(name) is \(value) s; it must be a finite number of seconds from 0 to "
                    + "\(Int(Self.maximumClockTolerance)) (JWTValidationOptions.maximumClockTolerance)")
        }
        if let defect = limits.defect { throw invalid(defect) }
        self.audience = audience
        self.allowedAlgorithms = allowedAlgorithms
        self.issuer = issuer
        self.requiredClaims = requiredClaims
        self.leeway = leeway
        self.maximumFutureIssuedAt = maximumFutureIssuedAt
        self.understoodCriticalHeaders = understoodCriticalHeaders
        self.limits = limits
    }

    /// A copy with the values given changed, checked again like new options.
    /// - Parameters:
    ///   - audience: a new audience check, or nil to keep it.
    ///   - allowedAlgorithms: new accepted algorithms, or nil to keep them.
    ///   - issuer: `.some(nil)` to stop checking `iss`, `.some(x)` to expect x, nil to keep it.
    ///   - requiredClaims: new required claims, or nil to keep them.
    ///   - leeway: a new leeway, or nil to keep it.
    ///   - maximumFutureIssuedAt: a new `iat` tolerance, or nil to keep it.
    ///   - understoodCriticalHeaders: new `crit` extensions, or nil to keep them.
    ///   - limits: new limits, or nil to keep them.
    /// - Returns: the new options.
    /// - Throws: as `init`.
    public func with(
        audience: Audience? = nil, allowedAlgorithms: Set<JWSAlgorithm>? = nil, issuer: String?? = nil,
        requiredClaims: Set<String>? = nil, leeway: TimeInterval? = nil, maximumFutureIssuedAt: TimeInterval? = nil,
        understoodCriticalHeaders: Set<String>? = nil, limits: JWSLimits? = nil
    ) throws -> JWTValidationOptions {
        try JWTValidationOptions(
            audience: audience ?? self.audience, allowedAlgorithms: allowedAlgorithms ?? self.allowedAlgorithms,
            issuer: issuer ?? self.issuer, requiredClaims: requiredClaims ?? self.requiredClaims,
            leeway: leeway ?? self.leeway, maximumFutureIssuedAt: maximumFutureIssuedAt ?? self.maximumFutureIssuedAt,
            understoodCriticalHeaders: understoodCriticalHeaders ?? self.understoodCriticalHeaders,
            limits: limits ?? self.limits)
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
    /// - Throws: `invalidOptions` (a non-finite or out-of-range `now`), `missingClaim`, `expired`, `notYetValid`, `issuedInFuture`,
    ///   `issuerMismatch`, `audienceMismatch`.
    public func validate(_ claims: JWTClaims, now: Date) throws {
        let nowValue = now.timeIntervalSince1970
        guard nowValue.isFinite, nowValue >= 0, nowValue <= JWTClaims.latestNumericDate else {
            throw JWTError(
                .invalidOptions,
                "the current time passed in is \(nowValue) s since 1970, outside 0 ... "
                    + "\(Int(JWTClaims.latestNumericDate)) (1970 to 9999); pass the real clock's time")
        }
        if let issuer, claims.issuer == nil { try Self.missing("iss", "an issuer is expected (\"\(issuer)\")", claims) }
        if case .oneOf = audience, claims.audience == nil {
            try Self.missing("aud", "audiences are expected", claims)
        }
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
        if case .oneOf(let audiences) = audience {
            let tokenAudiences = claims.audience ?? []
            // By index, not `contains(where:)`: this runs for every token verified.
            var named = false
            for index in tokenAudiences.indices where ExactString.contains(audiences, tokenAudiences[index]) {
                named = true
                break
            }
            if !named {
                throw JWTError(
                    .audienceMismatch,
                    "the token's audience is [" + tokenAudiences.map { "\"\($0)\"" }.joined(separator: ", ")
                        + "]; expected one of [" + audiences.map { "\"\($0)\"" }.joined(separator: ", ")
                        + "] (RFC 7519 section 4.1.3)")
            }
        }
    }
}
