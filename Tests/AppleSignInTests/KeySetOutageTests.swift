import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// A token whose kid is not in the cached key set while the refetch fails: the verdict is "key set unavailable"
/// (the outage), never `unknownKeyID` (which would tell a genuine user that their token is invalid).
@Suite("Key set outage during a rotation")
struct KeySetOutageTests {
    /// How the refetch fails.
    enum Outage: String, CaseIterable, Sendable {
        case serverError, connectionRefused, timeout, notAKeySet

        /// What the error's reason must name.
        var cause: String {
            switch self {
            case .serverError: "HTTP 500"
            case .connectionRefused: "connectionFailed"
            case .timeout: "timedOut"
            case .notAKeySet: "not a usable JWKS"
            }
        }

        /// Starts the outage on the server.
        func begin(_ server: LoopbackHTTPServer, keys: SwitchableResponse) {
            switch self {
            case .serverError: keys.set(.text("internal error", status: 500))
            case .connectionRefused: server.stop()
            case .timeout:
                keys.set(LoopbackResponse(body: Array(AppleKeySetProviderTests.twoKeys.utf8), delay: .seconds(3)))
            case .notAKeySet: keys.set(.text("<html>maintenance</html>"))
            }
        }
    }

    /// A provider over a loopback server serving key-1 only (fresh for an hour), already warm. Keep the server: it
    /// stops when released.
    static func warmProvider() async throws -> (
        LoopbackHTTPServer, SwitchableResponse, ManualClock, AppleKeySetProvider, AppleIdentityTokenVerifier
    ) {
        let server = try LoopbackHTTPServer()
        let keys = SwitchableResponse(
            .json(AppleKeySetProviderTests.oneKey, headers: [("Cache-Control", "max-age=3600")]))
        server.route("/auth/keys", keys.handler)
        let clock = ManualClock()
        let provider = AppleKeySetProvider(
            http: AppleKeySetProviderTests.client(timeout: .milliseconds(400)),
            configuration: .init(url: server.url("/auth/keys")), clock: clock)
        let verifier = try AppleKeySetProviderTests.verifier(provider, clock: clock)
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        #expect(await provider.fetchCount == 1)
        return (server, keys, clock, provider, verifier)
    }

    static let rotated = TestKeys.token(key: TestKeys.second, kid: "key-2")

    static func expectUnavailable(
        _ error: AppleSignInError?, outage: Outage, url: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error?.code == .keySetUnavailable, "\(outage): \(error.map { "\($0)" } ?? "no error")")
        #expect(error?.jwtError?.code != .unknownKeyID, "\(outage)", sourceLocation: sourceLocation)
        let reason = error?.reason ?? ""
        #expect(reason.contains(url), "\(outage): \(reason)", sourceLocation: sourceLocation)
        #expect(reason.contains(outage.cause), "\(outage): \(reason)", sourceLocation: sourceLocation)
        #expect(reason.contains("\"key-2\""), "\(outage): \(reason)", sourceLocation: sourceLocation)
    }

    @Test(
        "a kid missing from the fresh cached set and a refetch that fails: keySetUnavailable naming URL and cause",
        arguments: Outage.allCases)
    func refetchFails(outage: Outage) async throws {
        let (server, keys, clock, provider, verifier) = try await Self.warmProvider()
        let url = server.url("/auth/keys")
        outage.begin(server, keys: keys)
        clock.advance(61)
        let error = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
        }
        Self.expectUnavailable(error, outage: outage, url: url)
        #expect(await provider.fetchCount == 2)
        if outage == .connectionRefused || outage == .timeout {
            #expect(error?.httpError != nil, "the transport error is carried")
        }
        // The provider says the same to a caller asking for the kid directly.
        let direct = await #expect(throws: AppleSignInError.self) { try await provider.keySet(containing: "key-2") }
        Self.expectUnavailable(direct, outage: outage, url: url)
        // Tokens whose kid is cached still verify during the outage.
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
    }

    @Test(
        "inside the minimum interval after a failed refetch, the failure is returned again: keySetUnavailable, no fetch",
        arguments: Outage.allCases)
    func rateLimitedAfterFailure(outage: Outage) async throws {
        let (server, keys, clock, provider, verifier) = try await Self.warmProvider()
        outage.begin(server, keys: keys)
        clock.advance(61)
        _ = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
        }
        #expect(await provider.fetchCount == 2)
        clock.advance(30)
        let again = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
        }
        Self.expectUnavailable(again, outage: outage, url: server.url("/auth/keys"))
        // Another unknown kid inside the interval: the same outage, not a verdict on the token.
        let other = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(TestKeys.token(key: TestKeys.second, kid: "key-3"), nonce: .insecureNotChecked)
        }
        #expect(other?.code == .keySetUnavailable)
        #expect(other?.reason.contains("\"key-3\"") == true)
        #expect(await provider.fetchCount == 2, "no fetch inside the minimum interval")
    }

    @Test("a stale set served during an outage: an unknown kid is keySetUnavailable, a cached kid still verifies")
    func staleSetDuringOutage() async throws {
        let (server, keys, clock, provider, verifier) = try await Self.warmProvider()
        keys.set(.text("down", status: 503))
        clock.advance(3_700)
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        #expect(await provider.fetchCount == 2)
        let error = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
        }
        #expect(error?.code == .keySetUnavailable)
        #expect(error?.reason.contains("HTTP 503") == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains(server.url("/auth/keys")) == true)
        clock.advance(61)
        let later = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
        }
        #expect(later?.code == .keySetUnavailable)
        #expect(await provider.fetchCount == 3)
    }

    @Test("unknownKeyID only when a fetch that succeeded still lacks the kid; service returns with the server")
    func unknownOnlyAfterSuccess() async throws {
        let (server, keys, clock, provider, verifier) = try await Self.warmProvider()
        defer { server.stop() }
        keys.set(.text("down", status: 500))
        clock.advance(61)
        #expect(
            await #expect(throws: AppleSignInError.self) {
                try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
            }?.code
                == .keySetUnavailable)
        // The server is back but still without key-2: a successful fetch lacking the kid is a verdict.
        keys.set(.json(AppleKeySetProviderTests.oneKey, headers: [("Cache-Control", "max-age=3600")]))
        clock.advance(61)
        let unknown = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
        }
        #expect(unknown?.code == .invalidToken)
        #expect(unknown?.jwtError?.code == .unknownKeyID)
        // Inside the interval after that success, it stays a verdict.
        clock.advance(10)
        #expect(
            await #expect(throws: AppleSignInError.self) {
                try await verifier.verify(Self.rotated, nonce: .insecureNotChecked)
            }?.jwtError?.code
                == .unknownKeyID)
        #expect(await provider.fetchCount == 3)
        // Apple publishes key-2: the next allowed fetch finds it.
        keys.set(.json(AppleKeySetProviderTests.twoKeys, headers: [("Cache-Control", "max-age=3600")]))
        clock.advance(61)
        #expect(try await verifier.verify(Self.rotated, nonce: .insecureNotChecked).keyID == "key-2")
    }

    @Test("a server-to-server notification signed by a key missing during an outage is keySetUnavailable too")
    func notificationDuringOutage() async throws {
        let (server, keys, clock, _, verifier) = try await Self.warmProvider()
        keys.set(.text("internal error", status: 500))
        clock.advance(61)
        let events = "{\"type\":\"consent-revoked\",\"sub\":\"001234.abc.1200\",\"event_time\":1795953600123}"
        let token = TestKeys.token(
            [
                "iss": "https://appleid.apple.com", "aud": TestKeys.clientID, "iat": TestKeys.issuedAt,
                "exp": TestKeys.issuedAt + 86_400, "jti": "jti-1", "events": events,
            ], key: TestKeys.second, kid: "key-2")
        let error = await #expect(throws: AppleSignInError.self) { try await verifier.verifyNotification(token) }
        Self.expectUnavailable(error, outage: .serverError, url: server.url("/auth/keys"))
    }
}
