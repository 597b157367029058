import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// The code of AppleSignIn's DocC catalog (`Sources/AppleSignIn/AppleSignIn.docc`): every Swift listing there is
/// one of the regions between the markers below, compiled here and run against a stand-in for Apple, so the articles
/// cannot drift from the API. The catalog's errors article has an entry for every `AppleSignInError` code. Of this
/// target's support it uses `TestKeys` only.
@Suite("AppleSignIn documentation")
struct DocumentationTests {
    static let catalog = DocumentationCatalog(
        module: "AppleSignIn", snippetsIn: "Tests/AppleSignInTests/DocumentationTests.swift",
        errorType: "AppleSignInError", declaredIn: "Sources/AppleSignIn/Errors/AppleSignInError.swift")
    static let samples = SharedResources.samplesDirectory
    /// 2026-11-29T12:30:00Z: half an hour after the sample token was issued.
    static let now = Date(timeIntervalSince1970: 1_795_955_400)

    /// What the article's sign-in handler answers: a type of the server's own.
    enum SignInOutcome: Equatable {
        case signedIn(userID: String, email: String?)
        case refused(String)
        case tryAgainLater(String)
    }

    /// The article's `accounts`: the server's own account storage, here a record of what was asked of it.
    final class Accounts: @unchecked Sendable {
        private(set) var calls: [String] = []
        func delete(appleUserID: String) { calls.append("delete \(appleUserID)") }
        func signOut(appleUserID: String) { calls.append("signOut \(appleUserID)") }
        func update(appleUserID: String, relayEmail: String?) { calls.append("update \(appleUserID)") }
    }

    // MARK: The code of the articles

    static func productionVerifier() throws -> AppleIdentityTokenVerifier {
        // snippet-start: setup
        let verifier = try AppleIdentityTokenVerifier(
            clientIDs: ["com.example.app", "com.example.web"])
        // snippet-end
        return verifier
    }

    static func signIn(
        identityToken: String, rawNonce: String, verifier: AppleIdentityTokenVerifier
    ) async -> SignInOutcome {
        // snippet-start: sign-in
        do {
            let token = try await verifier.verify(
                identityToken, nonce: .sha256(ofRaw: rawNonce))
            return .signedIn(userID: token.subject, email: token.email)
        } catch let error as AppleSignInError {
            if error.code == .keySetUnavailable {
                // Apple's keys cannot be had now: no verdict on the token
                return .tryAgainLater(error.reason)
            }
            return .refused("\(error)")  // "AppleSignInError.<code>: <reason>"
        } catch {
            return .refused("\(error)")
        }
        // snippet-end
    }

    static func productionTokenClient(p8: String, verifier: AppleIdentityTokenVerifier) throws -> AppleTokenClient {
        // snippet-start: token-client
        let secret = try AppleClientSecret(
            p8PEM: p8, keyID: "ABC123DEFG", teamID: "TEAM123456",
            clientID: "com.example.web")
        let client = try AppleTokenClient(clientSecret: secret, verifier: verifier)
        // snippet-end
        return client
    }

    static func exchange(_ client: AppleTokenClient, authorizationCode: String) async throws -> (String?, String?) {
        // snippet-start: exchange
        let tokens = try await client.exchange(
            code: authorizationCode, redirectURI: "https://example.com/auth/apple")
        // The id_token, verified like any identity token:
        let userID = tokens.identity?.subject
        // Keep it, to revoke it when the user deletes their account:
        let refreshToken = tokens.refreshToken
        // snippet-end
        return (userID, refreshToken)
    }

    static func revoke(_ client: AppleTokenClient, refreshToken: String) async throws {
        // snippet-start: revoke
        try await client.revoke(token: refreshToken)
        // snippet-end
    }

    static func handleNotification(
        body: [UInt8], verifier: AppleIdentityTokenVerifier, accounts: Accounts
    ) async throws {
        // snippet-start: notification
        let notification = try await verifier.verifyNotification(body: body)
        let event = notification.event
        switch event.kind {
        case .accountDelete:
            accounts.delete(appleUserID: event.subject)
        case .consentRevoked:
            accounts.signOut(appleUserID: event.subject)
        case .emailDisabled, .emailEnabled:
            accounts.update(appleUserID: event.subject, relayEmail: event.email)
        default:
            break  // a kind Apple added later
        }
        // snippet-end
    }

    static func testVerifier(appleKeysURL: String) throws -> AppleIdentityTokenVerifier {
        // snippet-start: test-verifier
        let keys = AppleKeySetProvider(
            configuration: .init(url: appleKeysURL), clock: .fixed(now))
        let verifier = try AppleIdentityTokenVerifier(
            clientIDs: ["com.example.gatehouse"], keySetProvider: keys)
        // snippet-end
        return verifier
    }

    static func fixedKeySetVerifier(jwks: Data) throws -> AppleIdentityTokenVerifier {
        // snippet-start: fixed-key-set
        let keySet = try JWKSet(jwksJSON: jwks)
        let verifier = try AppleIdentityTokenVerifier(
            clientIDs: ["com.example.gatehouse"], keySet: keySet,
            clock: .fixed(now))
        // snippet-end
        return verifier
    }

    static func testTokenClient(
        secret: AppleClientSecret, verifier: AppleIdentityTokenVerifier, server: LoopbackHTTPServer
    ) throws -> AppleTokenClient {
        // snippet-start: test-token-client
        let client = try AppleTokenClient(
            clientSecret: secret, verifier: verifier, baseURL: server.baseURL,
            clock: .fixed(now))
        // snippet-end
        return client
    }

    static func diskCachedVerifier(environment: [String: String]) throws -> AppleIdentityTokenVerifier {
        // snippet-start: disk-cache
        let cache = KeySetDiskCache.defaultDirectory(environment: environment)
            .map { KeySetDiskCache(directory: $0) }
        let keys = AppleKeySetProvider(
            configuration: .init(staleLimit: 6 * 3_600, diskCache: cache))
        let verifier = try AppleIdentityTokenVerifier(
            clientIDs: ["com.example.app"], keySetProvider: keys)
        // snippet-end
        return verifier
    }

    static func warmUp(_ keys: AppleKeySetProvider) async throws -> JWKSet {
        // snippet-start: warm-up
        // Fetches now, unless a fetch started under a minute ago:
        let keySet = try await keys.refresh()
        // snippet-end
        return keySet
    }

    static func verdict(_ error: AppleSignInError) -> String {
        // snippet-start: rotation-verdicts
        switch error.code {
        case .keySetUnavailable:
            // No verdict: Apple's key set cannot be fetched, or it is cached
            // without the token's kid while the fetch for the current set fails
            // (a rotation during an outage).
            return "try again later"
        case .invalidToken where error.jwtError?.code == .unknownKeyID:
            // A verdict: the current key set, fetched successfully, does not
            // hold the token's kid.
            return "refused: no Apple key has this kid"
        default:
            return "refused: \(error.code)"
        }
        // snippet-end
    }

    static func httpStatus(for error: AppleSignInError) -> Int {
        // snippet-start: http-status
        switch error.code {
        case .keySetUnavailable, .invalidKeySet, .tokenEndpointFailure,
            .invalidTokenResponse:
            // Apple cannot be reached or answers nonsense: retry later
            return 503
        case .invalidConfiguration, .invalidPrivateKey,
            .invalidClientSecretLifetime, .signingFailed, .invalidClient,
            .unauthorizedClient, .invalidRequest, .unsupportedGrantType,
            .invalidScope, .tokenRequestRefused:
            // This server's setup is wrong: error.reason names the fix
            return 500
        case .invalidNotification:
            return 400  // not a notification body
        default:
            // Refused: invalidToken, nonceMismatch, invalidGrant, ...
            return 401
        }
        // snippet-end
    }

    // MARK: The code runs

    static func sampleToken() throws -> String {
        try String(contentsOf: samples.appendingPathComponent("identity-token.jwt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func sampleApple() throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        let jwks = try String(contentsOf: samples.appendingPathComponent("jwks.json"), encoding: .utf8)
        server.route("/auth/keys", respond: .json(jwks, headers: [("Cache-Control", "max-age=3600")]))
        return server
    }

    @Test("the one-line setup is synchronous, shares the process-wide provider and fetches nothing")
    func setup() async throws {
        let verifier = try Self.productionVerifier()
        #expect(verifier.clientIDs == ["com.example.app", "com.example.web"])
        #expect(await AppleKeySetProvider.shared.fetchCount == 0)
        let client = try Self.productionTokenClient(p8: TestKeys.ecKey.pemRepresentation, verifier: verifier)
        #expect(client.clientID == "com.example.web")
        #expect(client.baseURL == "https://appleid.apple.com")
        #expect(throws: AppleSignInError(.invalidPrivateKey)) {
            try Self.productionTokenClient(p8: TestKeys.first.pemRepresentation, verifier: verifier)
        }
    }

    @Test("the sign-in handler: the sample user signs in; another nonce is refused; an outage is not a verdict")
    func signInHandler() async throws {
        let server = try Self.sampleApple()
        let verifier = try Self.testVerifier(appleKeysURL: server.url("/auth/keys"))
        let token = try Self.sampleToken()
        let outcome = await Self.signIn(identityToken: token, rawNonce: "sample-nonce", verifier: verifier)
        let user = "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200"
        #expect(outcome == .signedIn(userID: user, email: "x7kq2mzp4d@privaterelay.appleid.com"))
        let replay = await Self.signIn(identityToken: token, rawNonce: "another sign-in", verifier: verifier)
        guard case .refused(let text) = replay else {
            Issue.record("expected a refusal, got \(replay)")
            return
        }
        #expect(text.hasPrefix("AppleSignInError.nonceMismatch: "), "\(text)")

        let down = try LoopbackHTTPServer()
        down.route("/auth/keys", respond: .text("unavailable", status: 503))
        let cold = try Self.testVerifier(appleKeysURL: down.url("/auth/keys"))
        let unavailable = await Self.signIn(identityToken: token, rawNonce: "sample-nonce", verifier: cold)
        guard case .tryAgainLater(let reason) = unavailable else {
            Issue.record("expected try again later, got \(unavailable)")
            return
        }
        #expect(reason.contains("HTTP 503"), "\(reason)")
    }

    @Test("the fixed key set verifier reads the sample key set and verifies the sample token")
    func fixedKeySet() async throws {
        let jwks = try Data(contentsOf: Self.samples.appendingPathComponent("jwks.json"))
        let verifier = try Self.fixedKeySetVerifier(jwks: jwks)
        let token = try await verifier.verify(try Self.sampleToken(), nonce: .sha256(ofRaw: "sample-nonce"))
        #expect(token.keyID == "sample-key-2")
    }

    /// A token endpoint answer like Apple's: the id_token signed by TestKeys' first key, bound to the access token.
    static func tokenEndpointBody() -> String {
        let accessToken = "a1.0.access"
        let hash = Base64URL.encode(Digest.sha256(Array(accessToken.utf8)).prefix(16))
        let idToken = TestKeys.token(TestKeys.claims(["at_hash": hash]))
        return #"{"access_token":"\#(accessToken)","token_type":"Bearer","expires_in":3600,"#
            + #""refresh_token":"r1.0.refresh","id_token":"\#(idToken)"}"#
    }

    @Test("exchange and revoke against a stand-in for Apple's token endpoint, the id_token verified")
    func exchangeAndRevoke() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/token", respond: .json(Self.tokenEndpointBody()))
        server.route("/auth/revoke", respond: .text(""))
        let client = try Self.testTokenClient(
            secret: TestKeys.clientSecret, verifier: TestKeys.verifier(), server: server)
        let (userID, refreshToken) = try await Self.exchange(client, authorizationCode: "c.0.code")
        #expect(userID == "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200")
        #expect(refreshToken == "r1.0.refresh")
        try await Self.revoke(client, refreshToken: try #require(refreshToken))
        let exchanged = try #require(server.requests(path: "/auth/token").first).bodyText
        #expect(exchanged.contains("redirect_uri=https%3A%2F%2Fexample.com%2Fauth%2Fapple"), "\(exchanged)")
        let revoked = try #require(server.requests(path: "/auth/revoke").first).bodyText
        #expect(revoked.contains("token=r1.0.refresh"), "\(revoked)")
    }

    @Test("the notification handler signs out the sample user on consent-revoked")
    func notification() async throws {
        let server = try Self.sampleApple()
        let verifier = try Self.testVerifier(appleKeysURL: server.url("/auth/keys"))
        let body = try Data(contentsOf: Self.samples.appendingPathComponent("apple/notification-body.json"))
        let accounts = Accounts()
        try await Self.handleNotification(body: Array(body), verifier: verifier, accounts: accounts)
        #expect(accounts.calls == ["signOut 001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200"])
    }

    @Test("the disk-cached provider uses the per-user directory, and nothing is fetched when it is made")
    func diskCache() throws {
        let verifier = try Self.diskCachedVerifier(environment: ["HOME": "/home/someone"])
        #expect(verifier.clientIDs == ["com.example.app"])
        #expect(KeySetDiskCache.defaultDirectory(environment: [:]) == nil)
    }

    /// A time a test moves by hand.
    final class SteppedTime: TimeSource, @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: TimeInterval(TestKeys.issuedAt))

        func now() -> Date { lock.withLock { current } }

        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    @Test("rotation verdicts: the outage is keySetUnavailable, a kid Apple does not publish is unknownKeyID")
    func rotationVerdicts() async throws {
        let server = try LoopbackHTTPServer()
        let oneKey = TestKeys.jwks([(TestKeys.first, "key-1")])
        server.route("/auth/keys", cycling: [.json(oneKey), .text("failing", status: 500), .json(oneKey)])
        let clock = SteppedTime()
        let keys = AppleKeySetProvider(configuration: .init(url: server.url("/auth/keys")), clock: clock)
        #expect(try await Self.warmUp(keys).keyIDs == ["key-1"])
        let verifier = try AppleIdentityTokenVerifier(clientIDs: [TestKeys.clientID], keySetProvider: keys)
        let rotated = TestKeys.token(key: TestKeys.second, kid: "key-2")

        clock.advance(61)  // the refetch fails: the outage
        let outage = try #require(
            await #expect(throws: AppleSignInError.self) {
                try await verifier.verify(rotated, nonce: .insecureNotChecked)
            })
        #expect(Self.verdict(outage) == "try again later")
        #expect(Self.httpStatus(for: outage) == 503)

        clock.advance(61)  // the refetch succeeds without key-2: a verdict
        let refused = try #require(
            await #expect(throws: AppleSignInError.self) {
                try await verifier.verify(rotated, nonce: .insecureNotChecked)
            })
        #expect(Self.verdict(refused) == "refused: no Apple key has this kid")
        #expect(Self.httpStatus(for: refused) == 401)
        #expect(await keys.fetchCount == 3)
    }

    @Test("the HTTP status table sends setup errors to 500 and refusals to 401")
    func statuses() {
        #expect(Self.httpStatus(for: AppleSignInError(.invalidClient)) == 500)
        #expect(Self.httpStatus(for: AppleSignInError(.invalidGrant)) == 401)
        #expect(Self.httpStatus(for: AppleSignInError(.nonceMismatch)) == 401)
        #expect(Self.httpStatus(for: AppleSignInError(.invalidNotification)) == 400)
        #expect(Self.httpStatus(for: AppleSignInError(.tokenEndpointFailure)) == 503)
    }

    // MARK: The catalog agrees with the code

    @Test("every Swift listing of the catalog is a snippet region of this file, and every region is shown")
    func listingsAreCompiledCode() throws { try Self.catalog.expectListingsAreSnippets() }

    @Test("the errors article has an entry for every AppleSignInError code")
    func everyCodeIsExplained() throws { try Self.catalog.expectEveryCodeExplained() }
}
