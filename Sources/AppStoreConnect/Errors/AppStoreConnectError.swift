public import GatehouseCore
public import GatehouseHTTP

/// Every failure of the AppStoreConnect module: a stable `code` for programs and a `reason` for people.
///
/// The reason names the cause, the URL and the values involved, App Store Connect's own error `code` and `detail`
/// when it sent an error body, and the usual fix. It never contains the `.p8` key or a bearer token.
/// Equality compares the code only: `error == AppStoreConnectError(.forbidden)`.
///
/// For command lines (the project's sysexits table): `notAuthorized` and `forbidden` are the credentials or the
/// key's role (77); `rateLimited`, `serverFailure`, `networkFailure`, `responseTooLarge`, `invalidResponse` and
/// `paginationFailure` are the service not usable (69); `invalidCredentials` is a key that does not read (65);
/// `notFound` and `requestRefused` are App Store Connect's negative answers (1); `invalidConfiguration` is a bad
/// parameter (64).
public struct AppStoreConnectError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case invalidCredentials, invalidConfiguration, signingFailed
            case notAuthorized, forbidden, notFound, requestRefused
            case rateLimited, serverFailure, networkFailure
            case responseTooLarge, invalidResponse, paginationFailure
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The key ID, issuer ID or `.p8` key cannot be used: empty or malformed IDs, a `.p8` that is not an EC
        /// P-256 private key in PEM form. Nothing was sent.
        public static let invalidCredentials = Code(.invalidCredentials)
        /// The client was configured in a way that cannot work: a base URL that is not https (or http to a
        /// loopback host), a page size or retry bound out of range, an empty resource ID. Nothing was sent.
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// Signing the token failed (OpenSSL refused); nothing was sent.
        public static let signingFailed = Code(.signingFailed)
        /// HTTP 401: App Store Connect refused the token. The key ID, the issuer ID (team keys), a revoked key, or
        /// this machine's clock; the reason names all of them and the token's `iat` and `exp`.
        public static let notAuthorized = Code(.notAuthorized)
        /// HTTP 403: the key's role cannot read the resource (review submissions need App Manager or Admin), or
        /// the account's agreements need accepting.
        public static let forbidden = Code(.forbidden)
        /// HTTP 404: no such app, version or submission, or one this key cannot see.
        public static let notFound = Code(.notFound)
        /// Any other 4xx: App Store Connect refused the request (a parameter error, say); its code and detail are
        /// in the reason.
        public static let requestRefused = Code(.requestRefused)
        /// HTTP 429 still after the bounded waits and retries.
        public static let rateLimited = Code(.rateLimited)
        /// HTTP 5xx (or another status App Store Connect does not give) still after the bounded retries.
        public static let serverFailure = Code(.serverFailure)
        /// The request could not be completed: connection refused, timeout, TLS, a reset, still after the bounded
        /// retries for the kinds that are retried; `httpError` holds the transport failure.
        public static let networkFailure = Code(.networkFailure)
        /// A response larger than the configured byte cap; the transfer was aborted.
        public static let responseTooLarge = Code(.responseTooLarge)
        /// A 2xx body that is not the JSON:API document App Store Connect documents: not JSON, a missing `data`,
        /// a resource of the wrong type, a missing attribute, a date that does not read.
        public static let invalidResponse = Code(.invalidResponse)
        /// Pagination that cannot end well: a `links.next` URL already fetched (a loop), one on another origin
        /// (the token must not go there), or more pages than the configured bound.
        public static let paginationFailure = Code(.paginationFailure)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The human explanation: the cause, the values involved and, where known, the fix.
    public let reason: String
    /// The URL of the request that failed, when one was sent.
    public let url: String?
    /// The HTTP status of the final response, when there was one.
    public let status: Int?
    /// The entries of App Store Connect's error body (`{"errors":[...]}`), when it sent one.
    public let apiErrors: [ASCResponseError]
    /// The HTTP client's error, when the failure came from the transport.
    public let httpError: HTTPError?

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable code.
    ///   - reason: the explanation; control characters in it are escaped (`ControlCharacters`), since it quotes
    ///     what the server sent.
    ///   - url: the request URL.
    ///   - status: the HTTP status.
    ///   - apiErrors: the entries of the error body.
    ///   - httpError: the transport error.
    public init(
        _ code: Code, _ reason: String = "", url: String? = nil, status: Int? = nil,
        apiErrors: [ASCResponseError] = [], httpError: HTTPError? = nil
    ) {
        self.code = code
        self.reason = ControlCharacters.escaped(reason)
        self.url = url
        self.status = status
        self.apiErrors = apiErrors
        self.httpError = httpError
    }
}
