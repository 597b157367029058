import AppleSignIn
import Foundation
import GatehouseTesting
import JWT
import Testing

/// Client secrets: the claims and header Apple requires, raw r||s, the lifetime limit, and a round trip through
/// the public key.
@Suite("Apple client secret")
struct AppleClientSecretTests {
    static var p8: String {
        get throws {
            String(
                decoding: try Data(
                    contentsOf: SharedResources.samplesDirectory.appendingPathComponent("keys/AuthKey_TEST0KEY01.p8")),
                as: UTF8.self)
        }
    }
    static let issuedAt = Date(timeIntervalSince1970: 1_795_953_600)

    @Test("round trip: the secret verifies with the .p8's public key as ES256, with Apple's claims and header")
    func roundTrip() throws {
        let maker = try AppleClientSecret(
            p8PEM: try Self.p8, keyID: "TEST0KEY01", teamID: "TEAM123456", clientID: "com.example.gatehouse")
        let secret = try maker.make(issuedAt: Self.issuedAt)
        let key = try PrivateKey(pemRepresentation: try Self.p8)
        let verifier = JWTVerifier(
            keySet: JWKSet(keys: [JWK(publicKey: key.publicKey, keyID: "TEST0KEY01")]),
            options: try JWTValidationOptions(
                audience: .oneOf(["https://appleid.apple.com"]), allowedAlgorithms: [.es256], issuer: "TEAM123456",
                requiredClaims: ["exp", "iat", "sub"]))
        let verified = try verifier.verify(secret, now: Self.issuedAt.addingTimeInterval(60))
        #expect(verified.header.keyID == "TEST0KEY01")
        #expect(verified.header.algorithmName == "ES256")
        #expect(verified.claims.subject == "com.example.gatehouse")
        #expect(verified.claims.issuedAt == Self.issuedAt)
        #expect(verified.claims.expiration == Self.issuedAt.addingTimeInterval(180 * 86_400))
        #expect(verified.claims.raw["aud"] == .string("https://appleid.apple.com"))
        // RFC 7518 section 3.4: the signature is the raw 64-byte r||s, not DER (which starts 0x30 and is 70-72 bytes).
        let signature = try Base64URL.decode(secret.split(separator: ".")[2], segment: "signature")
        #expect(signature.count == 64)
    }

    @Test("the longest lifetime Apple takes, 15,777,000 s, is accepted; one second more is refused naming the limit")
    func lifetimeLimit() throws {
        let maker = try AppleClientSecret(p8PEM: try Self.p8, keyID: "K", teamID: "T", clientID: "C")
        _ = try maker.make(issuedAt: Self.issuedAt, lifetime: 15_777_000)
        for lifetime: TimeInterval in [15_777_001, 190 * 86_400, 0, -5] {
            let error = #expect(throws: AppleSignInError.self) {
                try maker.make(issuedAt: Self.issuedAt, lifetime: lifetime)
            }
            #expect(error?.code == .invalidClientSecretLifetime)
            #expect(error?.reason.contains("15,777,000 s") == true)
            #expect(error?.reason.contains("\(Int64(lifetime)) s") == true)
        }
    }

    @Test("keys that cannot sign ES256 are refused: an RSA key, a P-384 key, text that is not a key")
    func wrongKeys() throws {
        let rsa = #expect(throws: AppleSignInError.self) {
            try AppleClientSecret(privateKey: TestKeys.first, keyID: "K", teamID: "T", clientID: "C")
        }
        #expect(rsa?.code == .invalidPrivateKey)
        #expect(rsa?.reason.contains("RSA 2048-bit") == true)
        let p384 = #expect(throws: AppleSignInError.self) {
            try AppleClientSecret(
                privateKey: try PrivateKey.generate(.ec(.p384)), keyID: "K", teamID: "T", clientID: "C")
        }
        #expect(p384?.code == .invalidPrivateKey)
        let text = #expect(throws: AppleSignInError.self) {
            try AppleClientSecret(p8PEM: "not a key", keyID: "K", teamID: "T", clientID: "C")
        }
        #expect(text?.code == .invalidPrivateKey)
        #expect(text?.reason.contains("does not read") == true)
        let empty = #expect(throws: AppleSignInError.self) {
            try AppleClientSecret(p8PEM: try Self.p8, keyID: "K", teamID: "", clientID: "C")
        }
        #expect(empty?.code == .invalidConfiguration)
        #expect(empty?.reason.contains("team ID") == true)
    }

    @Test(
        "a damaged .p8 is invalidPrivateKey, and the message quotes no 4 characters of it (security round 3, item 1)",
        arguments: MalformedPEM.shapes)
    func damagedKeyNeverQuoted(_ shape: MalformedPEM.Shape) {
        MalformedPEM.expectRefused(AppleSignInError(.invalidPrivateKey), shape) {
            _ = try AppleClientSecret(p8PEM: shape.text, keyID: "TEST0KEY01", teamID: "TEAM123456", clientID: "c")
        }
    }
}
