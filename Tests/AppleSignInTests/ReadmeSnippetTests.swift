// snippet-start
import AppleSignIn
import Foundation
import GatehouseHTTP
// snippet-end
import GatehouseTesting
import JWT
import Testing

// snippet-start
/// Sign in with Apple for a server: one per process, shared by every request.
struct SignInWithApple {
    let verifier: AppleIdentityTokenVerifier

    /// - Parameters:
    ///   - clientIDs: your app's bundle ID and, for Sign in with Apple on the web, your Services ID.
    ///   - keys: Apple's key set, fetched from https://appleid.apple.com/auth/keys, cached, and refetched when a
    ///     token names a key Apple has just rotated in.
    ///   - now: the clock.
    init(
        clientIDs: [String],
        keys: AppleKeySetProvider = AppleKeySetProvider(http: CurlHTTPClient(), now: { Date() }),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        verifier = try AppleIdentityTokenVerifier(clientIDs: clientIDs, keySetProvider: keys, now: now)
    }

    /// The identity token the app sent, and the raw nonce whose SHA-256 hex the app put in its request.
    /// Returns the Apple user ID to key your accounts on (never the email: it may be a private relay address,
    /// and Apple sends it on the first sign-in only).
    func userID(identityToken: String, rawNonce: String) async throws -> String {
        let token = try await verifier.verify(identityToken, nonce: .sha256(ofRaw: rawNonce))
        return token.subject
    }
}
// snippet-end

/// The README's "Verify Sign in with Apple in your server" snippet (the two regions between the markers above, the
/// imports and the type, shown as one block), compiled and run
/// against the committed samples served by a loopback "Apple".
@Suite("README snippet")
struct ReadmeSnippetTests {
    static var samples: URL { SharedResources.samplesDirectory }
    /// 2026-11-29T12:30:00Z: half an hour after the sample token was issued.
    static let now = Date(timeIntervalSince1970: 1_795_955_400)

    static func app() throws -> (SignInWithApple, LoopbackHTTPServer) {
        let server = try LoopbackHTTPServer()
        let jwks = try String(contentsOf: samples.appendingPathComponent("jwks.json"), encoding: .utf8)
        server.route("/auth/keys", respond: .json(jwks, headers: [("Cache-Control", "max-age=3600")]))
        let keys = AppleKeySetProvider(
            http: CurlHTTPClient(), configuration: .init(url: server.url("/auth/keys")), now: { now })
        return (try SignInWithApple(clientIDs: ["com.example.gatehouse"], keys: keys, now: { now }), server)
    }

    static var sampleToken: String {
        get throws {
            try String(contentsOf: samples.appendingPathComponent("identity-token.jwt"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test("the snippet verifies the sample identity token with the sample nonce and returns its sub")
    func snippetRuns() async throws {
        let (app, server) = try Self.app()
        let user = try await app.userID(identityToken: try Self.sampleToken, rawNonce: "sample-nonce")
        #expect(user == "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200")
        #expect(server.requestCount(path: "/auth/keys") == 1)
    }

    @Test("the snippet refuses the sample token with another nonce, naming the mismatch")
    func snippetRefusesReplay() async throws {
        let (app, server) = try Self.app()
        let error = await #expect(throws: AppleSignInError.self) {
            try await app.userID(identityToken: try Self.sampleToken, rawNonce: "other")
        }
        #expect(error?.code == .nonceMismatch)
        #expect(error?.reason.contains(AppleNonce.sha256Hex("other")) == true)
        #expect(server.requestCount(path: "/auth/keys") == 1)
    }

    @Test("the sample server-to-server notification body verifies: consent-revoked for the sample user")
    func sampleNotification() async throws {
        let (app, server) = try Self.app()
        let body = try Data(contentsOf: Self.samples.appendingPathComponent("apple/notification-body.json"))
        let notification = try await app.verifier.verifyNotification(body: Array(body))
        #expect(notification.event.kind == .consentRevoked)
        #expect(notification.event.subject == "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200")
        #expect(notification.keyID == "sample-key-2")
        #expect(server.requestCount(path: "/auth/keys") == 1)
    }
}
