import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// Every number from outside that AppleSignIn turns into a time, an integer or a duration is range-checked first:
/// a value out of range is a named error (or, for cache lifetimes, the RFC's fallback), never a trap.
@Suite("Untrusted numbers never trap")
struct UntrustedNumberTests {
    static func notification(eventTime: String) -> String {
        AppleServerNotificationTests.notification(
            events: "{\"type\":\"consent-revoked\",\"sub\":\"001234.abc.1200\",\"event_time\":\(eventTime)}")
    }

    @Test(
        "a signed notification whose event_time is outside 1970...9999 is invalidClaim naming event_time",
        arguments: [
            "1e300", "1e22", "-1", "-1e300", "253402300800000", "9.3e18", "1e400", "-1e400", "18446744073709551616",
        ])
    func eventTimeOutOfRange(eventTime: String) async throws {
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verifyNotification(Self.notification(eventTime: eventTime))
        }
        #expect(error?.code == .invalidClaim, "event_time \(eventTime)")
        #expect(error?.reason.contains("event_time") == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains(eventTime) == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains("9999") == true, "\(error?.reason ?? "")")
    }

    @Test("event_time at the edges of the range is accepted: 0 and 9999-12-31T23:59:59.999Z")
    func eventTimeEdges() async throws {
        for (text, seconds) in [("0", 0.0), ("253402300799999", 253_402_300_799.999)] {
            let notification = try await TestKeys.verifier().verifyNotification(Self.notification(eventTime: text))
            let time = try #require(notification.event.eventTime)
            #expect(abs(time.timeIntervalSince1970 - seconds) < 0.001)
        }
    }

    @Test("the NumericDate range is the JWT module's: its last second is accepted there, the next one refused")
    func sameRangeAsJWTClaims() throws {
        func exp(_ text: String) -> String {
            Base64URL.encode(Array("{\"alg\":\"RS256\"}".utf8)) + "."
                + Base64URL.encode(Array("{\"exp\":\(text)}".utf8)) + ".c2ln"
        }
        #expect(
            try UnverifiedJWT(parsing: exp("253402300799")).claims.expiration
                == Date(timeIntervalSince1970: 253_402_300_799))
        #expect(throws: JWTError(.invalidClaim)) { try UnverifiedJWT(parsing: exp("253402300800")) }
    }

    @Test(
        "an identity token whose auth_time or real_user_status is out of range is invalidClaim naming the claim",
        arguments: [
            ("auth_time", "9223372036854775807"), ("auth_time", "-1"), ("auth_time", "253402300800"),
            ("real_user_status", "9223372036854775808"), ("auth_time", "1e300"),
        ])
    func identityClaimsOutOfRange(name: String, value: String) async throws {
        // The claim's text goes into the payload as written.
        let json = try JSONSerialization.data(withJSONObject: TestKeys.claims([name: NSNull()]), options: .sortedKeys)
        var payload = String(decoding: json, as: UTF8.self)
        payload.removeLast()
        payload += ",\"\(name)\":\(value)}"
        let token = try JWSSigner(privateKey: TestKeys.first, algorithm: .rs256, keyID: "key-1")
            .sign(claimsJSON: Array(payload.utf8))
        let error = await #expect(throws: AppleSignInError.self) {
            try await TestKeys.verifier().verify(token, nonce: .insecureNotChecked)
        }
        #expect(error?.code == .invalidClaim)
        #expect(error?.reason.contains(name) == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains(value) == true, "\(error?.reason ?? "")")
    }

    @Test(
        "expires_in of a token endpoint answer out of range is invalidTokenResponse naming the value",
        arguments: ["99999999999999999999", "-1", "1e300", "9223372036854775807", "253402300800"])
    func expiresInOutOfRange(value: String) async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/auth/token",
            respond: .json("{\"access_token\":\"a\",\"token_type\":\"Bearer\",\"expires_in\":\(value)}"))
        let client = try AppleTokenClient(
            clientSecret: TestKeys.clientSecret, verifier: TestKeys.verifier(), http: CurlHTTPClient(),
            baseURL: server.baseURL, clock: TestKeys.secretClock)
        let error = await #expect(throws: AppleSignInError.self) { try await client.exchange(code: "c") }
        #expect(error?.code == .invalidTokenResponse)
        #expect(error?.reason.contains("expires_in") == true)
        #expect(error?.reason.contains(value) == true, "\(error?.reason ?? "")")
    }

    @Test("a client secret lifetime that is not a finite number of seconds, or an issue time past 9999, is refused")
    func clientSecretNumbers() throws {
        let maker = try AppleClientSecret(privateKey: TestKeys.ecKey, keyID: "K", teamID: "T", clientID: "C")
        for lifetime in [TimeInterval.nan, .infinity, -.infinity, 1e300, -1e300] {
            let error = #expect(throws: AppleSignInError.self) {
                try maker.make(issuedAt: Date(timeIntervalSince1970: 1_795_953_600), lifetime: lifetime)
            }
            #expect(error?.code == .invalidClientSecretLifetime, "lifetime \(lifetime)")
            #expect(error?.reason.contains("15,777,000 s") == true)
        }
        for seconds in [1e300, -1, 253_402_300_799 - 3_600, .infinity] {
            let error = #expect(throws: AppleSignInError.self) {
                try maker.make(issuedAt: Date(timeIntervalSince1970: seconds), lifetime: 86_400)
            }
            #expect(error?.code == .invalidConfiguration, "issuedAt \(seconds)")
            #expect(error?.reason.contains("9999") == true, "\(error?.reason ?? "")")
        }
    }

    @Test(
        "a huge max-age (RFC 9111 section 1.2.2: taken as 2^31) is lowered to the ceiling, never a trap",
        arguments: [
            "max-age=99999999999999999999", "max-age=9223372036854775808", "max-age=2147483648",
            "max-age=\"99999999999999999999999999999999\"", "public, max-age=000000000000000000000086400",
        ])
    func hugeMaxAge(header: String) async throws {
        let server = try LoopbackHTTPServer()
        server.route(
            "/auth/keys", respond: .json(AppleKeySetProviderTests.oneKey, headers: [("Cache-Control", header)]))
        let clock = ManualClock()
        let provider = AppleKeySetProviderTests.provider(server, clock: clock)
        _ = try await provider.keySet(containing: "key-1")
        clock.advance(86_399)
        _ = try await provider.keySet(containing: "key-1")
        #expect(await provider.fetchCount == 1, "\(header): fresh up to the 86,400 s ceiling")
        clock.advance(2)
        _ = try await provider.keySet(containing: "key-1")
        #expect(await provider.fetchCount == 2, "\(header): stale after the ceiling")
    }

    @Test("disk cache times a file cannot hold, or ages no integer can say, are refused naming them, never a trap")
    func diskCacheTimes() throws {
        let temporary = try TemporaryDirectory()
        let cache = KeySetDiskCache(directory: temporary.url.path + "/c")
        let url = "https://appleid.apple.com/auth/keys"
        let body = Array(AppleKeySetProviderTests.oneKey.utf8)
        let now = Date(timeIntervalSince1970: 1_795_953_600)
        for seconds in [1e300, -1e300, .nan, .infinity] {
            let problem = cache.store(body, url: url, storedAt: Date(timeIntervalSince1970: seconds))
            #expect(problem?.contains("cannot be recorded") == true, "storedAt \(seconds): \(problem ?? "stored")")
        }
        #expect(cache.store(body, url: url, storedAt: now) == nil)
        for seconds in [1e300, .infinity, .nan] {
            guard
                case .miss(let reason) = cache.load(url: url, now: Date(timeIntervalSince1970: seconds), maximumAge: 60)
            else {
                Issue.record("a copy was used at \(seconds) s after 1970")
                continue
            }
            #expect(reason.contains(cache.path(for: url)), "\(reason)")
        }
    }
}
