import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("Redirects: a few, each target checked before it is contacted")
struct RedirectTests {
    @Test("a chain within the limit is followed to the final response")
    func followed() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/a", respond: .redirect(to: server.url("/b"), status: 301))
        server.route("/b", respond: .redirect(to: "/c", status: 307))  // relative Location
        server.route("/c", respond: .redirect(to: server.url("/d"), status: 308))
        server.route("/d", respond: .text("final"))
        let response = try await fastClient(maxRedirects: 3).send(.get(server.url("/a")))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "final")
        #expect(response.effectiveURL == server.url("/d"))
        #expect(["/a", "/b", "/c", "/d"].map { server.requestCount(path: $0) } == [1, 1, 1, 1])
    }

    @Test("one redirect more than maxRedirects is tooManyRedirects, and the extra target is never contacted")
    func tooMany() async throws {
        let server = try LoopbackHTTPServer()
        for index in 0..<4 { server.route("/r\(index)", respond: .redirect(to: server.url("/r\(index + 1)"))) }
        server.route("/r4", respond: .text("never reached"))
        let start = server.url("/r0")
        _ = await expectFailure(
            .tooManyRedirects, naming: [start, "maxRedirects (3)", server.url("/r4")],
            client: fastClient(maxRedirects: 3), .get(start))
        #expect(server.requestCount(path: "/r3") == 1)
        #expect(server.requestCount(path: "/r4") == 0)
    }

    @Test("a redirect loop ends in tooManyRedirects")
    func loop() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/loop", respond: .redirect(to: "/loop"))
        _ = await expectFailure(.tooManyRedirects, naming: ["/loop", "a redirect loop"], .get(server.url("/loop")))
        #expect(server.requestCount(path: "/loop") == 4)
    }

    @Test("maxRedirects 0 refuses the first redirect")
    func none() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/a", respond: .redirect(to: "/b"))
        _ = await expectFailure(
            .tooManyRedirects, naming: ["maxRedirects (0)"], client: fastClient(maxRedirects: 0), .get(server.url("/a"))
        )
        #expect(server.requestCount(path: "/b") == 0)
    }

    @Test(
        "a redirect to plain http off loopback, or to another scheme, is refused before any connection",
        arguments: [
            ("http://example.invalid/keys", HTTPError.Code.insecureURL, "not a loopback host"),
            ("http://10.1.2.3:8080/keys", HTTPError.Code.insecureURL, "not a loopback host"),
            ("ftp://example.invalid/keys", HTTPError.Code.invalidURL, "'ftp'"),
            ("file:///etc/passwd", HTTPError.Code.invalidURL, "'file'"),
        ])
    func insecureTarget(location: String, code: HTTPError.Code, cause: String) async throws {
        let server = try LoopbackHTTPServer()
        server.route("/start", respond: .redirect(to: location, status: 302))
        let start = server.url("/start")
        _ = await expectFailure(
            code, naming: ["redirect (302) from \(start) to \(location) refused", cause], .get(start))
    }

    @Test("303 after a POST continues as GET without the body; 307 repeats the POST and its body")
    func methods() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/see-other", respond: .redirect(to: "/target", status: 303))
        server.route("/temporary", respond: .redirect(to: "/target", status: 307))
        server.route("/target") { request in .text("\(request.method) \(request.bodyText)") }
        let form = HTTPRequest.formPost(url: server.url("/see-other"), fields: [("a", "1")])
        let seeOther = try await fastClient().send(form)
        #expect(String(decoding: seeOther.body, as: UTF8.self) == "GET ")
        #expect(server.requests(path: "/target").last?.header("Content-Type") == nil)
        var repeated = form
        repeated.url = server.url("/temporary")
        let temporary = try await fastClient().send(repeated)
        #expect(String(decoding: temporary.body, as: UTF8.self) == "POST a=1")
    }

    @Test("credentials are not carried to another origin")
    func credentialsDropped() async throws {
        let first = try LoopbackHTTPServer()
        let second = try LoopbackHTTPServer()
        first.route("/same", respond: .redirect(to: "/landing"))
        first.route("/other", respond: .redirect(to: second.url("/landing")))
        first.route("/landing", respond: .text("ok"))
        second.route("/landing", respond: .text("ok"))
        let headers: HTTPHeaders = ["Authorization": "Bearer secret", "X-Kept": "yes"]
        _ = try await fastClient().send(.get(first.url("/same"), headers: headers))
        _ = try await fastClient().send(.get(first.url("/other"), headers: headers))
        #expect(first.requests(path: "/landing").first?.header("Authorization") == "Bearer secret")
        #expect(second.requests(path: "/landing").first?.header("Authorization") == nil)
        #expect(second.requests(path: "/landing").first?.header("X-Kept") == "yes")
    }

    @Test("a redirect without Location, and 304, are returned as responses")
    func notFollowed() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/no-location", respond: LoopbackResponse(status: 302))
        server.route("/not-modified", respond: LoopbackResponse(status: 304, headers: [("Location", "/elsewhere")]))
        #expect(try await fastClient().send(.get(server.url("/no-location"))).status == 302)
        #expect(try await fastClient().send(.get(server.url("/not-modified"))).status == 304)
        #expect(server.requestCount(path: "/elsewhere") == 0)
    }
}
