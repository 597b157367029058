import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// The seven genuine Apple-signed Sign in with Apple tokens in ../shared/fixtures/apple-real (public, long expired;
/// provenance in each folder's source.txt), verified at a fixed "now" between their iat and exp.
@Suite(
    "Real Apple tokens", .enabled(if: SharedResources.hasAppleReal, Comment(rawValue: SharedResources.absentMessage)))
struct AppleRealTokenTests {
    static let folders = [
        "pepo-AIDOPK1-2020-01", "gameroasters-YuyXoY-2021-02", "listminut-eXaunmL-2021-05",
        "gameroasters-eXaunmL-s2s-event-2021-08", "gameroasters-eXaunmL-noemail-2021-09", "authcare-W6WcOKB-2023-07",
        "zemble-lVHdOx8ltR-2024-04",
    ]

    struct Fixture {
        let token: String
        let jwks: Data
        let keys: [[String: Any]]
        let kid: String
        let now: Date
        let audience: String
    }

    static func load(_ folder: String) throws -> Fixture {
        let directory = SharedResources.appleRealDirectory.appendingPathComponent(folder)
        let token = try String(contentsOf: directory.appendingPathComponent("token.jwt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let jwks = try Data(contentsOf: directory.appendingPathComponent("jwks.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: jwks) as? [String: Any])
        let keys = try #require(root["keys"] as? [[String: Any]])
        // Only the times and the audience are read without verification, to pick "now" inside [iat, exp].
        let unverified = try UnverifiedJWT(parsing: token)
        let iat = try #require(unverified.claims.issuedAt)
        let exp = try #require(unverified.claims.expiration)
        let kid = try #require(unverified.header.keyID)
        let audience = try #require(unverified.claims.audience?.first)
        return Fixture(
            token: token, jwks: jwks, keys: keys, kid: kid,
            now: Date(timeIntervalSince1970: (iat.timeIntervalSince1970 + exp.timeIntervalSince1970) / 2),
            audience: audience)
    }

    static func options(_ fixture: Fixture) -> JWTValidationOptions {
        try! JWTValidationOptions(
            audience: .oneOf([fixture.audience]), issuer: "https://appleid.apple.com", requiredClaims: ["exp", "iat"])
    }

    static func oneKeySet(_ key: [String: Any], relabelledAs kid: String? = nil) throws -> JWKSet {
        var key = key
        if let kid { key["kid"] = kid }
        return try JWKSet(jwksJSON: Array(try JSONSerialization.data(withJSONObject: ["keys": [key]])))
    }

    @Test("verifies with its own kid's key, issuer and audience checked", arguments: folders)
    func verifies(folder: String) throws {
        let fixture = try Self.load(folder)
        let verifier = JWTVerifier(keySet: try JWKSet(jwksJSON: fixture.jwks), options: Self.options(fixture))
        let verified = try verifier.verify(fixture.token, now: fixture.now)
        #expect(verified.keyID == fixture.kid)
        #expect(verified.keySelection == .keyID(fixture.kid))
        #expect(verified.algorithm == .rs256)
        #expect(verified.claims.issuer == "https://appleid.apple.com")
        #expect(verified.claims.subject?.isEmpty == false || verified.claims["events"] != nil)
        #expect(verified.claims.payload.first == UInt8(ascii: "{"))
        // Also through the full history of Apple keys.
        let history = try Data(
            contentsOf: SharedResources.appleRealDirectory.appendingPathComponent("jwks-history.json"))
        let historyVerifier = JWTVerifier(keySet: try JWKSet(jwksJSON: history), options: Self.options(fixture))
        #expect(try historyVerifier.verify(fixture.token, now: fixture.now).keyID == fixture.kid)
    }

    @Test("is rejected by every other key of its set", arguments: folders)
    func otherKeysFail(folder: String) throws {
        let fixture = try Self.load(folder)
        let others = fixture.keys.filter { ($0["kid"] as? String) != fixture.kid }
        #expect(!others.isEmpty, "\(folder) has decoy keys")
        for other in others {
            let otherKid = other["kid"] as? String ?? "?"
            // As published, the other key's kid does not match: no fallback to it.
            let asPublished = JWTVerifier(keySet: try Self.oneKeySet(other), options: Self.options(fixture))
            #expect(throws: JWTError(.unknownKeyID), "\(folder) with \(otherKid)") {
                try asPublished.verify(fixture.token, now: fixture.now)
            }
            // Relabelled with the token's kid, the selection reaches the signature check, which must fail.
            let relabelled = JWTVerifier(
                keySet: try Self.oneKeySet(other, relabelledAs: fixture.kid), options: Self.options(fixture))
            do {
                _ = try relabelled.verify(fixture.token, now: fixture.now)
                Issue.record("\(folder): verified with the key \(otherKid)")
            } catch let error as JWTError {
                #expect(error.code == .invalidSignature, "\(folder) with \(otherKid): \(error)")
                #expect(error.reason.contains("does not verify"))
            }
        }
    }

    @Test("is rejected when its signature or payload is tampered with", arguments: folders)
    func tampered(folder: String) throws {
        let fixture = try Self.load(folder)
        let verifier = JWTVerifier(keySet: try JWKSet(jwksJSON: fixture.jwks), options: Self.options(fixture))
        var segments = fixture.token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // Flip one character in the middle of the signature.
        var signature = Array(segments[2])
        let middle = signature.count / 2
        signature[middle] = signature[middle] == "A" ? "B" : "A"
        let badSignature = [segments[0], segments[1], String(signature)].joined(separator: ".")
        #expect(throws: JWTError(.invalidSignature)) { try verifier.verify(badSignature, now: fixture.now) }
        // Change the payload: the issuer "https://appleid.apple.com" becomes "https://appleiX.apple.com".
        let original = try JWT.Base64URL.decode(segments[1], segment: "payload")
        let text = String(decoding: original, as: UTF8.self)
        #expect(text.contains("appleid.apple.com"))
        let payload = Array(text.replacingOccurrences(of: "appleid.apple.com", with: "appleiX.apple.com").utf8)
        #expect(payload != original)
        segments[1] = JWT.Base64URL.encode(payload)
        #expect(throws: JWTError(.invalidSignature)) {
            try verifier.verify(segments.joined(separator: "."), now: fixture.now)
        }
    }

    @Test("is rejected as expired after exp + leeway, and with another audience", arguments: [folders[0], folders[6]])
    func claimsChecked(folder: String) throws {
        let fixture = try Self.load(folder)
        let verifier = JWTVerifier(keySet: try JWKSet(jwksJSON: fixture.jwks), options: Self.options(fixture))
        let unverified = try UnverifiedJWT(parsing: fixture.token)
        let exp = try #require(unverified.claims.expiration)
        #expect(throws: JWTError(.expired)) { try verifier.verify(fixture.token, now: exp.addingTimeInterval(61)) }
        _ = try verifier.verify(fixture.token, now: exp.addingTimeInterval(59))
        let options = try Self.options(fixture).with(audience: .oneOf(["com.example.other"]))
        expectError(
            JWTError(.audienceMismatch), mentioning: [fixture.audience, "com.example.other"], matchingCase: true
        ) {
            _ = try JWTVerifier(keySet: verifier.keySet, options: options).verify(fixture.token, now: fixture.now)
        }
    }
}
