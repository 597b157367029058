import CommandLineKit
import Foundation
import GatehouseTesting
import Testing

@testable import JWTCheckCLI

/// URL schemes are case-insensitive (RFC 3986 section 3.1): `--jwks HTTPS://...` is a URL, never a file path.
@Suite("jwtcheck: a URL argument's scheme in any case")
struct URLArgumentTests {

    @Test(
        "http and https in any case are URLs, written canonically in lower case; anything else is a path",
        arguments: [
            ("https://example.com/keys", "https://example.com/keys"),
            ("HTTPS://example.com/keys", "https://example.com/keys"),
            ("Https://Example.com/Keys", "https://Example.com/Keys"),
            ("hTTpS://example.com", "https://example.com"), ("HTTP://127.0.0.1:9/k", "http://127.0.0.1:9/k"),
            ("Http://x", "http://x"),
        ])
    func url(argument: String, canonical: String) {
        #expect(URLArgument.isHTTP(argument), "\(argument)")
        #expect(URLArgument.canonical(argument) == canonical)
        #expect(KeySetSource.isURL(argument))
    }

    @Test(
        "file paths and other schemes are not http(s) URLs and are left as they are",
        arguments: [
            "jwks.json", "/tmp/https://x", "./HTTPS://x", "https:/x", "https:x", "HTTPS:", "httpsx://x", "ftp://x",
            "file:///etc/passwd", "", "ＨＴＴＰＳ://x", "https", "http:",
        ])
    func path(argument: String) {
        #expect(!URLArgument.isHTTP(argument), "\(argument)")
        #expect(URLArgument.canonical(argument) == argument)
    }

    @Test(
        "--jwks and --endpoint parse an upper- or mixed-case scheme as a URL that needs the network",
        arguments: ["HTTPS://appleid.apple.com/auth/keys", "Https://appleid.apple.com/auth/keys"])
    func parse(url: String) throws {
        let canonical = "https://appleid.apple.com/auth/keys"
        let token = try JWTCheckTool.parse(["token", "@t.jwt", "--jwks", url])
        #expect(token == .run(TokenCommand(token: .file("t.jwt"), jwksPath: canonical)))
        #expect(JWTCheckTool().needsNetwork(["token", "@t.jwt", "--jwks", url]))

        guard
            let verify = try JWTCheckTool.parse(["apple", "verify", "@t.jwt", "--client-id", "c", "--jwks", url])
                .command as? AppleVerifyCommand
        else {
            Issue.record("not apple verify")
            return
        }
        #expect(verify.options.jwks == canonical)

        let exchange = try JWTCheckTool.parse(
            [
                "apple", "exchange", "code", "--p8", "k.p8", "--key-id", "K", "--team-id", "T", "--client-id", "c",
                "--endpoint", "HTTPS://appleid.apple.com", "--jwks", url,
            ])
        guard let endpoint = (exchange.command as? AppleExchangeCommand)?.options else {
            Issue.record("not apple exchange")
            return
        }
        #expect(endpoint.endpoint == "https://appleid.apple.com")
        #expect(endpoint.jwks == canonical)
    }

    @Test("the synchronous path treats an upper-case URL as a URL (unavailable), not as a missing file (66)")
    func synchronous() {
        let output = JWTCheckTool().run(["token", "@t.jwt", "--jwks", "HTTPS://example.com/jwks.json"])
        #expect(output.status == .unavailable, "\(output.standardError)")
    }

    @Test("token and apple verify fetch the key set from an upper- and mixed-case URL on the loopback server")
    func inProcess() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys", respond: .json(try String(contentsOfFile: Samples.jwks, encoding: .utf8)))
        let tls = try LoopbackTLSTerminator(forwardingTo: server)
        let tool = JWTCheckTool(
            environment: ToolEnvironment(
                now: { Samples.now }, readStandardInput: { _ in [] }, cacheDirectory: nil))
        let urls = [
            "HTTP://127.0.0.1:\(server.port)/keys", "Http://127.0.0.1:\(server.port)/keys",
            "HTTPS://127.0.0.1:\(tls.port)/keys", "Https://localhost:\(tls.port)/keys",
        ]
        for url in urls {
            let fetch = ["--jwks", url, "--no-cache", "--cacert", tls.caBundlePath]
            let token = await tool.perform(
                ["token", Samples.token, "--aud", "com.example.gatehouse"] + fetch)
            #expect(token.status == .success, "\(url): \(token.standardError)")
            let verify = await tool.perform(
                ["apple", "verify", Samples.token, "--client-id", "com.example.gatehouse"] + fetch)
            #expect(verify.status == .success, "\(url): \(verify.standardError)")
        }
        #expect(server.requestCount(path: "/keys") == 2 * urls.count)
    }

    @Test("the built jwtcheck fetches --jwks HTTPS://... (and Http://...) end to end: status 0, verdict, no stderr")
    func endToEnd() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys", respond: .json(try String(contentsOfFile: Samples.jwks, encoding: .utf8)))
        let tls = try LoopbackTLSTerminator(forwardingTo: server)
        for fetch in [
            ["--jwks", "HTTPS://127.0.0.1:\(tls.port)/keys", "--cacert", tls.caBundlePath],
            ["--jwks", "Http://127.0.0.1:\(server.port)/keys"],
        ] {
            let result = try await Self.jwtcheck(
                ["token", Samples.token, "--aud", "com.example.gatehouse", "--now", "\(Samples.now)", "--no-cache"]
                    + fetch)
            #expect(result.status == 0, "\(fetch[1]): \(result.standardError)")
            #expect(result.standardOutput.contains("Verdict: VALID"))
            #expect(result.standardError.isEmpty)
        }
        #expect(server.requestCount(path: "/keys") == 2)
    }

    /// Runs the binary on a thread of its own, so waiting for the process never holds a thread of the concurrency
    /// pool that other tests need.
    static func jwtcheck(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try ProcessRunner.run("jwtcheck", arguments) }) }.start()
        }
    }
}
