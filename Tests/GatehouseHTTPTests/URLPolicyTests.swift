import GatehouseHTTP
import GatehouseTesting
import Testing

@Suite("URL policy: https, or http to loopback, checked before connecting")
struct URLPolicyTests {
    @Test(
        "plain http to a host that is not loopback is refused without a connection",
        arguments: [
            "http://example.invalid/keys",
            "http://127.0.0.1.example.invalid/",
            "http://localhost.example.invalid/",
            "http://[::ffff:192.0.2.1]:9/",
            "http://10.0.0.1/",
            "HTTP://EXAMPLE.INVALID/",
        ])
    func insecure(url: String) async {
        // A resolvable-looking name under .invalid cannot resolve: had a connection been tried, the error would
        // be connectionFailed, not insecureURL.
        _ = await expectFailure(.insecureURL, naming: [url, "use https", "no connection was made"], .get(url))
    }

    @Test(
        "URLs that are not absolute http(s) URLs are refused as invalid",
        arguments: [
            ("not a url", "not a url"),
            ("example.com/keys", "example.com/keys"),
            ("ftp://example.com/keys", "'ftp'"),
            ("file:///etc/passwd", "'file'"),
            ("https://", "https://"),
        ])
    func invalid(url: String, named: String) async {
        _ = await expectFailure(.invalidURL, naming: [named], .get(url))
    }

    @Test(
        "loopback hosts may use plain http (the policy lets them through to a connection)",
        arguments: ["127.0.0.1", "127.0.0.2", "127.1", "localhost", "LocalHost", "[::1]", "[::ffff:127.0.0.1]"])
    func loopbackAllowed(host: String) async throws {
        let port = try LoopbackHTTPServer.unusedPort()
        let url = "http://\(host):\(port)/keys"
        // Nothing listens there: reaching connectionFailed proves the URL passed the policy.
        _ = await expectFailure(.connectionFailed, naming: [url, "could not connect"], .get(url))
    }

    @Test("https to any host passes the policy (and then fails to resolve, naming the URL)")
    func httpsAllowed() async {
        let url = "https://gatehouse-test.invalid/keys"
        _ = await expectFailure(.connectionFailed, naming: [url, "resolve"], .get(url))
    }
}

@Suite("Request validation")
struct RequestValidationTests {
    @Test(
        "header injection and client-owned headers are refused before sending",
        arguments: [
            ("X-Evil", "a\r\nInjected: yes", "control character"),
            ("X-Nul", "a\u{0}b", "control character"),
            ("Bad Name", "v", "not an RFC 9110 token"),
            ("", "v", "not an RFC 9110 token"),
            ("Content-Length", "5", "set by the client"),
            ("host", "example.com", "set by the client"),
        ])
    func headers(name: String, value: String, cause: String) async {
        let url = "https://gatehouse-test.invalid/x"
        var headers = HTTPHeaders()
        headers.add(name: name, value: value)
        _ = await expectFailure(.invalidRequest, naming: [url, cause], .get(url, headers: headers))
    }

    @Test("a GET with a body is refused")
    func getWithBody() async {
        let url = "https://gatehouse-test.invalid/x"
        _ = await expectFailure(
            .invalidRequest, naming: [url, "3-byte body"], HTTPRequest(method: .get, url: url, body: [1, 2, 3]))
    }

    @Test("a user agent with a newline is refused")
    func userAgent() async {
        let client = CurlHTTPClient(configuration: .init(userAgent: "Gatehouse\r\nX: y"))
        _ = await expectFailure(
            .invalidRequest, naming: ["userAgent", "control character"], client: client,
            .get("https://gatehouse-test.invalid/"))
    }
}
