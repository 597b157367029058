import GatehouseHTTP
import GatehouseTesting
import Testing

/// A client with small limits so failure tests stay fast.
func fastClient(
    totalTimeout: Duration = .seconds(5), maxResponseBytes: Int = 1 << 20, caBundlePath: String? = nil,
    maxRedirects: Int = 3
) -> CurlHTTPClient {
    CurlHTTPClient(
        configuration: .init(
            totalTimeout: totalTimeout, connectTimeout: .seconds(2), maxResponseBytes: maxResponseBytes,
            caBundlePath: caBundlePath, maxRedirects: maxRedirects))
}

/// A loopback server whose `/slow` sends 60 bytes, one a second: a transfer that succeeds only after a minute, for
/// the tests of what ends it sooner (a timeout, a cancelled task, a stopped server).
func slowDripServer() throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.route(
        "/slow",
        respond: LoopbackResponse(body: Array(repeating: 0x41, count: 60), delivery: .drip(interval: .seconds(1))))
    return server
}

/// A GET of `slowDripServer()`'s `/slow` running in a task, given 300 ms to get under way: for the tests of what
/// ends a transfer early (a cancelled task, a stopped server).
/// - Parameter totalTimeout: the client's total timeout.
/// - Returns: the server and the task.
func slowTransferUnderWay(totalTimeout: Duration) async throws -> (
    server: LoopbackHTTPServer, task: Task<HTTPResponse, any Error>
) {
    let server = try slowDripServer()
    let url = server.url("/slow")
    let task = Task { try await fastClient(totalTimeout: totalTimeout).send(.get(url)) }
    // Under way means the server has the request (a fixed sleep is not enough on a loaded machine); give up after 20 s.
    for _ in 0..<400 where server.requestCount(path: "/slow") == 0 {
        try await Task.sleep(for: .milliseconds(50))
    }
    try await Task.sleep(for: .milliseconds(100))
    return (server, task)
}

/// Sends a request that must fail with `code`, and checks the message names every fragment.
func expectFailure(
    _ code: HTTPError.Code, naming fragments: [String], client: CurlHTTPClient = fastClient(),
    sourceLocation: SourceLocation = #_sourceLocation, _ request: HTTPRequest
) async -> HTTPError? {
    await expectError(HTTPError(code), mentioning: fragments, sourceLocation: sourceLocation) {
        _ = try await client.send(request)
    }
}
