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

/// Sends a request that must fail with `code`, and checks the message names every fragment.
func expectFailure(
    _ code: HTTPError.Code, naming fragments: [String], client: CurlHTTPClient = fastClient(),
    sourceLocation: SourceLocation = #_sourceLocation, _ request: HTTPRequest
) async -> HTTPError? {
    let error = await #expect(throws: HTTPError.self, sourceLocation: sourceLocation) {
        try await client.send(request)
    }
    #expect(error?.code == code, "expected \(code), got \(String(describing: error))", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(
            error?.description.contains(fragment) == true, "'\(fragment)' is not named in \(String(describing: error))",
            sourceLocation: sourceLocation)
    }
    return error
}
