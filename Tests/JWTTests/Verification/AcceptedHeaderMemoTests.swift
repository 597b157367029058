import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// A verifier remembers the header of the first token it accepted and reuses what it decided for later tokens
/// with a byte-identical header segment. These tests hold it to "the same verdicts as without the memo": it is
/// set only by a verified token, it never skips the signature, the payload or the claims, and another header is
/// decided anew.
@Suite("The accepted-header memo changes no verdict")
struct AcceptedHeaderMemoTests {
    let header = #"{"alg":"RS256","kid":"rsa-1"}"#

    /// A fresh verifier, with an empty memo.
    func freshVerifier() -> JWTVerifier {
        JWTVerifier(keySet: JOSETestKeys.verifier.keySet, options: JOSETestKeys.verifier.options)
    }

    @Test("a token whose signature fails is never remembered, nor one refused for its claims")
    func onlyVerifiedTokensAreRemembered() throws {
        let verifier = freshVerifier()
        let forged = try JOSETestKeys.token(header: header, payload: JOSETestKeys.claims(), key: JOSETestKeys.otherRSA)
        expectError(JWTError(.invalidSignature), mentioning: ["rsa-1"]) {
            _ = try verifier.verify(forged, now: JOSETestKeys.now)
        }
        #expect(verifier.acceptedHeaderSegment == nil)
        // A bad kid, a bad alg: refused, nothing remembered.
        for refused in [#"{"alg":"RS256","kid":"nope"}"#, #"{"alg":"HS256","kid":"rsa-1"}"#] {
            let token = try JOSETestKeys.token(header: refused, payload: JOSETestKeys.claims())
            #expect(throws: JWTError.self) { _ = try verifier.verify(token, now: JOSETestKeys.now) }
        }
        #expect(verifier.acceptedHeaderSegment == nil)
        let good = try JOSETestKeys.token(header: header, payload: JOSETestKeys.claims())
        _ = try verifier.verify(good, now: JOSETestKeys.now)
        #expect(verifier.acceptedHeaderSegment == Array(good.split(separator: ".")[0].utf8))
    }

    @Test("with the header remembered, a changed signature, another signer or a bad payload are still refused")
    func signatureAndPayloadAreCheckedAnew() throws {
        let verifier = freshVerifier()
        let good = try JOSETestKeys.token(header: header, payload: JOSETestKeys.claims())
        _ = try verifier.verify(good, now: JOSETestKeys.now)
        #expect(verifier.acceptedHeaderSegment != nil)

        var bytes = Array(good.utf8)
        bytes[bytes.count - 5] = bytes[bytes.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        expectError(JWTError(.invalidSignature)) {
            _ = try verifier.verify(String(decoding: bytes, as: UTF8.self), now: JOSETestKeys.now)
        }
        let otherSigner = try JOSETestKeys.token(
            header: header, payload: JOSETestKeys.claims(), key: JOSETestKeys.otherRSA)
        expectError(JWTError(.invalidSignature)) { _ = try verifier.verify(otherSigner, now: JOSETestKeys.now) }
        let empty = good.split(separator: ".")[0...1].joined(separator: ".") + "."
        expectError(JWTError(.invalidSignature), mentioning: ["empty"]) {
            _ = try verifier.verify(empty, now: JOSETestKeys.now)
        }
        let badSignatureText = good.split(separator: ".")[0...1].joined(separator: ".") + ".a+b"
        expectError(JWTError(.invalidBase64URL), mentioning: ["signature"]) {
            _ = try verifier.verify(badSignatureText, now: JOSETestKeys.now)
        }
        let expired = try JOSETestKeys.token(
            header: header,
            payload: #"{"iss":"https://issuer.example","aud":"app","sub":"u","iat":1,"exp":2}"#)
        expectError(JWTError(.expired)) { _ = try verifier.verify(expired, now: JOSETestKeys.now) }
        let otherAudience = try JOSETestKeys.token(
            header: header,
            payload: #"{"iss":"https://issuer.example","aud":"other","sub":"u","iat":1749999990,"exp":1750000600}"#)
        expectError(JWTError(.audienceMismatch)) { _ = try verifier.verify(otherAudience, now: JOSETestKeys.now) }
        // The remembered header is still the first one; the good token still verifies.
        #expect(verifier.acceptedHeaderSegment == Array(good.split(separator: ".")[0].utf8))
        #expect(try verifier.verify(good, now: JOSETestKeys.now).keyID == "rsa-1")
    }

    @Test("a header that differs by one byte, or names another key, is decided anew")
    func otherHeadersAreDecidedAnew() throws {
        let verifier = freshVerifier()
        _ = try verifier.verify(
            try JOSETestKeys.token(header: header, payload: JOSETestKeys.claims()), now: JOSETestKeys.now)
        // Same JSON meaning, other bytes (a space): decided anew, and it verifies with the same key.
        let spaced = try JOSETestKeys.token(header: #"{"alg":"RS256", "kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        #expect(try verifier.verify(spaced, now: JOSETestKeys.now).keySelection == .keyID("rsa-1"))
        // Another kid: its own key, and a token signed by the remembered key under that kid is refused.
        let ec = try JOSETestKeys.token(
            header: #"{"alg":"ES256","kid":"ec-1"}"#, payload: JOSETestKeys.claims(), key: JOSETestKeys.ec,
            algorithm: .es256)
        #expect(try verifier.verify(ec, now: JOSETestKeys.now).keyID == "ec-1")
        let wrongKey = try JOSETestKeys.token(
            header: #"{"alg":"ES256","kid":"ec-1"}"#, payload: JOSETestKeys.claims(), key: JOSETestKeys.attacker,
            algorithm: .es256)
        expectError(JWTError(.invalidSignature), mentioning: ["ec-1"]) {
            _ = try verifier.verify(wrongKey, now: JOSETestKeys.now)
        }
        // A header that the remembered one is a prefix of is not taken for it.
        let longer = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1","crit":["b64"],"b64":true}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.unsupportedCriticalHeader), mentioning: ["b64"]) {
            _ = try verifier.verify(longer, now: JOSETestKeys.now)
        }
    }

    @Test("concurrent first verifications on a fresh verifier all succeed and remember one header")
    func concurrentFirstUse() async throws {
        let verifier = freshVerifier()
        let tokens = try (0..<4).map { index in
            try JOSETestKeys.token(
                header: index % 2 == 0 ? header : #"{"kid":"rsa-1","alg":"RS256"}"#, payload: JOSETestKeys.claims())
        }
        try await withThrowingTaskGroup(of: String?.self) { group in
            for round in 0..<64 {
                let token = tokens[round % tokens.count]
                group.addTask { try verifier.verify(token, now: JOSETestKeys.now).keyID }
            }
            for try await keyID in group { #expect(keyID == "rsa-1") }
        }
        let remembered = try #require(verifier.acceptedHeaderSegment)
        #expect(tokens.contains { Array($0.split(separator: ".")[0].utf8) == remembered })
    }
}
