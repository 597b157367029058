import AppleSignIn
import CommandLineKit
import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import JWTCheckCLI

/// `jwtcheck apple ...` and `jwtcheck token` with a key set URL, in process: the pure parser, then runs against the
/// samples, the real Apple fixtures and loopback servers.
@Suite("jwtcheck apple")
struct AppleCommandTests {
    static let secretOptions = ["--p8", Samples.p8, "--key-id", "TEST0KEY01", "--team-id", "TEAM123456"]

    func tool(now: Int64 = Samples.now) -> JWTCheckTool {
        JWTCheckTool(environment: ToolEnvironment(now: { now }, readStandardInput: { _ in [] }, cacheDirectory: nil))
    }

    /// `jwtcheck apple verify` of the sample token, for its client ID, against the sample key set, with `extra`.
    func verifySampleToken(_ extra: [String] = [], now: Int64 = Samples.now) async -> CommandOutput {
        await tool(now: now).perform(
            ["apple", "verify", Samples.token, "--client-id", "com.example.gatehouse", "--jwks", Samples.jwks] + extra)
    }

    static var sampleJWKSText: String {
        get throws { try String(contentsOfFile: Samples.jwks, encoding: .utf8) }
    }

    // MARK: parsing

    @Test("apple verify: client IDs, nonce forms, key set, time and cache options")
    func parseVerify() throws {
        let command = try JWTCheckTool.parse([
            "apple", "verify", "@t.jwt", "--client-id", "a", "--client-id=b", "--nonce-sha256", "raw", "--jwks",
            "https://example.com/keys", "--now", "1700000000", "--json", "--cache-dir", "/c", "--cacert", "ca.pem",
        ])
        var expected = AppleVerifyOptions(token: .file("t.jwt"), clientIDs: ["a", "b"])
        expected.nonce = .sha256("raw")
        expected.jwks = "https://example.com/keys"
        expected.now = "1700000000"
        expected.json = true
        expected.fetching.cacheDirectory = "/c"
        expected.fetching.caBundlePath = "ca.pem"
        #expect(command == .run(AppleVerifyCommand(options: expected)))
        #expect(try JWTCheckTool.parse(["apple", "--help"]) == .help(["jwtcheck", "apple"]))
        #expect(try JWTCheckTool.parse(["apple", "help", "revoke"]) == .help(["jwtcheck", "apple", "revoke"]))
        for subcommand in AppleCommand.subcommands.map({ $0.spec.name }) {
            #expect(
                try JWTCheckTool.parse(["apple", subcommand, "--help"]) == .help(["jwtcheck", "apple", subcommand]))
            let text = JWTCheckCommand.help.text(for: ["apple", subcommand]) ?? ""
            #expect(text.contains("USAGE: jwtcheck apple \(subcommand)"))
            #expect(text.contains("OPTIONS:"))
        }
    }

    @Test("apple client-secret, exchange and revoke options")
    func parseSecretAndEndpoint() throws {
        let secret = try JWTCheckTool.parse(
            ["apple", "client-secret"] + Self.secretOptions + ["--client-id", "c", "--days", "30"])
        var options = AppleClientSecretOptions(
            p8Path: Samples.p8, keyID: "TEST0KEY01", teamID: "TEAM123456", clientID: "c")
        options.days = 30
        #expect(secret == .run(AppleClientSecretCommand(options: options)))
        options.days = 180
        let exchange = try JWTCheckTool.parse(
            ["apple", "exchange", "code1"] + Self.secretOptions
                + ["--client-id", "c", "--redirect-uri", "https://x/cb", "--endpoint", "http://127.0.0.1:9"])
        var expected = AppleEndpointOptions(value: .literal("code1"), secret: options)
        expected.endpoint = "http://127.0.0.1:9"
        #expect(exchange == .run(AppleExchangeCommand(options: expected, redirectURI: "https://x/cb")))
        let revoke = try JWTCheckTool.parse(
            ["apple", "revoke", "r"] + Self.secretOptions + ["--client-id", "c", "--hint", "access_token"])
        guard let parsed = revoke.command as? AppleRevokeCommand else {
            Issue.record("not apple revoke: \(revoke)")
            return
        }
        #expect(parsed.hint == "access_token")
    }

    @Test(
        "apple usage errors name what is wrong",
        arguments: [
            (["apple"], "needs a subcommand"),
            (["apple", "verfy"], "did you mean 'verify'"),
            (["apple", "verify", "t"], "needs --client-id"),
            (["apple", "verify", "--client-id", "a"], "needs TOKEN"),
            (["apple", "verify", "t", "--client-id", ""], "is empty"),
            (
                ["apple", "verify", "t", "--client-id", "a", "--nonce", "x", "--nonce-sha256", "y"],
                "exclude each other"
            ),
            (["apple", "notification", "t", "--client-id", "a", "--nonce", "x"], "notifications carry no nonce"),
            (["apple", "verify", "t", "--client-id", "a", "--leeway", "601"], "0 to 600"),
            (["apple", "client-secret", "--p8", "k", "--key-id", "K", "--team-id", "T"], "needs --client-id"),
            (
                [
                    "apple", "client-secret", "--p8", "k", "--key-id", "K", "--team-id", "T", "--client-id", "c",
                    "--days", "183",
                ],
                "1 to 182"
            ),
            (
                [
                    "apple", "revoke", "t", "--p8", "k", "--key-id", "K", "--team-id", "T", "--client-id", "c",
                    "--hint", "id",
                ],
                "refresh_token or access_token"
            ),
            (
                [
                    "apple", "exchange", "c", "--p8", "k", "--key-id", "K", "--team-id", "T", "--client-id", "c",
                    "--endpoint",
                    "ftp://x",
                ], "http(s) URL"
            ),
            (
                [
                    "apple", "revoke", "t", "--p8", "k", "--key-id", "K", "--team-id", "T", "--client-id", "c",
                    "--jwks", "x",
                ],
                "unknown option --jwks"
            ),
            (
                [
                    "apple", "exchange", "c", "--p8", "k", "--key-id", "K", "--team-id", "T", "--client-id", "c",
                    "--days", "9",
                ],
                "unknown option --days"
            ),
        ])
    func usageErrors(arguments: [String], expected: String) {
        CommandInterfaceExpectations.expectUsageFailure(containing: expected) {
            _ = try JWTCheckTool.parse(arguments)
        }
    }

    // MARK: apple verify

    @Test("apple verify on the sample: the Apple user and VALID; --nonce-sha256 of the raw nonce passes")
    func verifySample() async throws {
        let output = await verifySampleToken(["--nonce-sha256", "sample-nonce"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("sub               001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200"))
        #expect(output.standardOutput.contains("private relay     yes"))
        #expect(output.standardOutput.contains("email verified    yes"))
        #expect(output.standardOutput.contains("real user status  likely real (2)"))
        #expect(output.standardOutput.contains("(checked: SHA-256 hex of \"sample-nonce\")"))
        #expect(output.standardOutput.hasSuffix("Verdict: VALID\n"))
        #expect(output.standardError.isEmpty)
    }

    @Test("apple verify rejections exit 1 naming the code and cause")
    func verifyRejections() async throws {
        let nonce = await verifySampleToken(["--nonce", "sample-nonce"])
        #expect(nonce.status == .negative)
        #expect(nonce.standardOutput.contains("Verdict: REJECTED (nonceMismatch)"))
        #expect(nonce.standardError.contains("AppleSignInError.nonceMismatch"))

        let audience = await tool().perform([
            "apple", "verify", Samples.token, "--client-id", "com.other", "--jwks", Samples.jwks, "--json",
        ])
        #expect(audience.status == .negative)
        #expect(
            audience.standardOutput.hasPrefix(
                "{\"valid\":false,\"code\":\"invalidToken\",\"jwtCode\":\"audienceMismatch\""))
        #expect(audience.standardError.contains("com.other"))

        let expired = await verifySampleToken(now: Samples.now + 200_000)
        #expect(expired.status == .negative)
        #expect(expired.standardOutput.contains("invalidToken/expired"))
    }

    @Test(
        "apple verify on each real Apple token with its own key set and a fixed --now",
        .enabled(if: SharedResources.hasAppleReal, Comment(rawValue: SharedResources.absentMessage)),
        arguments: AppleRealFixture.identityTokens)
    func verifyReal(fixture: AppleRealFixture) async throws {
        let output = await tool().perform([
            "apple", "verify", "@\(fixture.path)/token.jwt", "--client-id", fixture.audience, "--jwks",
            "\(fixture.path)/jwks.json", "--now", String(fixture.issuedAt + 60), "--json",
        ])
        #expect(output.status == .success, "\(fixture.name): \(output.standardError)")
        #expect(output.standardOutput.hasPrefix("{\"valid\":true,\"sub\":\"00"))
    }

    @Test(
        "apple notification: the real token and the same token in Apple's JSON body both show email-disabled",
        .enabled(if: SharedResources.hasAppleReal, Comment(rawValue: SharedResources.absentMessage)))
    func notification() async throws {
        let fixture = AppleRealFixture.notification
        let arguments = [
            "--client-id", fixture.audience, "--jwks", "\(fixture.path)/jwks.json", "--now",
            String(fixture.issuedAt + 60),
        ]
        let direct = await tool().perform(["apple", "notification", "@\(fixture.path)/token.jwt"] + arguments)
        #expect(direct.status == .success, "\(direct.standardError)")
        #expect(direct.standardOutput.contains("event             email-disabled"))
        #expect(direct.standardOutput.contains("zdfu7jtuus@privaterelay.appleid.com"))

        let directory = try TemporaryDirectory()
        let body = directory.file("body.json")
        let token = try String(contentsOfFile: "\(fixture.path)/token.jwt", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try Data("{\"payload\":\"\(token)\"}\n".utf8).write(to: body)
        let fromBody = await tool().perform(["apple", "notification", "@\(body.path)", "--json"] + arguments)
        #expect(fromBody.status == .success)
        #expect(fromBody.standardOutput.contains("\"event\":\"email-disabled\""))

        let identity = await tool().perform([
            "apple", "notification", Samples.token, "--client-id", "com.example.gatehouse", "--jwks",
            Samples.jwks,
        ])
        #expect(identity.status == .negative)
        #expect(identity.standardError.contains("\"events\""))
    }

    @Test("apple verify and apple notification refuse a token without kid even with a one-key key set (exit 1)")
    func kidRequired() async throws {
        let directory = try TemporaryDirectory()
        let keyOne = try JWKSet(jwksJSON: Array(try Self.sampleJWKSText.utf8)).keys.filter {
            $0.keyID == "sample-key-1"
        }
        let jwks = directory.file("one-key.json")
        try Data(
            JSONValue.object(
                JSONObject(members: [.init(name: "keys", value: .array(keyOne.map { .object($0.members) }))])
            ).description.utf8
        ).write(to: jwks)
        let key = try PrivateKey(
            pemRepresentation: try String(contentsOfFile: "\(Samples.directory)/keys/sample-key-1.pem", encoding: .utf8)
        )
        let identity = try JWSSigner(privateKey: key, algorithm: .rs256).sign(
            claimsJSON: Array(
                ("{\"iss\":\"https://appleid.apple.com\",\"aud\":\"com.example.gatehouse\",\"sub\":\"001.a.1\","
                    + "\"iat\":1795953600,\"exp\":1796040000}").utf8))
        let notification = try AppleEndToEndTests.sampleNotification(
            events: "{\"type\":\"consent-revoked\",\"sub\":\"001234.abc.1200\"}", kid: .some(nil))
        for (subcommand, token) in [("verify", identity), ("notification", notification)] {
            let output = await tool().perform([
                "apple", subcommand, token, "--client-id", "com.example.gatehouse", "--jwks", jwks.path,
            ])
            #expect(output.status == .negative, "\(subcommand): \(output.standardError)")
            #expect(output.standardOutput.contains("Verdict: REJECTED (invalidToken/invalidHeader)"))
            #expect(output.standardError.contains("no \"kid\""), "\(subcommand): \(output.standardError)")
        }
        // jwtcheck token is the generic verifier: its documented "only usable key" rule still applies.
        let generic = await tool().perform([
            "token", identity, "--jwks", jwks.path, "--aud", "com.example.gatehouse",
        ])
        #expect(generic.status == .success, "\(generic.standardError)")
    }

    // MARK: key set URLs

    @Test("a key set URL: fetched, verified against; the issuer defaults to Apple's only without --jwks")
    func keySetURL() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys", respond: .json(try Self.sampleJWKSText))
        let verify = await tool().perform([
            "apple", "verify", Samples.token, "--client-id", "com.example.gatehouse", "--jwks", server.url("/keys"),
            "--no-cache",
        ])
        #expect(verify.status == .success, "\(verify.standardError)")
        let token = await tool().perform([
            "token", Samples.token, "--jwks", server.url("/keys"), "--aud", "com.example.gatehouse", "--no-cache",
        ])
        #expect(token.status == .success, "\(token.standardError)")
        #expect(server.requestCount(path: "/keys") == 2)

        let issuer = await tool().perform(["token", Samples.token, "--iss", "https://example.com"])
        #expect(issuer.status == .usage)
        #expect(issuer.standardError.contains("the issuer must be https://appleid.apple.com"))
    }

    @Test(
        "key set fetch failures: 69 for a closed port or a 500 naming URL and cause, 65 for a body that is not a JWKS")
    func keySetFailures() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/500", respond: .text("boom", status: 500))
        server.route("/html", respond: .text("<html>"))
        let closed = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())/keys"
        for (url, status, named) in [
            (closed, ExitStatus.unavailable, "connectionFailed"), (server.url("/500"), .unavailable, "HTTP 500"),
            (server.url("/html"), .dataError, "not a usable JWKS"),
        ] {
            for command in [
                ["apple", "verify", Samples.token, "--client-id", "com.example.gatehouse"],
                ["token", Samples.token, "--aud", "com.example.gatehouse"],
            ] {
                let output = await tool().perform(command + ["--jwks", url, "--no-cache"])
                #expect(output.status == status, "\(command[0]) \(url): \(output.standardError)")
                #expect(output.standardError.contains(url))
                #expect(output.standardError.contains(named), "\(output.standardError)")
            }
        }
        let missingCA = await tool().perform([
            "token", Samples.token, "--jwks", server.url("/keys"), "--cacert", "/nonexistent/ca.pem",
        ])
        #expect(missingCA.status == .noInput)
        #expect(missingCA.standardError.contains("/nonexistent/ca.pem"))
    }

    @Test("https key set URL: trusted with --cacert (0); without it the TLS failure exits 69 naming URL and cause")
    func tls() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/keys", respond: .json(try Self.sampleJWKSText))
        let tls = try LoopbackTLSTerminator(forwardingTo: server)
        let arguments = [
            "apple", "verify", Samples.token, "--client-id", "com.example.gatehouse", "--jwks", tls.url("/keys"),
            "--no-cache",
        ]
        let trusted = await tool().perform(arguments + ["--cacert", tls.caBundlePath])
        #expect(trusted.status == .success, "\(trusted.standardError)")
        let untrusted = await tool().perform(arguments)
        #expect(untrusted.status == .unavailable)
        #expect(untrusted.standardError.contains(tls.url("/keys")))
        #expect(untrusted.standardError.contains("tlsFailure"), "\(untrusted.standardError)")
        tls.stop()
    }

    @Test("--cache-dir: the fetched key set is written there, 0600, and a later run reads it while the server is down")
    func cacheDirectory() async throws {
        let server = try LoopbackHTTPServer()
        let directory = try TemporaryDirectory()
        server.route("/keys", respond: .json(try Self.sampleJWKSText))
        let arguments = [
            "apple", "verify", Samples.token, "--client-id", "com.example.gatehouse", "--jwks", server.url("/keys"),
            "--cache-dir", directory.url.path + "/cache",
        ]
        #expect(await tool().perform(arguments).status == .success)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path + "/cache")
        #expect(files == [AppleNonce.sha256Hex(server.url("/keys")) + ".jwks.json"])
        server.route("/keys", respond: .text("down", status: 500))
        #expect(await tool().perform(arguments).status == .success)
        #expect(server.requestCount(path: "/keys") == 1, "the second run starts warm from the disk copy")
    }

    /// A kid missing from the cached key set: 1 (unknownKeyID) when the fetch succeeded, 69 naming URL and cause
    /// when it failed, for token, apple verify and apple notification.
    @Test("a kid missing from the cached key set: unknownKeyID (1) after a good fetch, 69 after a failed one")
    func keySetOutageDuringRotation() async throws {
        let server = try LoopbackHTTPServer()
        let directory = try TemporaryDirectory()
        // The copy on disk and the server hold sample-key-1 only; the sample token is signed by sample-key-2.
        let keyOne = try JWKSet(jwksJSON: Array(try Self.sampleJWKSText.utf8)).keys.filter {
            $0.keyID == "sample-key-1"
        }
        let onlyKeyOne = JSONValue.object(
            JSONObject(members: [.init(name: "keys", value: .array(keyOne.map { .object($0.members) }))])
        ).description
        server.route("/keys", respond: .json(onlyKeyOne))
        let notificationFile = directory.file("notification.jwt")
        try Data(
            try AppleEndToEndTests.sampleNotification(
                events: "{\"type\":\"consent-revoked\",\"sub\":\"001234.abc.1200\"}", key: "sample-key-2"
            ).utf8
        ).write(to: notificationFile)
        let commands = [
            ["apple", "verify", Samples.token, "--client-id", "com.example.gatehouse"],
            ["apple", "notification", "@\(notificationFile.path)", "--client-id", "com.example.gatehouse"],
            ["token", Samples.token, "--aud", "com.example.gatehouse"],
        ]
        let options = ["--jwks", server.url("/keys"), "--cache-dir", directory.url.path + "/cache"]
        for command in commands {
            let output = await tool().perform(command + options)
            #expect(output.status == .negative, "\(command[1]): \(output.standardError)")
            #expect(output.standardError.contains("unknownKeyID"), "\(command[1]): \(output.standardError)")
        }
        #expect(server.requestCount(path: "/keys") == 3)

        // The cached copy is fresh and lacks the kid; the refetch fails.
        server.route("/keys", respond: .text("internal error", status: 500))
        for command in commands {
            let output = await tool().perform(command + options)
            #expect(output.status == .unavailable, "\(command[1]): \(output.standardError)")
            #expect(output.standardError.contains("keySetUnavailable"), "\(command[1]): \(output.standardError)")
            #expect(output.standardError.contains(server.url("/keys")))
            #expect(output.standardError.contains("HTTP 500"), "\(command[1]): \(output.standardError)")
            #expect(output.standardError.contains("sample-key-2"), "\(command[1]): \(output.standardError)")
            #expect(!output.standardError.contains("unknownKeyID"), "\(command[1]): \(output.standardError)")
            #expect(output.standardOutput.isEmpty, "\(command[1]): \(output.standardOutput)")
        }
        #expect(server.requestCount(path: "/keys") == 6)
        server.stop()
        for command in commands {
            let output = await tool().perform(command + options)
            #expect(output.status == .unavailable, "\(command[1]): \(output.standardError)")
            #expect(output.standardError.contains("connectionFailed"), "\(command[1]): \(output.standardError)")
        }
    }

    // MARK: client secret and the token endpoint

    @Test("apple client-secret prints an ES256 JWT with Apple's claims; bad inputs exit 64, 65, 66")
    func clientSecret() throws {
        let output = tool().run(
            ["apple", "client-secret"] + Self.secretOptions + ["--client-id", "com.example.gatehouse"])
        #expect(output.status == .success)
        let secret = output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let key = try PrivateKey(pemRepresentation: try String(contentsOfFile: Samples.p8, encoding: .utf8))
        let verified = try JWTVerifier(
            keySet: JWKSet(keys: [JWK(publicKey: key.publicKey, keyID: "TEST0KEY01")]),
            options: .init(
                audience: .oneOf(["https://appleid.apple.com"]), allowedAlgorithms: [.es256], issuer: "TEAM123456")
        ).verify(secret, now: Date(timeIntervalSince1970: TimeInterval(Samples.now)))
        #expect(verified.claims.subject == "com.example.gatehouse")
        #expect(verified.claims.raw["exp"] == .number(JSONNumber(Samples.now + 180 * 86_400)))

        let missing = tool().run([
            "apple", "client-secret", "--p8", "/nonexistent.p8", "--key-id", "K", "--team-id", "T", "--client-id", "c",
        ])
        #expect(missing.status == .noInput)
        #expect(missing.standardError.contains("/nonexistent.p8"))
        let rsa = tool().run([
            "apple", "client-secret", "--p8", "\(Samples.directory)/keys/sample-key-1.pem", "--key-id", "K",
            "--team-id",
            "T",
            "--client-id", "c",
        ])
        #expect(rsa.status == .dataError)
        #expect(rsa.standardError.contains("EC P-256"))
    }

    static func endpointArguments(_ action: String, _ value: String, server: String) -> [String] {
        ["apple", action, value] + secretOptions + [
            "--client-id", "com.example.gatehouse", "--endpoint", server, "--jwks", Samples.jwks,
        ]
    }

    @Test("apple exchange and refresh against a loopback Apple: tokens shown, id_token verified; revoke says so")
    func endpoint() async throws {
        let server = try LoopbackHTTPServer()
        let idToken = try String(contentsOfFile: "\(Samples.directory)/identity-token.jwt", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        server.route(
            "/auth/token",
            respond: .json(
                "{\"access_token\":\"a.0.x\",\"token_type\":\"Bearer\",\"expires_in\":3600,"
                    + "\"refresh_token\":\"r.0.y\",\"id_token\":\"\(idToken)\"}"))
        server.route("/auth/revoke", respond: LoopbackResponse(status: 200))
        let exchange = await tool().perform(Self.endpointArguments("exchange", "c.0.code", server: server.baseURL))
        #expect(exchange.status == .success, "\(exchange.standardError)")
        #expect(exchange.standardOutput.contains("refresh_token  r.0.y"))
        #expect(
            exchange.standardOutput.contains(
                "id_token       verified: sub 001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200"))
        let sent = try #require(server.requests(path: "/auth/token").first).bodyText
        #expect(sent.contains("grant_type=authorization_code"))
        #expect(sent.contains("client_secret=ey"))
        #expect(!sent.contains("redirect_uri"))

        let refresh = await tool().perform(
            Self.endpointArguments("refresh", "r.0.y", server: server.baseURL) + ["--json"])
        #expect(refresh.status == .success)
        #expect(refresh.standardOutput.contains("\"sub\":\"001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200\""))

        var revokeArguments = Self.endpointArguments("revoke", "r.0.y", server: server.baseURL)
        revokeArguments.removeLast(2)
        let revoke = await tool().perform(revokeArguments)
        #expect(revoke.status == .success, "\(revoke.standardError)")
        #expect(revoke.standardOutput.contains("Revoked (refresh_token)"))
        #expect(
            try #require(server.requests(path: "/auth/revoke").first).bodyText.contains("token_type_hint=refresh_token")
        )
    }

    @Test("token endpoint failures: Apple's invalid_grant is 1 with its cause, a 500 or a closed port is 69")
    func endpointFailures() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .json("{\"error\":\"invalid_grant\"}", status: 400))
        let grant = await tool().perform(Self.endpointArguments("exchange", "c", server: server.baseURL))
        #expect(grant.status == .negative)
        #expect(grant.standardError.contains("invalidGrant"))
        #expect(grant.standardError.contains("single use"))

        server.route("/auth/token", respond: .text("boom", status: 500))
        let busy = await tool().perform(Self.endpointArguments("refresh", "r", server: server.baseURL))
        #expect(busy.status == .unavailable)
        #expect(busy.standardError.contains("HTTP 500"))

        let closed = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())"
        let refused = await tool().perform(Self.endpointArguments("exchange", "c", server: closed))
        #expect(refused.status == .unavailable)
        #expect(refused.standardError.contains(closed + "/auth/token"))
    }

    /// The HTTP status decides first: 5xx is 69 whatever the body says; any 4xx is Apple refusing, 1, naming Apple's
    /// error value or, without one, the status.
    @Test(
        "token endpoint exit status follows the HTTP status: 5xx is 69 whatever the body, any 4xx is 1 naming it",
        arguments: [
            (500, "{\"error\":\"invalid_grant\"}", CommandLineKit.ExitStatus.unavailable, "HTTP 500"),
            (503, "{\"error\":\"invalid_client\"}", .unavailable, "HTTP 503"),
            (400, "{\"error\":\"server_busy\"}", .negative, "server_busy"),
            (401, "", .negative, "HTTP 401"),
            (429, "<html>slow down</html>", .negative, "HTTP 429"),
            (403, "{\"error\":\"invalid_grant\"}", .negative, "invalid_grant"),
        ])
    func endpointStatus(status: Int, body: String, exit: CommandLineKit.ExitStatus, named: String) async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .text(body, status: status))
        server.route("/auth/revoke", respond: .text(body, status: status))
        var revoke = Self.endpointArguments("revoke", "r", server: server.baseURL)
        revoke.removeLast(2)
        for arguments in [
            Self.endpointArguments("exchange", "c", server: server.baseURL),
            Self.endpointArguments("refresh", "r", server: server.baseURL), revoke,
        ] {
            let output = await tool().perform(arguments)
            #expect(output.status == exit, "\(arguments[1]) HTTP \(status): \(output.standardError)")
            #expect(output.standardError.contains(named), "\(arguments[1]): \(output.standardError)")
            #expect(output.standardError.contains(server.baseURL), "\(arguments[1]): \(output.standardError)")
            #expect(output.standardOutput.isEmpty)
        }
        // The help says the same.
        for subcommand in ["exchange", "refresh", "revoke"] {
            let help = (JWTCheckCommand.help.text(for: ["apple", subcommand]) ?? "").replacingOccurrences(
                of: "\n", with: " ")
            #expect(help.contains("any 4xx"), "\(subcommand)")
            #expect(help.contains("5xx whatever the body says"), "\(subcommand)")
        }
    }
}
