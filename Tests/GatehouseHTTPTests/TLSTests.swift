import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("TLS verification is always on")
struct TLSTests {
    @Test("a self-signed loopback https server is refused with the system store and accepted with its CA")
    func selfSigned() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys", respond: .json(#"{"keys":[]}"#))
        let tls = try LoopbackTLSTerminator(forwardingTo: server)
        for url in [tls.url("/keys"), "https://localhost:\(tls.port)/keys"] {
            _ = await expectFailure(.tlsFailure, naming: [url, "the system CA store", "SSL certificate"], .get(url))
            let response = try await fastClient(caBundlePath: tls.caBundlePath).send(.get(url))
            #expect(response.status == 200, "\(url)")
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"keys":[]}"#)
        }
        // Only the accepted exchanges reached the server behind the terminator.
        #expect(server.requestCount(path: "/keys") == 2)
    }

    @Test("a CA bundle that does not exist is tlsFailure naming the file")
    func missingBundle() async throws {
        let server = try LoopbackHTTPServer()
        let tls = try LoopbackTLSTerminator(forwardingTo: server)
        let path = "/nonexistent/gatehouse-ca.pem"
        _ = await expectFailure(
            .tlsFailure, naming: [tls.url("/"), path], client: fastClient(caBundlePath: path), .get(tls.url("/")))
    }

    @Test("the slow-drip timeout fires over https too")
    func slowOverTLS() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/slow", respond: LoopbackResponse(body: Array("abcdef".utf8), delivery: .drip(interval: .seconds(1))))
        let tls = try LoopbackTLSTerminator(forwardingTo: server)
        _ = await expectFailure(
            .timedOut, naming: [tls.url("/slow")],
            client: fastClient(totalTimeout: .seconds(1), caBundlePath: tls.caBundlePath), .get(tls.url("/slow")))
    }
}
