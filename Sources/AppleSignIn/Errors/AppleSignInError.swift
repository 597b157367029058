public import GatehouseCore
public import GatehouseHTTP
public import JWT

/// Every failure of the AppleSignIn module: a stable `code` for programs and a `reason` for people.
///
/// The reason names the cause, the values involved and the usual fix. When the failure comes from the JOSE core or
/// the HTTP client, that error is kept in `jwtError` / `httpError` and its code and reason appear in the text.
/// Equality compares the code only: `error == AppleSignInError(.nonceMismatch)`.
public struct AppleSignInError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The codes as a closed enum, for this package only: its command lines switch over it exhaustively, so a
        /// code added here without an exit status there does not compile. Users see only the struct.
        package enum Base: String, Sendable, CaseIterable {
            case invalidConfiguration, invalidToken, invalidClaim, nonceMissing, nonceMismatch, tokenHashMismatch
            case keySetUnavailable, invalidKeySet, invalidNotification
            case invalidPrivateKey, invalidClientSecretLifetime, signingFailed
            case invalidRequest, invalidClient, invalidGrant, unauthorizedClient, unsupportedGrantType, invalidScope
            case tokenEndpointFailure, invalidTokenResponse, tokenRequestRefused
        }

        /// The code's case, for an exhaustive `switch` inside the package.
        package let base: Base
        package init(_ base: Base) { self.base = base }

        /// The verifier or a client was configured in a way that cannot be safe: no client ID, a bad URL, a
        /// negative leeway.
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// The JOSE core rejected the token (signature, key, algorithm, issuer, audience, expiry); `jwtError` says
        /// which check.
        public static let invalidToken = Code(.invalidToken)
        /// An Apple claim has a type or value Apple never sends (`email_verified` of "yes", `events` not JSON).
        public static let invalidClaim = Code(.invalidClaim)
        /// A nonce was expected, the token says `nonce_supported: true`, and it carries no `nonce`.
        public static let nonceMissing = Code(.nonceMissing)
        /// The token's `nonce` differs from the expected one.
        public static let nonceMismatch = Code(.nonceMismatch)
        /// `at_hash` or `c_hash` does not match the access token or authorization code (OpenID Connect Core 1.0
        /// sections 3.1.3.6 and 3.3.2.11), or is absent when one was given.
        public static let tokenHashMismatch = Code(.tokenHashMismatch)
        /// Apple's key set cannot be fetched and no cached copy within the stale limit exists, or the token's `kid`
        /// is not in the cached copy and the fetch for the current set failed (a rotation during an outage: the
        /// token cannot be judged, so it is not called invalid). The reason names the URL and the fetch error;
        /// `httpError` holds the transport failure when there was one.
        public static let keySetUnavailable = Code(.keySetUnavailable)
        /// A fetched key set is not a JWKS document, and no good copy is cached.
        public static let invalidKeySet = Code(.invalidKeySet)
        /// A server-to-server notification body without a `payload` JWT, or with `events` that do not decode.
        public static let invalidNotification = Code(.invalidNotification)
        /// The `.p8` key is not an EC P-256 private key.
        public static let invalidPrivateKey = Code(.invalidPrivateKey)
        /// A client secret lifetime that is not positive or is over Apple's limit of 15,777,000 s (six months).
        public static let invalidClientSecretLifetime = Code(.invalidClientSecretLifetime)
        /// Signing the client secret failed.
        public static let signingFailed = Code(.signingFailed)
        /// Apple's token endpoint answered `invalid_request`.
        public static let invalidRequest = Code(.invalidRequest)
        /// Apple's token endpoint answered `invalid_client`.
        public static let invalidClient = Code(.invalidClient)
        /// Apple's token endpoint answered `invalid_grant`.
        public static let invalidGrant = Code(.invalidGrant)
        /// Apple's token endpoint answered `unauthorized_client`.
        public static let unauthorizedClient = Code(.unauthorizedClient)
        /// Apple's token endpoint answered `unsupported_grant_type`.
        public static let unsupportedGrantType = Code(.unsupportedGrantType)
        /// Apple's token endpoint answered `invalid_scope`.
        public static let invalidScope = Code(.invalidScope)
        /// Apple's endpoint could not be reached, or answered a 5xx (whatever its body says) or a status that is
        /// neither 2xx nor 4xx; `httpError` holds the transport failure when there was one.
        public static let tokenEndpointFailure = Code(.tokenEndpointFailure)
        /// Apple's token endpoint refused the request with a 4xx whose `error` this library does not name, or
        /// that has none; the reason names Apple's error value or, without one, the status.
        public static let tokenRequestRefused = Code(.tokenRequestRefused)
        /// A 2xx token endpoint body that is not the JSON Apple documents.
        public static let invalidTokenResponse = Code(.invalidTokenResponse)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The human explanation: the cause, the values involved and, where known, the fix.
    public let reason: String
    /// The JOSE core's error, when the failure came from it.
    public let jwtError: JWTError?
    /// The HTTP client's error, when the failure came from the transport.
    public let httpError: HTTPError?

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable code.
    ///   - reason: the explanation; control characters in it are escaped (`ControlCharacters`), since it quotes
    ///     what tokens, key sets and Apple's endpoints sent.
    ///   - jwtError: the underlying JOSE error, if any.
    ///   - httpError: the underlying transport error, if any.
    public init(_ code: Code, _ reason: String = "", jwtError: JWTError? = nil, httpError: HTTPError? = nil) {
        self.code = code
        self.reason = ControlCharacters.escaped(reason)
        self.jwtError = jwtError
        self.httpError = httpError
    }

    /// Wraps a JOSE error as `invalidToken`, its code and reason in the text.
    /// - Parameters:
    ///   - error: the JOSE error.
    ///   - what: what was being verified ("identity token", "notification").
    /// - Returns: the error.
    static func rejected(_ error: JWTError, what: String) -> AppleSignInError {
        AppleSignInError(
            .invalidToken, "the \(what) was rejected (JWTError.\(error.code)): \(error.reason)", jwtError: error)
    }
}
