/// Something that sends an HTTP request and returns the response: `CurlHTTPClient` in production, a loopback
/// server or a stub in tests.
public protocol HTTPFetching: Sendable {
    /// Sends a request and waits for the complete response.
    /// - Returns: the response, whatever its status (a non-2xx status is not an error).
    /// - Throws: `HTTPError` for a refused URL or request and for every transport failure; `CancellationError`
    ///   when the task is cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
