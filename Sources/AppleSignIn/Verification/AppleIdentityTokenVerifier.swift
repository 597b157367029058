public import GatehouseCore
public import GatehouseFoundation
public import JWT

/// Verifies Sign in with Apple identity tokens and server-to-server notifications.
///
/// Fixed, not configurable: the issuer `https://appleid.apple.com`, the algorithm RS256 (RFC 8725 section 3.1),
/// the key chosen by `kid` only (Apple always sends one, so a token without `kid` is refused even when the key set
/// holds a single key: the JOSE core's "only usable key" rule does not apply here), `exp`, `iat` and `sub`
/// required. Required from the caller: one or more client IDs
/// (your bundle ID and your Services ID); there is no way to skip the audience check (RFC 8725 section 3.9).
/// Optional: an expected nonce, and an access token or authorization code to bind through `at_hash` / `c_hash`.
///
/// One line sets it up: `try AppleIdentityTokenVerifier(clientIDs: ["com.example.app"])` uses the process-wide
/// `AppleKeySetProvider.shared` (libcurl, the system clock); every part stays injectable for tests.
public struct AppleIdentityTokenVerifier: Sendable {
    /// Apple's issuer, `https://appleid.apple.com`.
    public static let issuer = "https://appleid.apple.com"

    /// The accepted client IDs, in the order given.
    public let clientIDs: [String]
    /// The clock tolerance for `exp`, in seconds.
    public let leeway: TimeInterval

    private let keys: KeySource
    /// The time source: the provider's when there is one (time is injected once), else the one given.
    private let clock: any TimeSource
    /// The validation options, built once rather than on every verification (hot path).
    private let identityTokenOptions: JWTValidationOptions
    private let notificationOptions: JWTValidationOptions

    private enum KeySource: Sendable {
        /// A fixed set's verifiers, built once: each keeps what it decided from the header of the first token it
        /// accepted, across calls.
        case fixed(FixedVerifiers)
        case provider(AppleKeySetProvider)
    }

    private final class FixedVerifiers: Sendable {
        let identityToken: JWTVerifier
        let notification: JWTVerifier

        init(identityToken: JWTVerifier, notification: JWTVerifier) {
            self.identityToken = identityToken
            self.notification = notification
        }
    }

    /// Which kind of token a verification is for: its options, and its verifier for a fixed set.
    private enum Kind {
        case identityToken
        case notification
    }

    /// A verifier that takes Apple's keys from a provider (fetched, cached and refreshed on rotation), and the time
    /// from the provider's clock.
    ///
    /// ```swift
    /// let verifier = try AppleIdentityTokenVerifier(clientIDs: ["com.example.app"])
    /// ```
    /// - Parameters:
    ///   - clientIDs: your bundle ID and/or Services ID; at least one.
    ///   - keySetProvider: the source of Apple's keys and of the time; default `AppleKeySetProvider.shared`, shared
    ///     by every verifier of the process.
    ///   - leeway: clock tolerance for `exp` in seconds (default 60, at most 600).
    ///   - clock: the time tokens are judged at; default nil, the provider's clock (one clock for both). Give one
    ///     only to judge tokens at another time than the cache's, as `jwtcheck --now` does.
    /// - Throws: `AppleSignInError.invalidConfiguration` for an empty client ID list, an empty client ID, or a
    ///   leeway outside 0...600.
    public init(
        clientIDs: [String], keySetProvider: AppleKeySetProvider = .shared, leeway: TimeInterval = 60,
        clock: (any TimeSource)? = nil
    ) throws {
        try self.init(
            clientIDs: clientIDs, keySet: nil, provider: keySetProvider, leeway: leeway,
            clock: clock ?? keySetProvider.clock)
    }

    /// A verifier with a fixed key set: for tests, fixtures and offline checks. In production use the provider,
    /// or tokens signed by a key Apple rotated in will fail.
    /// - Parameters:
    ///   - clientIDs: your bundle ID and/or Services ID; at least one.
    ///   - keySet: Apple's keys.
    ///   - leeway: clock tolerance for `exp` in seconds (default 60, at most 600).
    ///   - clock: the time source; default the system clock.
    /// - Throws: `AppleSignInError.invalidConfiguration` as for the provider initialiser.
    public init(
        clientIDs: [String], keySet: JWKSet, leeway: TimeInterval = 60, clock: any TimeSource = .system
    ) throws {
        try self.init(clientIDs: clientIDs, keySet: keySet, provider: nil, leeway: leeway, clock: clock)
    }

    private init(
        clientIDs: [String], keySet: JWKSet?, provider: AppleKeySetProvider?, leeway: TimeInterval,
        clock: any TimeSource
    ) throws {
        guard !clientIDs.isEmpty else {
            throw AppleSignInError(
                .invalidConfiguration,
                "no client ID given: the audience check cannot be skipped; pass your app's bundle ID (tokens from "
                    + "iOS/macOS apps) and/or your Services ID (Sign in with Apple on the web)")
        }
        if let empty = clientIDs.firstIndex(where: { $0.isEmpty }) {
            throw AppleSignInError(
                .invalidConfiguration, "client ID number \(empty + 1) is empty; give a bundle ID or Services ID")
        }
        guard leeway >= 0, leeway <= 600 else {
            throw AppleSignInError(
                .invalidConfiguration, "the leeway is \(leeway) s; it must be between 0 and 600 seconds")
        }
        self.clientIDs = clientIDs
        self.leeway = leeway
        self.clock = clock
        identityTokenOptions = try Self.options(clientIDs: clientIDs, leeway: leeway, required: ["exp", "iat", "sub"])
        notificationOptions = try Self.options(
            clientIDs: clientIDs, leeway: leeway, required: ["exp", "iat", "events"])
        if let keySet {
            keys = .fixed(
                FixedVerifiers(
                    identityToken: JWTVerifier(keySet: keySet, options: identityTokenOptions),
                    notification: JWTVerifier(keySet: keySet, options: notificationOptions)))
        } else if let provider {
            keys = .provider(provider)
        } else {
            preconditionFailure("a verifier is made with a key set or a provider")
        }
    }

    private static func options(clientIDs: [String], leeway: TimeInterval, required: Set<String>) throws
        -> JWTValidationOptions
    {
        do {
            return try JWTValidationOptions(
                audience: .oneOf(clientIDs), allowedAlgorithms: [.rs256], issuer: issuer, requiredClaims: required,
                leeway: leeway)
        } catch let error as JWTError {
            throw AppleSignInError(.invalidConfiguration, error.reason, jwtError: error)
        }
    }

    /// Verifies an identity token (the `identityToken` an app receives, or the `id_token` of Apple's token
    /// endpoint).
    /// - Parameters:
    ///   - identityToken: the compact JWT.
    ///   - nonce: the nonce the app sent (`.exact`, `.sha256(ofRaw:)`): the `nonce` claim must match, and a token
    ///     without one is refused unless it says `nonce_supported: false`; or `.insecureNotChecked` for a flow
    ///     that sends none. A required choice, with no default, as the audience is.
    ///   - accessToken: an access token from the same token endpoint response, checked against `at_hash`.
    ///   - authorizationCode: the authorization code this token came with, checked against `c_hash`.
    /// - Returns: the typed claims.
    /// - Throws: `AppleSignInError`: `invalidToken` (with `jwtError`: signature, kid, alg, issuer, audience,
    ///   expiry; `invalidHeader` for a token without `kid`), `nonceMissing`, `nonceMismatch`, `tokenHashMismatch`, `invalidClaim`, or the key set's
    ///   `keySetUnavailable` / `invalidKeySet`.
    public func verify(
        _ identityToken: String, nonce: AppleNonce, accessToken: String? = nil,
        authorizationCode: String? = nil
    ) async throws -> AppleIdentityToken {
        let verified = try await verifyJWT(identityToken, kind: .identityToken, what: "identity token")
        let token = try AppleIdentityToken(claims: verified.claims, keyID: verified.keyID)
        if let expected = nonce.expectedClaim {
            if let actual = token.nonce {
                guard ExactString.equal(actual, expected) else {
                    let how: String
                    switch nonce {
                    case .exact: how = "the nonce given"
                    case .sha256(let raw): how = "the SHA-256 hex of the raw nonce \"\(raw)\""
                    case .insecureNotChecked: how = "the nonce"  // no expected claim: not reached
                    }
                    throw AppleSignInError(
                        .nonceMismatch,
                        "the token's nonce is \"\(actual)\" but \(how) is \"\(expected)\"; the token was requested "
                            + "for another sign-in (replay), or the app sends the raw nonce and the server expects "
                            + "its hash, or the other way round")
                }
            } else if token.nonceSupported != false {
                throw AppleSignInError(
                    .nonceMissing,
                    "a nonce was expected but the token has no \"nonce\" claim, and nonce_supported is "
                        + (token.nonceSupported == true ? "true" : "absent")
                        + "; the app must pass the nonce in its authorization request")
            }
        }
        if let accessToken {
            try OIDCTokenHash.check(
                claim: token.accessTokenHash, name: "at_hash", value: accessToken, what: "access token")
        }
        if let authorizationCode {
            try OIDCTokenHash.check(
                claim: token.authorizationCodeHash, name: "c_hash", value: authorizationCode,
                what: "authorization code")
        }
        return token
    }

    /// Verifies the JWT of a server-to-server notification (same keys, issuer and audience rules as identity
    /// tokens) and decodes its `events` claim.
    /// - Parameter payloadJWT: the JWT from the `payload` field.
    /// - Returns: the notification.
    /// - Throws: `AppleSignInError`: `invalidToken`, `invalidNotification`, or the key set's errors.
    public func verifyNotification(_ payloadJWT: String) async throws -> AppleServerNotification {
        let verified = try await verifyJWT(payloadJWT, kind: .notification, what: "notification")
        return try AppleServerNotification(claims: verified.claims, keyID: verified.keyID)
    }

    /// Verifies a server-to-server notification from the body Apple POSTs, `{"payload":"<JWT>"}`.
    /// - Parameter body: the request body.
    /// - Returns: the notification.
    /// - Throws: `AppleSignInError.invalidNotification` for a body without a `payload` string, then as
    ///   `verifyNotification(_:)`.
    public func verifyNotification(body: some Collection<UInt8>) async throws -> AppleServerNotification {
        try await verifyNotification(AppleServerNotification.payloadToken(fromBody: body))
    }

    /// Signature, key, algorithm, issuer, audience and times; the key chosen by the token's `kid`, never otherwise.
    /// A fixed set's verification runs synchronously inside the caller's frame: an inner async call would cost a task
    /// frame on every token verified.
    @inline(__always)
    private func verifyJWT(_ token: String, kind: Kind, what: String) async throws -> VerifiedJWT {
        let verified: VerifiedJWT
        switch keys {
        case .fixed(let verifiers):
            verified = try Self.verify(
                token, with: kind == .identityToken ? verifiers.identityToken : verifiers.notification,
                now: clock.now(), what: what)
        case .provider(let provider):
            verified = try await verifyWithProvider(token, provider: provider, kind: kind, what: what)
        }
        // One check for every key source: the key must have been chosen by a non-empty kid. The core's documented
        // "only usable key" rule (a token without kid and a one-key set) is not Apple's.
        guard case .keyID(let keyID) = verified.keySelection, !keyID.isEmpty else {
            throw Self.missingKeyID(what: what)
        }
        return verified
    }

    /// The provider's set holding the token's `kid` (fetched when unknown), then the verification.
    private func verifyWithProvider(_ token: String, provider: AppleKeySetProvider, kind: Kind, what: String)
        async throws -> VerifiedJWT
    {
        let options = kind == .identityToken ? identityTokenOptions : notificationOptions
        let header: JWSHeader
        do {
            header = try UnverifiedJWT(parsing: token, limits: options.limits).header
        } catch let error as JWTError {
            throw AppleSignInError.rejected(error, what: what)
        }
        // Before any fetch: a token without kid never costs a request to the key set URL.
        guard let keyID = header.keyID, !keyID.isEmpty else { throw Self.missingKeyID(what: what) }
        let keySet = try await provider.keySet(containing: keyID)
        return try Self.verify(token, with: JWTVerifier(keySet: keySet, options: options), now: clock.now(), what: what)
    }

    /// The JOSE core's verification, its errors as Apple's.
    private static func verify(_ token: String, with verifier: JWTVerifier, now: Date, what: String) throws
        -> VerifiedJWT
    {
        do {
            return try verifier.verify(token, now: now)
        } catch let error as JWTError {
            // A fixed set's header was not read first (no cost on the hot path); on a failure it is, so a token
            // without kid gets the same verdict from both key sources.
            if let header = try? UnverifiedJWT(parsing: token, limits: verifier.options.limits).header,
                header.keyID?.isEmpty ?? true
            {
                throw missingKeyID(what: what)
            }
            throw AppleSignInError.rejected(error, what: what)
        }
    }

    /// A token whose header names no key (no `kid`, or an empty one).
    private static func missingKeyID(what: String) -> AppleSignInError {
        let reason =
            "the \(what)'s header has no \"kid\" (or an empty one); Apple always names the key that signed its "
            + "tokens, so one without kid is not Apple's and is refused whatever the key set holds (RFC 7515 section "
            + "4.1.4)"
        return AppleSignInError(.invalidToken, reason, jwtError: JWTError(.invalidHeader, reason))
    }
}
