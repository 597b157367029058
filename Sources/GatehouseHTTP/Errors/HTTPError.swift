public import GatehouseCore

/// Every failure of the GatehouseHTTP module: a stable `code` for programs and a `reason` for people.
///
/// The reason names the URL, the cause (libcurl's own error text where there is one) and, where known, the fix.
/// A response with a non-2xx status is not an error at this layer: it is returned as an `HTTPResponse`.
/// Equality compares the code only, so callers and tests can match `error == HTTPError(.timedOut)` without
/// depending on wording.
public struct HTTPError: CodedError {
    /// A stable error code. New codes can be added without breaking callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case insecureURL, invalidURL, invalidRequest
            case connectionFailed, timedOut, tlsFailure
            case responseTooLarge, tooManyRedirects, transportFailure
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// Plain `http` to a host that is not loopback; an unspecified address (0.0.0.0/8, `::`) in any spelling or
        /// behind any name; a redirect that would leave https, or lead from a server that is not on this machine
        /// to loopback, whether the target is written as loopback or only resolves there. Refused before any
        /// connection to the address is made.
        public static let insecureURL = Code(.insecureURL)
        /// Not an absolute `http`/`https` URL that libcurl's URL parser accepts.
        public static let invalidURL = Code(.invalidURL)
        /// The request cannot be sent as given: a header name or value that is not valid HTTP (RFC 9110
        /// section 5), a header the client owns (`Content-Length`, `Host`, ...), a GET with a body.
        public static let invalidRequest = Code(.invalidRequest)
        /// The host did not resolve or the connection was refused or unreachable.
        public static let connectionFailed = Code(.connectionFailed)
        /// The total or the connect timeout expired.
        public static let timedOut = Code(.timedOut)
        /// The TLS handshake failed or the server's certificate did not verify.
        public static let tlsFailure = Code(.tlsFailure)
        /// The response (headers or body) exceeded the configured byte cap; the transfer was aborted.
        public static let responseTooLarge = Code(.responseTooLarge)
        /// More redirects than the configured limit.
        public static let tooManyRedirects = Code(.tooManyRedirects)
        /// Any other transport failure: a truncated body, a reset connection, a reply that is not HTTP.
        public static let transportFailure = Code(.transportFailure)

        public var description: String { base.rawValue }
    }

    /// The stable code.
    public let code: Code
    /// The human explanation: the URL, the cause and, where known, the fix.
    public let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable code.
    ///   - reason: the explanation; control characters in it are escaped (`ControlCharacters`), since it quotes
    ///     URLs and what servers sent.
    public init(_ code: Code, _ reason: String = "") {
        self.code = code
        self.reason = ControlCharacters.escaped(reason)
    }
}
