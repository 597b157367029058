import AppStoreConnect
import Foundation
import GatehouseTesting
import JWT
import Testing

@Suite("App Store Connect tokens: ES256 claims, lifetime within 1,200 s including back-dating, reuse")
struct TokenTests {
    static let now = Date(timeIntervalSince1970: 1_795_953_600)

    @Test("a team key's token: header alg/kid/typ, iss, iat back-dated 60 s, exp 15 min ahead, aud, signed")
    func teamClaims() async throws {
        let provider = try ASCTokenProvider(credentials: TestKeys.team, clock: FixedTimeSource(Self.now))
        let token = try await provider.token()
        let parsed = try UnverifiedJWT(parsing: token.compact)
        #expect(parsed.header.algorithmName == "ES256")
        #expect(parsed.header.keyID == TestKeys.keyID)
        #expect(parsed.header.type == "JWT")
        #expect(parsed.claims.issuer == TestKeys.issuerID)
        #expect(parsed.claims.subject == nil)
        #expect(parsed.claims.audience == ["appstoreconnect-v1"])
        let iat = try #require(parsed.claims["iat"]?.numberValue?.int64Value)
        let exp = try #require(parsed.claims["exp"]?.numberValue?.int64Value)
        #expect(iat == Int64(Self.now.timeIntervalSince1970) - 60)
        #expect(exp == Int64(Self.now.timeIntervalSince1970) + 900)
        #expect(exp - iat <= 1_200, "exp - iat must include the back-dating and stay within 1,200 s")
        #expect(exp - iat == Int64(ASCTokenProvider.lifetime))
        #expect(token.issuedAt == Date(timeIntervalSince1970: TimeInterval(iat)))
        #expect(token.expiresAt == Date(timeIntervalSince1970: TimeInterval(exp)))
        // The signature verifies with the key's public half.
        let verifier = JWTVerifier(
            keySet: JWKSet(keys: [JWK(publicKey: TestKeys.key.publicKey, keyID: TestKeys.keyID, algorithm: .es256)]),
            options: try JWTValidationOptions(audience: .oneOf(["appstoreconnect-v1"]), allowedAlgorithms: [.es256]))
        #expect(throws: Never.self) { try verifier.verify(token.compact, now: Self.now) }
    }

    @Test("an individual key's token: sub \"user\" and no iss")
    func individualClaims() async throws {
        let provider = try ASCTokenProvider(credentials: TestKeys.individual, clock: FixedTimeSource(Self.now))
        let parsed = try UnverifiedJWT(parsing: try await provider.token().compact)
        #expect(parsed.claims.subject == "user")
        #expect(parsed.claims.issuer == nil)
        #expect(parsed.header.keyID == TestKeys.individualKeyID)
    }

    @Test("the constants keep exp - iat within Apple's 1,200 s, back-dating included")
    func constants() {
        #expect(ASCTokenProvider.lifetime <= ASCTokenProvider.maximumLifetime)
        #expect(ASCTokenProvider.backdating == 60)
        #expect(ASCTokenProvider.lifetime - ASCTokenProvider.backdating == 900)
        #expect(ASCTokenProvider.renewalMargin < ASCTokenProvider.lifetime - ASCTokenProvider.backdating)
    }

    @Test("a token is reused until 120 s before exp, then replaced; a clock gone back before iat gets a new one")
    func reuse() async throws {
        let clock = ManualClock()
        let provider = try ASCTokenProvider(credentials: TestKeys.team, clock: clock)
        let first = try await provider.token()
        clock.advance(779)
        #expect(try await provider.token().compact == first.compact)
        clock.advance(1)
        let second = try await provider.token()
        #expect(second.compact != first.compact)
        #expect(second.issuedAt == first.issuedAt.addingTimeInterval(780))
        #expect(try await provider.token().compact == second.compact)
        clock.advance(-61 - 780)  // before the second token's iat
        #expect(try await provider.token().compact != second.compact)
    }

    @Test("invalidate() makes the next call sign a new token")
    func invalidate() async throws {
        let clock = ManualClock()
        let provider = try ASCTokenProvider(credentials: TestKeys.team, clock: clock)
        let first = try await provider.token()
        await provider.invalidate()
        clock.advance(1)
        #expect(try await provider.token().compact != first.compact)
    }

    @Test("concurrent callers share one token")
    func concurrentCallers() async throws {
        let provider = try ASCTokenProvider(credentials: TestKeys.team, clock: FixedTimeSource(Self.now))
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { try await provider.token().compact } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
    }

    @Test("a token's description names the key and times, never the token")
    func description() async throws {
        let token = try await ASCTokenProvider(credentials: TestKeys.team, clock: FixedTimeSource(Self.now)).token()
        #expect(token.description.contains(TestKeys.keyID))
        #expect(token.description.contains("2026-11-29T11:59:00Z"))
        #expect(!token.description.contains(token.compact.split(separator: ".")[2]))
    }
}
