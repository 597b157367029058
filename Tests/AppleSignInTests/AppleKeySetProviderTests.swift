import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// Apple's key set provider against a real HTTP server on 127.0.0.1: rotation, single flight, rate limit,
/// freshness, ETag revalidation, stale serving and every kind of failed fetch.
@Suite("Apple key set provider")
struct AppleKeySetProviderTests {
    static let oneKey = TestKeys.jwks([(TestKeys.first, "key-1")])
    static let twoKeys = TestKeys.jwks([(TestKeys.first, "key-1"), (TestKeys.second, "key-2")])

    static func client(timeout: Duration = .seconds(5), maxResponseBytes: Int = 1 << 20) -> CurlHTTPClient {
        CurlHTTPClient(
            configuration: .init(
                totalTimeout: timeout, connectTimeout: .seconds(2), maxResponseBytes: maxResponseBytes))
    }

    static func provider(
        _ server: LoopbackHTTPServer, clock: ManualClock, client: CurlHTTPClient = client(),
        staleLimit: TimeInterval = 86_400
    ) -> AppleKeySetProvider {
        AppleKeySetProvider(
            http: client, configuration: .init(url: server.url("/auth/keys"), staleLimit: staleLimit), clock: clock)
    }

    static func verifier(_ provider: AppleKeySetProvider, clock: ManualClock) throws -> AppleIdentityTokenVerifier {
        try AppleIdentityTokenVerifier(clientIDs: [TestKeys.clientID], keySetProvider: provider, clock: clock)
    }

    /// What most tests here start from: a loopback server answering Apple's key set path with `keys` (which the test
    /// may switch), a manual clock, and a provider of that URL on that clock.
    struct Setting {
        let server: LoopbackHTTPServer
        let keys: SwitchableResponse
        let clock: ManualClock
        let provider: AppleKeySetProvider

        /// - Parameters:
        ///   - response: what the key set URL answers first.
        ///   - staleLimit: the provider's stale limit.
        init(_ response: LoopbackResponse, staleLimit: TimeInterval = 86_400) throws {
            let server = try LoopbackHTTPServer()
            let clock = ManualClock()
            keys = SwitchableResponse(response)
            server.route("/auth/keys", keys.handler)
            provider = AppleKeySetProviderTests.provider(server, clock: clock, staleLimit: staleLimit)
            self.server = server
            self.clock = clock
        }

        /// A verifier of `TestKeys.clientID` over the provider, on the same clock.
        func verifier() throws -> AppleIdentityTokenVerifier {
            try AppleKeySetProviderTests.verifier(provider, clock: clock)
        }

        /// Expects the set fetched now to be served from the cache for `seconds`, and fetched again just after.
        /// - Parameters:
        ///   - seconds: how long the first answer is fresh.
        ///   - what: the case, named in the failure messages.
        func expectFresh(for seconds: TimeInterval, _ what: String, sourceLocation: SourceLocation = #_sourceLocation)
            async throws
        {
            _ = try await provider.keySet(containing: nil)
            clock.advance(seconds - 1)
            _ = try await provider.keySet(containing: nil)
            #expect(await provider.fetchCount == 1, "\(what): fresh for \(seconds) s", sourceLocation: sourceLocation)
            clock.advance(2)
            _ = try await provider.keySet(containing: nil)
            #expect(
                await provider.fetchCount == 2, "\(what): stale after \(seconds) s", sourceLocation: sourceLocation)
        }
    }

    @Test("key rotation: a token signed by a key that appears only after a refetch verifies once it is published")
    func rotation() async throws {
        let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", "max-age=3600")]))
        let verifier = try setting.verifier()

        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        #expect(await setting.provider.fetchCount == 1)

        // Apple publishes key-2 and starts signing with it; the cached set (fresh for an hour) lacks it.
        setting.keys.set(.json(Self.twoKeys, headers: [("Cache-Control", "max-age=3600")]))
        let rotated = TestKeys.token(key: TestKeys.second, kid: "key-2")
        // Within the minimum interval of the first fetch: no refetch, the kid is unknown, no fallback key.
        let early = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(rotated, nonce: .insecureNotChecked)
        }
        #expect(early?.jwtError?.code == .unknownKeyID)
        #expect(early?.reason.contains("key-2") == true)
        #expect(await setting.provider.fetchCount == 1)

        setting.clock.advance(61)
        let token = try await verifier.verify(rotated, nonce: .insecureNotChecked)
        #expect(token.keyID == "key-2")
        #expect(await setting.provider.fetchCount == 2)
        #expect(setting.server.requestCount(path: "/auth/keys") == 2)
        // Known kids are served from the cache without a fetch.
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        _ = try await verifier.verify(rotated, nonce: .insecureNotChecked)
        #expect(await setting.provider.fetchCount == 2)
    }

    @Test("a storm of tokens with random unknown kids: one fetch per minimum interval, all refused")
    func storm() async throws {
        let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", "max-age=3600")]))
        let verifier = try setting.verifier()

        // Tokens with invented kids: a header naming a random kid over a real payload and signature (an attacker
        // cannot sign them, and the verifier refuses them at key selection). Every tenth token is genuine.
        let genuine = TestKeys.token()
        let rest = genuine.drop { $0 != "." }
        func invented() -> String {
            let header = "{\"alg\":\"RS256\",\"kid\":\"kid-\(UInt64.random(in: 0...UInt64.max))\"}"
            return Base64URL.encode(Array(header.utf8)) + rest
        }
        func storm(_ count: Int) async -> (refused: Int, accepted: Int) {
            await withTaskGroup(of: Bool.self) { group in
                for index in 0..<count {
                    let token = index % 10 == 0 ? genuine : invented()
                    group.addTask {
                        do {
                            _ = try await verifier.verify(token, nonce: .insecureNotChecked)
                            return true
                        } catch let error as AppleSignInError {
                            return error.jwtError?.code == .unknownKeyID ? false : true
                        } catch {
                            return true
                        }
                    }
                }
                var refused = 0
                var accepted = 0
                for await ok in group { if ok { accepted += 1 } else { refused += 1 } }
                return (refused, accepted)
            }
        }
        let first = await storm(300)
        #expect(first.refused == 270)
        #expect(first.accepted == 30)
        let afterFirst = await setting.provider.fetchCount
        #expect(
            afterFirst == 1,
            "a storm of 300 verifications (270 unknown kids) in one interval made \(afterFirst) fetches")

        setting.clock.advance(30)
        _ = await storm(300)
        #expect(await setting.provider.fetchCount == 1, "still inside the 60 s interval")

        setting.clock.advance(31)
        _ = await storm(300)
        let total = await setting.provider.fetchCount
        #expect(total == 2, "the second interval allows exactly one more fetch; made \(total)")
        #expect(setting.server.requestCount(path: "/auth/keys") == total)
    }

    @Test("during a rotation refetch, every caller with the new kid waits for that one fetch and passes")
    func concurrentRotation() async throws {
        let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", "max-age=3600")]))
        let verifier = try setting.verifier()
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        setting.keys.set(
            LoopbackResponse(
                headers: [("Content-Type", "application/json")], body: Array(Self.twoKeys.utf8),
                delay: .milliseconds(300)))
        setting.clock.advance(61)
        let rotated = TestKeys.token(key: TestKeys.second, kid: "key-2")
        let passed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { (try? await verifier.verify(rotated, nonce: .insecureNotChecked)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(passed == 50)
        #expect(await setting.provider.fetchCount == 2)
    }

    @Test("concurrent first use: many tasks verifying valid tokens share one fetch and all pass")
    func concurrentFirstUse() async throws {
        let setting = try Setting(
            LoopbackResponse(
                headers: [("Content-Type", "application/json")], body: Array(Self.twoKeys.utf8),
                delay: .milliseconds(200)))
        let verifier = try setting.verifier()
        let tokens = [TestKeys.token(), TestKeys.token(key: TestKeys.second, kid: "key-2")]
        let passed = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask { (try? await verifier.verify(tokens[index % 2], nonce: .insecureNotChecked)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(passed == 200)
        #expect(await setting.provider.fetchCount == 1)
        #expect(setting.server.requestCount(path: "/auth/keys") == 1)
    }

    @Test("a 500 with nothing cached: keySetUnavailable naming the URL and status; no refetch inside the interval")
    func serverError() async throws {
        let setting = try Setting(.text("oops", status: 500))
        let error = await #expect(throws: AppleSignInError.self) {
            try await setting.provider.keySet(containing: "key-1")
        }
        #expect(error?.code == .keySetUnavailable)
        #expect(error?.reason.contains("HTTP 500") == true)
        #expect(error?.reason.contains(setting.server.url("/auth/keys")) == true)
        let again = await #expect(throws: AppleSignInError.self) {
            try await setting.provider.keySet(containing: "key-1")
        }
        #expect(again?.reason.contains("HTTP 500") == true)
        #expect(await setting.provider.fetchCount == 1)
        setting.clock.advance(60)
        _ = await #expect(throws: AppleSignInError.self) { try await setting.provider.keySet(containing: "key-1") }
        #expect(await setting.provider.fetchCount == 2)
    }

    @Test("a server slower than the client's timeout: keySetUnavailable carrying HTTPError.timedOut")
    func timeout() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/auth/keys", respond: LoopbackResponse(body: Array(Self.oneKey.utf8), delay: .seconds(3)))
        let provider = Self.provider(server, clock: ManualClock(), client: Self.client(timeout: .milliseconds(400)))
        let error = await #expect(throws: AppleSignInError.self) { try await provider.keySet(containing: nil) }
        #expect(error?.code == .keySetUnavailable)
        #expect(error?.httpError?.code == .timedOut)
        #expect(error?.reason.contains("timedOut") == true)
    }

    @Test("a closed port: keySetUnavailable carrying HTTPError.connectionFailed")
    func closedPort() async throws {
        let url = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())/auth/keys"
        let provider = AppleKeySetProvider(
            http: Self.client(), configuration: .init(url: url), clock: ManualClock())
        let error = await #expect(throws: AppleSignInError.self) { try await provider.keySet(containing: nil) }
        #expect(error?.httpError?.code == .connectionFailed)
        #expect(error?.reason.contains(url) == true)
    }

    @Test("a body cut short before its Content-Length: keySetUnavailable naming the transport failure")
    func truncated() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/auth/keys",
            respond: LoopbackResponse(
                headers: [("Content-Type", "application/json")], body: Array(Self.oneKey.utf8),
                delivery: .truncate(afterBodyBytes: 40)))
        let provider = Self.provider(server, clock: ManualClock())
        let error = await #expect(throws: AppleSignInError.self) { try await provider.keySet(containing: nil) }
        #expect(error?.code == .keySetUnavailable)
        #expect(error?.httpError != nil)
        #expect(error?.reason.contains("cannot fetch the key set from") == true)
    }

    @Test(
        "bodies that are not a usable JWKS: invalidKeySet naming the URL and the cause",
        arguments: [
            ("<html>maintenance</html>", "not a JWKS"),
            ("{\"keys\":[{\"kty\":\"RSA\"", "not a JWKS"),
            ("{\"keys\":[]}", "none is usable"),
            ("{\"kty\":\"RSA\"}", "no \"keys\" member"),
        ])
    func garbage(body: String, named: String) async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/keys", respond: LoopbackResponse(body: Array(body.utf8), delivery: .untilClose))
        let provider = Self.provider(server, clock: ManualClock())
        let error = await #expect(throws: AppleSignInError.self) { try await provider.keySet(containing: nil) }
        #expect(error?.code == .invalidKeySet)
        #expect(error?.reason.contains(named) == true)
        #expect(error?.reason.contains(server.url("/auth/keys")) == true)
    }

    @Test("an oversized body: keySetUnavailable carrying HTTPError.responseTooLarge")
    func oversized() async throws {
        let server = try LoopbackHTTPServer()
        let padding = String(repeating: " ", count: 20_000)
        server.route("/auth/keys", respond: .json(Self.oneKey + padding))
        let provider = Self.provider(server, clock: ManualClock(), client: Self.client(maxResponseBytes: 8_192))
        let error = await #expect(throws: AppleSignInError.self) { try await provider.keySet(containing: nil) }
        #expect(error?.httpError?.code == .responseTooLarge)
        #expect(error?.reason.contains("responseTooLarge") == true)
    }

    @Test("ETag revalidation: If-None-Match is sent once stale, a 304 renews the cached set")
    func etag() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/auth/keys") { request in
            .conditional(
                .json(Self.oneKey, headers: [("Cache-Control", "public, max-age=600")]), etag: "\"v1\"", for: request)
        }
        let clock = ManualClock()
        let provider = Self.provider(server, clock: clock)
        let first = try await provider.keySet(containing: "key-1")
        clock.advance(300)
        _ = try await provider.keySet(containing: "key-1")
        #expect(await provider.fetchCount == 1, "fresh for max-age=600")
        clock.advance(301)
        let renewed = try await provider.keySet(containing: "key-1")
        #expect(renewed.keyIDs == first.keyIDs)
        let requests = server.requests(path: "/auth/keys")
        #expect(requests.count == 2)
        #expect(requests.first?.header("If-None-Match") == nil)
        #expect(requests.last?.header("If-None-Match") == "\"v1\"")
        // The 304 made the copy fresh again.
        clock.advance(500)
        _ = try await provider.keySet(containing: "key-1")
        #expect(await provider.fetchCount == 2)
    }

    @Test("max-age is clamped: 5 s is raised to the 300 s floor, a year is lowered to the 86,400 s ceiling")
    func maxAgeClamped() async throws {
        let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", "max-age=5")]))
        _ = try await setting.provider.keySet(containing: nil)
        setting.clock.advance(299)
        _ = try await setting.provider.keySet(containing: nil)
        #expect(await setting.provider.fetchCount == 1)
        setting.keys.set(.json(Self.oneKey, headers: [("Cache-Control", "max-age=31536000")]))
        setting.clock.advance(2)
        _ = try await setting.provider.keySet(containing: nil)
        #expect(await setting.provider.fetchCount == 2)
        setting.clock.advance(86_399)
        _ = try await setting.provider.keySet(containing: nil)
        #expect(await setting.provider.fetchCount == 2)
        setting.clock.advance(2)
        _ = try await setting.provider.keySet(containing: nil)
        #expect(await setting.provider.fetchCount == 3)
    }

    @Test(
        "stale serving: failed fetches keep the cached set in service up to the stale limit, then fail naming the cause"
    )
    func staleServing() async throws {
        let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", "max-age=300")]), staleLimit: 3_600)
        _ = try await setting.provider.keySet(containing: "key-1")
        setting.keys.set(.text("down for maintenance", status: 503))
        setting.clock.advance(400)
        let stale = try await setting.provider.keySet(containing: "key-1")
        #expect(stale.keyIDs == ["key-1"])
        #expect(await setting.provider.fetchCount == 2)
        setting.clock.advance(300 + 3_600 - 400 - 1)
        _ = try await setting.provider.keySet(containing: "key-1")
        setting.clock.advance(2)
        let error = await #expect(throws: AppleSignInError.self) {
            try await setting.provider.keySet(containing: "key-1")
        }
        #expect(error?.code == .keySetUnavailable)
        #expect(error?.reason.contains("beyond the stale limit of 3600 s") == true)
        #expect(error?.reason.contains("HTTP 503") == true)
        // Apple comes back: the next allowed fetch restores service.
        setting.keys.set(.json(Self.oneKey))
        setting.clock.advance(60)
        _ = try await setting.provider.keySet(containing: "key-1")
    }

    @Test("a body that fails to parse never replaces a good set")
    func badBodyKeepsGoodSet() async throws {
        let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", "max-age=300")]))
        let verifier = try setting.verifier()
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        setting.keys.set(.json("{\"keys\":[]}"))
        setting.clock.advance(301)
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        setting.keys.set(.json("<garbage>"))
        setting.clock.advance(61)
        _ = try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        #expect(await setting.provider.fetchCount == 3)
    }

    /// One max-age is the freshness; no-store, no-cache and stale responses get the floor; no max-age means the
    /// default.
    @Test("Cache-Control parsing: one max-age wins; no-store, no-cache, stale mean the floor; none means the default")
    func cacheControlHeaders() async throws {
        for (header, freshFor) in [
            ("max-age=900", 900.0), ("public, max-age=\"900\"", 900), ("no-store", 300), ("no-cache, max-age=900", 300),
            ("", 3_600), ("public", 3_600),
        ] {
            let setting = try Setting(.json(Self.oneKey, headers: header.isEmpty ? [] : [("Cache-Control", header)]))
            try await setting.expectFresh(for: freshFor, header)
        }
    }

    /// RFC 9111 section 4.2.1: several max-age directives, or one whose value is not delta-seconds (section 1.2.2:
    /// 1*DIGIT, so a negative, fractional, empty or quoted-garbage value), make the response stale: it gets the
    /// floor that max-age=0 and no-cache get, never its largest max-age or the default.
    @Test(
        "several max-age directives, a negative one, or one that does not parse: the response is stale (the floor)",
        arguments: [
            "max-age=86400, max-age=86400", "max-age=60, max-age=31536000", "max-age=-1", "max-age=-86400",
            "max-age=abc", "max-age=", "max-age", "max-age=1.5", "max-age=+600", "max-age=0x600", "max-age=\"\"",
            "max-age=600 600", "public, max-age=\"-5\"",
        ])
    func staleCacheControl(header: String) async throws {
        let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", header)]))
        try await setting.expectFresh(for: 300, "\(header) (the floor)")
    }

    @Test("max-age on two Cache-Control lines counts as several directives: stale")
    func maxAgeOnTwoLines() async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/auth/keys",
            respond: .json(
                Self.oneKey, headers: [("Cache-Control", "max-age=86400"), ("Cache-Control", "max-age=86400")]))
        let clock = ManualClock()
        let provider = Self.provider(server, clock: clock)
        _ = try await provider.keySet(containing: nil)
        clock.advance(301)
        _ = try await provider.keySet(containing: nil)
        #expect(await provider.fetchCount == 2)
    }

    @Test("the Age header counts against max-age (RFC 9111 section 4.2.3); an Age that does not parse is stale")
    func ageHeader() async throws {
        for (age, freshFor) in [
            ("3000", 600.0), ("99999999999999999999", 300), ("-5", 300), ("1, 2", 300), ("0", 3_600),
        ] {
            let setting = try Setting(.json(Self.oneKey, headers: [("Cache-Control", "max-age=3600"), ("Age", age)]))
            try await setting.expectFresh(for: freshFor, "Age \(age)")
        }
    }
}
