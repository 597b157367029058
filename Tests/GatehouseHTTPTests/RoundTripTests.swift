import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("Round trips against a loopback server")
struct RoundTripTests {
    @Test("GET sends the method, query, user agent and headers, and returns status, headers and body")
    func get() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys") { request in
            .json(
                #"{"keys":[]}"#,
                headers: [("Cache-Control", "max-age=60"), ("x-multi", "one"), ("X-MULTI", "two")])
        }
        let response = try await fastClient().send(
            .get(server.url("/keys?kid=a%20b"), headers: ["Accept": "application/json", "X-Trace": "t-1"]))
        #expect(response.status == 200)
        #expect(response.isSuccess)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"keys":[]}"#)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["CACHE-CONTROL"] == "max-age=60")
        #expect(response.headers.values(for: "X-Multi") == ["one", "two"])
        #expect(response.effectiveURL == server.url("/keys?kid=a%20b"))

        let received = try #require(server.requests(path: "/keys").first)
        #expect(server.requestCount(path: "/keys") == 1)
        #expect(received.method == "GET")
        #expect(received.query == "kid=a%20b")
        #expect(received.header("user-agent") == "Gatehouse/0.1")
        #expect(received.header("accept") == "application/json")
        #expect(received.header("X-Trace") == "t-1")
        #expect(received.body.isEmpty)
    }

    @Test("a form POST arrives with the form content type and the exact encoded body")
    func formPost() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token") { request in
            guard request.method == "POST",
                request.header("Content-Type") == "application/x-www-form-urlencoded",
                request.header("Content-Length") == String(request.body.count)
            else { return .text("unexpected request", status: 400) }
            return .json(#"{"echo":"\#(request.bodyText)"}"#)
        }
        let response = try await fastClient().send(
            .formPost(
                url: server.url("/auth/token"),
                fields: [("grant_type", "authorization_code"), ("code", "a b&c"), ("client_id", "com.é")]))
        #expect(response.status == 200)
        let expected = "grant_type=authorization_code&code=a+b%26c&client_id=com.%C3%A9"
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"echo":"\#(expected)"}"#)
        #expect(server.requests(path: "/auth/token").first?.bodyText == expected)
        #expect(server.requests(path: "/auth/token").first?.header("Expect") == nil)
    }

    @Test("a POST with an empty body and a binary body arrive intact")
    func postBodies() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/echo") { request in LoopbackResponse(status: 200, body: request.body) }
        let binary: [UInt8] = [0, 1, 2, 0xFF, 0, 13, 10]
        for body in [[], binary] {
            let response = try await fastClient().send(HTTPRequest(method: .post, url: server.url("/echo"), body: body))
            #expect(response.body == body)
        }
        #expect(server.requests(path: "/echo").map(\.method) == ["POST", "POST"])
    }

    @Test("a non-2xx status is returned as a response, not thrown", arguments: [400, 401, 404, 429, 500, 503])
    func non2xx(status: Int) async throws {
        let server = try LoopbackHTTPServer()
        server.route("/x", respond: .json(#"{"error":"invalid_client"}"#, status: status))
        let response = try await fastClient().send(.get(server.url("/x")))
        #expect(response.status == status)
        #expect(!response.isSuccess)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"invalid_client"}"#)
    }

    @Test("an ETag round trip: If-None-Match gets 304 with an empty body")
    func notModified() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys") { request in .conditional(.json(#"{"keys":[]}"#), etag: "\"v1\"", for: request) }
        let first = try await fastClient().send(.get(server.url("/keys")))
        #expect(first.status == 200)
        let etag = try #require(first.headers["etag"])
        let second = try await fastClient().send(.get(server.url("/keys"), headers: ["If-None-Match": etag]))
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(server.requestCount(path: "/keys") == 2)
    }

    @Test("a body of unknown length (close-delimited) is read to the end")
    func closeDelimited() async throws {
        let server = try LoopbackHTTPServer()
        let body = [UInt8](repeating: 0x61, count: 100_000)
        server.route("/big", respond: LoopbackResponse(body: body, delivery: .untilClose))
        let response = try await fastClient().send(.get(server.url("/big")))
        #expect(response.body == body)
    }
}
