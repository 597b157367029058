import GatehouseHTTP
import GatehouseTesting
import Testing

// snippet-start: stub
/// Answers every request with the same body: a stand-in for a server.
struct CannedFetcher: HTTPFetching {
    let body: String

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"],
            body: Array(body.utf8), effectiveURL: request.url)
    }
}
// snippet-end

/// Fails the first request with `timedOut`, then answers 200.
final class FlakyFetcher: HTTPFetching, @unchecked Sendable {
    private var failed = false

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if !failed {
            failed = true
            throw HTTPError(.timedOut, "\(request.url) did not answer in time")
        }
        return HTTPResponse(status: 200, effectiveURL: request.url)
    }
}

/// The code of GatehouseHTTP's DocC catalog (`Sources/GatehouseHTTP/GatehouseHTTP.docc`): every Swift listing there
/// is one of the regions between the markers in this file, compiled here and run against a loopback server or a
/// stub. The catalog's errors article has an entry for every `HTTPError` code.
@Suite("GatehouseHTTP documentation")
struct DocumentationTests {
    static let catalog = DocumentationCatalog(
        module: "GatehouseHTTP", snippetsIn: "Tests/GatehouseHTTPTests/DocumentationTests.swift",
        errorType: "HTTPError", declaredIn: "Sources/GatehouseHTTP/Errors/HTTPError.swift")

    static func fetch(_ url: String) async throws -> [UInt8] {
        // snippet-start: fetch
        let client = CurlHTTPClient(
            configuration: .init(
                totalTimeout: .seconds(5), maxResponseBytes: 64 << 10))
        let response = try await client.send(
            .get(url, headers: ["Accept": "application/json"]))
        guard response.isSuccess else {
            throw FetchFailure.status(response.status)
        }
        // snippet-end
        return response.body
    }

    enum FetchFailure: Error, Equatable {
        case status(Int)
    }

    static func fetchWithOneRetry(_ client: some HTTPFetching, url: String) async throws -> HTTPResponse {
        // snippet-start: retry
        let passing: Set<HTTPError.Code> = [
            .connectionFailed, .timedOut, .transportFailure,
        ]
        do {
            return try await client.send(.get(url))
        } catch let error as HTTPError where passing.contains(error.code) {
            try await Task.sleep(for: .milliseconds(200))  // once more
            return try await client.send(.get(url))
        }
        // snippet-end
    }

    // MARK: The code runs

    @Test("the fetch example reads a loopback server's JSON and turns a 404 into its own error")
    func fetch() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys", respond: .json(#"{"keys":[]}"#))
        #expect(try await Self.fetch(server.url("/keys")) == Array(#"{"keys":[]}"#.utf8))
        #expect(server.requests(path: "/keys").first?.header("Accept") == "application/json")
        await #expect(throws: FetchFailure.status(404)) { try await Self.fetch(server.url("/missing")) }
        await #expect(throws: HTTPError(.insecureURL)) { try await Self.fetch("http://example.com/keys") }
    }

    @Test("the stub answers without a network, and the retry example retries a timeout once")
    func stubAndRetry() async throws {
        let canned = try await CannedFetcher(body: "{}").send(.get("https://example.com/"))
        #expect(canned.body == Array("{}".utf8))
        let response = try await Self.fetchWithOneRetry(FlakyFetcher(), url: "https://example.com/")
        #expect(response.status == 200)
        await #expect(throws: HTTPError(.insecureURL)) {
            try await Self.fetchWithOneRetry(CurlHTTPClient(), url: "http://example.com/")
        }
    }

    // MARK: The catalog agrees with the code

    @Test("every Swift listing of the catalog is a snippet region of this file, and every region is shown")
    func listingsAreCompiledCode() throws { try Self.catalog.expectListingsAreSnippets() }

    @Test("the errors article has an entry for every HTTPError code")
    func everyCodeIsExplained() throws { try Self.catalog.expectEveryCodeExplained() }
}
