import Dispatch

/// An `HTTPFetching` client over libcurl: GET and POST with a total and a connect timeout, a response byte cap,
/// TLS verification always on, https required except to loopback, and redirects checked one by one.
///
/// Proxies: libcurl's own environment variables (`https_proxy`, `http_proxy`, `all_proxy`, `no_proxy`) are
/// honoured, as libcurl does by default; requests to loopback hosts never use a proxy.
///
/// Each request runs the blocking `curl_easy_perform` on a thread of its own (a private dispatch queue), never on
/// the Swift concurrency pool, so many requests can run at once. Cancelling the task stops the transfer within
/// about a second and throws `CancellationError`.
public struct CurlHTTPClient: HTTPFetching {
    /// The limits and trust settings.
    public let configuration: Configuration

    /// Creates a client.
    /// - Parameter configuration: the limits and trust settings.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Sends a request and waits for the complete response, following redirects.
    ///
    /// The URL and every redirect target are checked before any connection: https, or http to a loopback host.
    /// - Parameter request: the request.
    /// - Returns: the final response, whatever its status (a non-2xx status is not an error).
    /// - Throws: `HTTPError` (`insecureURL`, `invalidURL`, `invalidRequest`, `connectionFailed`, `timedOut`,
    ///   `tlsFailure`, `responseTooLarge`, `tooManyRedirects`, `transportFailure`) naming the URL and the cause;
    ///   `CancellationError` when the task is cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let configuration = configuration
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                DispatchQueue(label: "Gatehouse.CurlHTTPClient.transfer").async {
                    continuation.resume(
                        with: Result {
                            try TransferDriver.run(request, configuration: configuration, cancellation: cancellation)
                        })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}
