import Foundation
import GatehouseTesting
import Testing

@testable import GatehouseHTTP

/// The one exception to "https, or http to loopback": an OCSP request (RFC 6960 appendix A.1) over plain http to the
/// responder a certificate names, as Apple serves OCSP. The responder here is a loopback server the client is told
/// is not on this machine (`classifyPeer`), reached by a DNS name pinned to it, so no URL spells loopback.
@Suite("OCSP requests: plain http to a responder that is not loopback, and nothing else")
struct OCSPPlainHTTPTests {
    /// A client whose DNS answers `ocsp.example` with the server, and which takes the server for a public host.
    private func client(for server: LoopbackHTTPServer) -> CurlHTTPClient {
        let port = server.port
        return CurlHTTPClient(
            configuration: fastClient().configuration,
            overrides: NetworkOverrides(
                resolve: ["ocsp.example:\(port):127.0.0.1"],
                classifyPeer: { $0.port == port ? .other : $0.standardClass }))
    }

    @Test("an OCSP request reaches a plain-http responder that is not loopback, as a POST of the DER request")
    func ocspAllowed() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/ocsp", respond: LoopbackResponse(status: 200, body: [0x30, 0x03, 0x0A, 0x01, 0x06]))
        let url = "http://ocsp.example:\(server.port)/ocsp"
        let response = try await client(for: server).send(.ocsp(url: url, body: [0x30, 0x00]))
        #expect(response.status == 200)
        #expect(response.body == [0x30, 0x03, 0x0A, 0x01, 0x06])
        let request = try #require(server.requests(path: "/ocsp").first)
        #expect(request.method == "POST")
        #expect(request.header("Content-Type") == "application/ocsp-request")
        #expect(request.body == [0x30, 0x00])
    }

    @Test("any other request to the same responder is refused before connecting: plain http to a public host")
    func otherRequestsRefused() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/ocsp", respond: LoopbackResponse(status: 200, body: []))
        let url = "http://ocsp.example:\(server.port)/ocsp"
        let client = client(for: server)
        for request in [
            HTTPRequest.get(url),
            HTTPRequest(
                method: .post, url: url, headers: ["Content-Type": "application/ocsp-request"], body: [0x30, 0x00]),
        ] {
            _ = await expectFailure(.insecureURL, naming: [url, "no connection was made"], client: client, request)
        }
        #expect(server.connectionCount == 0)
    }

    @Test("a redirect from the responder to another plain-http host is held to the usual rules and refused")
    func redirectNotExcepted() async throws {
        let server = try LoopbackHTTPServer()
        let target = "http://elsewhere.example:\(server.port)/ocsp2"
        server.route("/ocsp", respond: .redirect(to: target, status: 307))
        server.route("/ocsp2", respond: LoopbackResponse(status: 200, body: []))
        let url = "http://ocsp.example:\(server.port)/ocsp"
        _ = await expectFailure(
            .insecureURL, naming: [target, "no connection was made"], client: client(for: server),
            .ocsp(url: url, body: [0x30, 0x00]))
        #expect(server.requestCount(path: "/ocsp2") == 0)
    }
}
