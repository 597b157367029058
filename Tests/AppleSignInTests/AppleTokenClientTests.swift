import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// The token endpoint and revoke against a loopback server answering like Apple: success bodies and each error.
@Suite("Apple token endpoint client")
struct AppleTokenClientTests {
    static let accessToken = "a1b2c3d4e5.0.nrxq.AccessTokenValue"

    static func form(_ request: LoopbackRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in request.bodyText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    static func idToken(accessToken: String = accessToken, aud: String = TestKeys.clientID) -> String {
        let hash = Base64URL.encode(Digest.sha256(Array(accessToken.utf8)).prefix(16))
        return TestKeys.token(TestKeys.claims(["at_hash": hash, "aud": aud, "email": "u@example.com"]))
    }

    static func successBody(idToken: String = idToken(), refresh: Bool = true) -> String {
        "{\"access_token\":\"\(accessToken)\",\"token_type\":\"Bearer\",\"expires_in\":3600,"
            + (refresh ? "\"refresh_token\":\"r1.0.refresh\"," : "") + "\"id_token\":\"\(idToken)\"}"
    }

    /// A server whose token and revoke endpoints both answer `status` with `body`.
    static func server(answering status: Int, _ body: String) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .text(body, status: status))
        server.route("/auth/revoke", respond: .text(body, status: status))
        return server
    }

    static func client(_ server: LoopbackHTTPServer) throws -> AppleTokenClient {
        try AppleTokenClient(
            clientSecret: TestKeys.clientSecret, verifier: TestKeys.verifier(), http: CurlHTTPClient(),
            baseURL: server.baseURL, clock: TestKeys.secretClock)
    }

    @Test("exchange: the form Apple expects (no redirect_uri unless given), typed tokens, id_token verified")
    func exchange() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .json(Self.successBody()))
        let client = try Self.client(server)
        let response = try await client.exchange(code: "c.0.code")
        #expect(response.accessToken == Self.accessToken)
        #expect(response.tokenType == "Bearer")
        #expect(response.expiresIn == 3600)
        #expect(response.refreshToken == "r1.0.refresh")
        #expect(response.identity?.email == "u@example.com")
        var sent = Self.form(try #require(server.requests(path: "/auth/token").first))
        let removed = sent.removeValue(forKey: "client_secret")
        let secret = try #require(removed)
        #expect(sent == ["client_id": TestKeys.clientID, "code": "c.0.code", "grant_type": "authorization_code"])
        // The client secret is made for this request by the AppleClientSecret given: ES256 by its key, sub the
        // client ID, iat the client's clock, living AppleTokenClient.secretLifetime (an hour).
        let claims = try JWTVerifier(
            keySet: JWKSet(keys: [JWK(publicKey: TestKeys.ecKey.publicKey, keyID: "KEY0000001")]),
            options: .init(
                audience: .oneOf(["https://appleid.apple.com"]), allowedAlgorithms: [.es256], issuer: "TEAM000001")
        ).verify(secret, now: TestKeys.secretClock.now()).claims
        #expect(claims.subject == TestKeys.clientID)
        #expect(claims.raw["iat"] == .number(JSONNumber(TestKeys.issuedAt)))
        #expect(claims.raw["exp"] == .number(JSONNumber(TestKeys.issuedAt + 3_600)))
        #expect(server.requests(path: "/auth/token").first?.method == "POST")

        _ = try await client.exchange(
            code: "c2", redirectURI: "https://example.com/callback")
        let second = Self.form(try #require(server.requests(path: "/auth/token").last))
        #expect(second["redirect_uri"] == "https://example.com/callback")
    }

    @Test("refresh token validation sends grant_type=refresh_token and verifies the id_token")
    func refresh() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .json(Self.successBody(refresh: false)))
        let response = try await Self.client(server).validate(
            refreshToken: "r1.0.refresh")
        #expect(response.refreshToken == nil)
        #expect(response.identity != nil)
        let sent = Self.form(try #require(server.requests(path: "/auth/token").first))
        #expect(sent["grant_type"] == "refresh_token")
        #expect(sent["refresh_token"] == "r1.0.refresh")
        #expect(sent["code"] == nil)
    }

    @Test("a verifier that does not accept the secret's client ID is refused when the client is made")
    func verifierMustAcceptClientID() throws {
        let error = #expect(throws: AppleSignInError.self) {
            try AppleTokenClient(
                clientSecret: TestKeys.clientSecret, verifier: TestKeys.verifier(clientIDs: ["com.other.app"]))
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.reason.contains("\"com.example.gatehouse\"") == true)
        // Without a verifier, one for the secret's client ID over Apple's shared key set; nothing is fetched.
        let client = try AppleTokenClient(clientSecret: TestKeys.clientSecret)
        #expect(client.verifier.clientIDs == [TestKeys.clientID])
        #expect(client.clientID == TestKeys.clientID)
    }

    @Test("revoke posts token and token_type_hint to /auth/revoke; 200 with an empty body is success")
    func revoke() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/revoke", respond: LoopbackResponse(status: 200))
        try await Self.client(server).revoke(
            token: "r1.0.refresh", hint: .refreshToken)
        let sent = Self.form(try #require(server.requests(path: "/auth/revoke").first))
        #expect(sent["token"] == "r1.0.refresh")
        #expect(sent["token_type_hint"] == "refresh_token")
        #expect(sent["client_id"] == TestKeys.clientID)
    }

    @Test(
        "Apple's error bodies become typed errors whose text says the usual cause",
        arguments: [
            ("invalid_request", AppleSignInError.Code.invalidRequest, "a parameter is missing"),
            ("invalid_client", .invalidClient, "its sub must equal the client ID that obtained the code"),
            ("invalid_grant", .invalidGrant, "codes are single use"),
            ("unauthorized_client", .unauthorizedClient, "may not use this grant"),
            ("unsupported_grant_type", .unsupportedGrantType, "authorization_code or refresh_token"),
            ("invalid_scope", .invalidScope, "scope"),
        ])
    func errors(apple: String, code: AppleSignInError.Code, cause: String) async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .json("{\"error\":\"\(apple)\"}", status: 400))
        server.route("/auth/revoke", respond: .json("{\"error\":\"\(apple)\"}", status: 400))
        let client = try Self.client(server)
        let error = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(error?.code == code)
        #expect(error?.reason.contains(apple) == true)
        #expect(error?.reason.contains(cause) == true)
        #expect(error?.reason.contains("HTTP 400") == true)
        let revoked = await #expect(throws: AppleSignInError.self) { try await client.revoke(token: "t") }
        #expect(revoked?.code == code)
    }

    @Test("an unknown error, a 5xx, a closed port and a body that is not JSON are named failures")
    func failures() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .json("{\"error\":\"server_busy\"}", status: 503))
        let client = try Self.client(server)
        let busy = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(busy?.code == .tokenEndpointFailure)
        #expect(busy?.reason.contains("HTTP 503") == true)
        #expect(busy?.reason.contains("server_busy") == true)

        server.route("/auth/token", respond: .text("<html>"))
        let html = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(html?.code == .invalidTokenResponse)
        #expect(html?.reason.contains("not JSON") == true)

        let closed = try AppleTokenClient(
            clientSecret: TestKeys.clientSecret, verifier: TestKeys.verifier(), http: CurlHTTPClient(),
            baseURL: "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())", clock: TestKeys.secretClock)
        let refused = await #expect(throws: AppleSignInError.self) { try await closed.exchange(code: "c") }
        #expect(refused?.code == .tokenEndpointFailure)
        #expect(refused?.httpError?.code == .connectionFailed)
        #expect(refused?.reason.contains("/auth/token") == true)
    }

    @Test("a returned id_token for another client ID, or with an at_hash of another access token, is refused")
    func idTokenChecked() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .json(Self.successBody(idToken: Self.idToken(aud: "com.other"))))
        let client = try Self.client(server)
        let audience = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(audience?.jwtError?.code == .audienceMismatch)

        server.route("/auth/token", respond: .json(Self.successBody(idToken: Self.idToken(accessToken: "other"))))
        let hash = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(hash?.code == .tokenHashMismatch)
        #expect(hash?.reason.contains("at_hash") == true)
    }

    /// 5xx: Apple's endpoint is failing, whatever the body says (even an error value that means a refusal).
    @Test(
        "a 5xx is tokenEndpointFailure whatever the body says, naming the status",
        arguments: [
            (500, "{\"error\":\"invalid_grant\"}"), (503, "{\"error\":\"invalid_client\"}"), (502, "<html>bad gateway"),
            (599, "{\"error\":\"invalid_request\",\"error_description\":\"x\"}"), (504, ""),
        ])
    func serverErrors(status: Int, body: String) async throws {
        let server = try Self.server(answering: status, body)
        let client = try Self.client(server)
        let exchange = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(exchange?.code == .tokenEndpointFailure, "HTTP \(status) \(body)")
        #expect(exchange?.reason.contains("HTTP \(status)") == true, "\(exchange?.reason ?? "")")
        let revoke = await #expect(throws: AppleSignInError.self) { try await client.revoke(token: "t") }
        #expect(revoke?.code == .tokenEndpointFailure, "HTTP \(status) \(body)")
    }

    /// Any 4xx: Apple refused the request. Known error values are typed; any other 4xx is tokenRequestRefused,
    /// naming Apple's error value, or the status when the body has none.
    @Test(
        "any 4xx is Apple refusing: known errors typed, others tokenRequestRefused naming the error or the status",
        arguments: [
            (400, "{\"error\":\"server_busy\"}", "tokenRequestRefused", "server_busy"),
            (
                400, "{\"error\":\"invalid_dpop_proof\",\"error_description\":\"no\"}", "tokenRequestRefused",
                "invalid_dpop_proof"
            ),
            (401, "", "tokenRequestRefused", "HTTP 401"),
            (429, "<html>slow down</html>", "tokenRequestRefused", "HTTP 429"),
            (404, "{\"error\":404}", "tokenRequestRefused", "HTTP 404"),
            (403, "{\"error\":\"invalid_grant\"}", "invalidGrant", "invalid_grant"),
            (401, "{\"error\":\"invalid_client\"}", "invalidClient", "invalid_client"),
            (499, "{\"detail\":\"x\"}", "tokenRequestRefused", "HTTP 499"),
        ])
    func clientErrors(status: Int, body: String, code: String, named: String) async throws {
        let server = try Self.server(answering: status, body)
        let client = try Self.client(server)
        let exchange = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(exchange?.code.description == code, "HTTP \(status) \(body)")
        #expect(exchange?.reason.contains(named) == true, "\(exchange?.reason ?? "")")
        #expect(exchange?.reason.contains("HTTP \(status)") == true, "\(exchange?.reason ?? "")")
        let revoke = await #expect(throws: AppleSignInError.self) { try await client.revoke(token: "t") }
        #expect(revoke?.code.description == code, "HTTP \(status) \(body)")
    }

    @Test("Apple's error values are quoted with control characters escaped, never passed raw into the message")
    func errorTextEscaped() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/auth/token",
            respond: .json(
                "{\"error\":\"bad\\u001b[31m\",\"error_description\":\"line\\nbreak\\u009b\"}", status: 400))
        let error = await #expect(throws: AppleSignInError.self) {
            try await Self.client(server).exchange(code: "c")
        }
        #expect(error?.code.description == "tokenRequestRefused")
        let reason = error?.reason ?? ""
        #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(reason)")
        #expect(reason.contains("bad\\u{1B}[31m"), "\(reason)")
    }
}
