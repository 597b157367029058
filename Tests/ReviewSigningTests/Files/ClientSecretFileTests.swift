import AppleSignIn
import Foundation
import GatehouseTesting
import JWT
import ReviewSigning
import SigningTesting
import Testing

@Suite("Client secret files")
struct ClientSecretFileTests {
    static let key = Result { try PrivateKey.generate(.ec(.p256)) }
    static let issuedAt = Date(timeIntervalSince1970: 1_700_000_000)

    private func secret(_ contents: SigningFileContents) throws -> ClientSecretFile {
        guard case .clientSecret(let secret) = contents else {
            Issue.record("expected a client secret, read \(contents.kind)")
            throw CancellationError()
        }
        return secret
    }

    /// A token from JWSSigner with the claims given, for the cases AppleClientSecret refuses to make.
    private func token(_ claims: String, algorithm: JWSAlgorithm = .es256, keyID: String? = "KEY1234567") throws
        -> String
    {
        let signer: JWSSigner
        if algorithm == .hs256 {
            signer = try JWSSigner(
                symmetricKey: SymmetricKey(bytes: Array(repeating: 7, count: 32)), algorithm: .hs256, keyID: keyID)
        } else {
            signer = try JWSSigner(privateKey: Self.key.get(), algorithm: algorithm, keyID: keyID)
        }
        return try signer.sign(claimsJSON: Array(claims.utf8))
    }

    @Test("a client secret made by AppleClientSecret (jwtcheck apple client-secret's maker) is read")
    func madeByTheProject() throws {
        let maker = try AppleClientSecret(
            privateKey: Self.key.get(), keyID: "KEY1234567", teamID: "ABCDE12345", clientID: "com.example.web")
        let token = try maker.make(issuedAt: Self.issuedAt, lifetime: 180 * 86_400)
        let fixtures = try SigningFixtures.get()
        let path = try fixtures.write(Array((token + "\n").utf8), as: "client_secret.txt")
        let contents = try SigningFile.read(path: path)
        let secret = try secret(contents)
        #expect(contents.kind == .clientSecret)
        #expect(secret.clientID == "com.example.web")
        #expect(contents.displayName == "com.example.web")
        #expect(secret.keyID == "KEY1234567")
        #expect(secret.teamID == "ABCDE12345")
        #expect(secret.issuedAt == Self.issuedAt)
        #expect(secret.expires == Self.issuedAt.addingTimeInterval(180 * 86_400))
        #expect(contents.expires == secret.expires)
        #expect(secret.lifetime == 15_552_000)
        #expect(!secret.exceedsAppleMaximumLifetime)
        #expect(secret.hasAppleAudience)
        #expect(contents.detail == "client ID com.example.web, key KEY1234567, team ABCDE12345, lifetime 180 days")
    }

    @Test("the six-month ceiling is AppleClientSecret's 15,777,000 s, and a secret at it is not over")
    func atTheCeiling() throws {
        #expect(ClientSecretFile.appleMaximumLifetime == 15_777_000)
        let maker = try AppleClientSecret(
            privateKey: Self.key.get(), keyID: "KEY1234567", teamID: "ABCDE12345", clientID: "com.example.web")
        let token = try maker.make(issuedAt: Self.issuedAt, lifetime: 15_777_000)
        let secret = try secret(try SigningFile.read(contents: Array(token.utf8), file: "s"))
        #expect(secret.lifetime == 15_777_000)
        #expect(!secret.exceedsAppleMaximumLifetime)
        #expect(!secret.detail.contains("ceiling"))
    }

    @Test("a secret living longer than six months is read, and DETAIL names the ceiling")
    func overTheCeiling() throws {
        let token = try token(
            #"{"iss":"ABCDE12345","iat":1700000000,"exp":1715777001,"aud":"https://appleid.apple.com","sub":"com.x"}"#)
        let contents = try SigningFile.read(contents: Array(token.utf8), file: "s")
        let secret = try secret(contents)
        #expect(secret.lifetime == 15_777_001)
        #expect(secret.exceedsAppleMaximumLifetime)
        #expect(contents.detail.contains("over Apple's six-month ceiling (15,777,000 s)"), "\(contents.detail)")
        #expect(contents.detail.contains("lifetime 15,777,001 s"), "\(contents.detail)")
    }

    @Test("a secret without iat has no lifetime, and one with another audience is named as refused by Apple")
    func noIssuedAtOtherAudience() throws {
        let token = try token(#"{"exp":1715777001.75,"aud":"https://example.com","sub":"com.x"}"#)
        let contents = try SigningFile.read(contents: Array(token.utf8), file: "s")
        let secret = try secret(contents)
        #expect(secret.issuedAt == nil)
        #expect(secret.lifetime == nil)
        #expect(secret.expires == Date(timeIntervalSince1970: 1_715_777_001))  // to the second
        #expect(!secret.hasAppleAudience)
        #expect(contents.detail.contains("lifetime is unknown"))
        #expect(contents.detail.contains("aud is not https://appleid.apple.com"))
    }

    @Test("a JWT without exp is refused: there is nothing to watch")
    func withoutExpiry() throws {
        let token = try token(#"{"iss":"ABCDE12345","iat":1700000000,"sub":"com.x"}"#)
        expectError(SigningError(.clientSecretWithoutExpiry), mentioning: ["the client secret s.jwt", "no exp"]) {
            _ = try SigningFile.read(contents: Array(token.utf8), file: "s.jwt")
        }
    }

    @Test("a JWT not signed ES256, without sub or without kid is refused naming what is wrong")
    func notAClientSecret() throws {
        let claims = #"{"iat":1700000000,"exp":1700003600,"sub":"com.x"}"#
        let hmac = try token(claims, algorithm: .hs256)
        expectError(SigningError(.invalidClientSecret), mentioning: ["s.jwt", "\"HS256\"", "ES256"]) {
            _ = try SigningFile.read(contents: Array(hmac.utf8), file: "s.jwt")
        }
        let noSubject = try token(#"{"iat":1700000000,"exp":1700003600}"#)
        expectError(SigningError(.invalidClientSecret), mentioning: ["s.jwt", "no sub"]) {
            _ = try SigningFile.read(contents: Array(noSubject.utf8), file: "s.jwt")
        }
        let noKeyID = try token(claims, keyID: nil)
        expectError(SigningError(.invalidClientSecret), mentioning: ["s.jwt", "no kid"]) {
            _ = try SigningFile.read(contents: Array(noKeyID.utf8), file: "s.jwt")
        }
    }

    @Test("three base64url segments that are not a JWT are refused with the JWT module's reason")
    func malformed() {
        expectError(SigningError(.invalidClientSecret), mentioning: ["s.jwt", "does not read"]) {
            _ = try SigningFile.read(contents: Array("abc.def.ghi".utf8), file: "s.jwt")
        }
    }
}
