import Dispatch

/// An `HTTPFetching` client over libcurl: GET and POST with a total and a connect timeout, a response byte cap,
/// TLS verification always on, https required except to loopback, and redirects checked one by one.
///
/// Loopback: plain http is fetched only from a loopback host, and once a server that is not on this machine has
/// answered, a redirect may not lead to this machine at all. Both are decided on the address each connection is
/// about to be made to (any spelling of 127.0.0.0/8, `::1`, their IPv4-mapped forms, an address of one of this
/// machine's own interfaces, and any name that resolves there), and the unspecified addresses (0.0.0.0/8, `::`),
/// which reach this machine too, are always refused.
///
/// Proxies: libcurl's environment variables (`https_proxy`, `HTTPS_PROXY`, `all_proxy`, `ALL_PROXY`,
/// `no_proxy`, `NO_PROXY`) are honoured with libcurl's precedence; requests to loopback hosts never use a proxy.
///
/// Each request runs the blocking `curl_easy_perform` on a thread of its own (a private dispatch queue), never on
/// the Swift concurrency pool, so many requests can run at once. Cancelling the task stops the transfer within
/// about a second and throws `CancellationError`.
public struct CurlHTTPClient: HTTPFetching {
    /// The limits and trust settings.
    public let configuration: Configuration
    /// Real DNS and address classification, or the stand-ins of a test.
    let overrides: NetworkOverrides

    /// Creates a client.
    /// - Parameter configuration: the limits and trust settings.
    public init(configuration: Configuration = Configuration()) {
        self.init(configuration: configuration, overrides: .standard)
    }

    /// Creates a client with stand-ins for DNS and address classification (tests only).
    init(configuration: Configuration, overrides: NetworkOverrides) {
        self.configuration = configuration
        self.overrides = overrides
    }

    /// Sends a request and waits for the complete response, following redirects.
    ///
    /// The URL and every redirect target are checked before any connection: https, or http to a loopback host.
    /// - Returns: the final response, whatever its status (a non-2xx status is not an error).
    /// - Throws: `HTTPError` (`insecureURL`, `invalidURL`, `invalidRequest`, `connectionFailed`, `timedOut`,
    ///   `tlsFailure`, `responseTooLarge`, `tooManyRedirects`, `transportFailure`) naming the URL and the cause;
    ///   `CancellationError` when the task is cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let configuration = configuration
        let overrides = overrides
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                DispatchQueue(label: "Gatehouse.CurlHTTPClient.transfer").async {
                    continuation.resume(
                        with: Result {
                            try TransferDriver.run(
                                request, configuration: configuration, cancellation: cancellation,
                                overrides: overrides)
                        })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}

extension CurlHTTPClient {
    /// Checks a URL against the client's URL rules (``CurlHTTPClient``: https, or http to a host written as loopback;
    /// never an unspecified address) without resolving or connecting, so a command can refuse a URL when it is
    /// configured rather than at its first use. Addresses are still judged at each connection.
    /// - Parameter text: the URL.
    /// - Throws: `HTTPError.invalidURL` or `HTTPError.insecureURL` naming the URL and the rule.
    package static func checkURL(_ text: String) throws {
        _ = try URLPolicy.check(text)
    }
}
