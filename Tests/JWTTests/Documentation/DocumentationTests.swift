import Foundation
import GatehouseTesting
import JWT
import Testing

/// The code of JWT's DocC catalog (`Sources/JWT/JWT.docc`): every Swift listing there is one of the regions between
/// the markers below, compiled here (against the public API only: no `@testable`) and run, so the pages cannot drift
/// from the API. The catalog's errors article has an entry for every `JWTError` code.
@Suite("JWT documentation")
struct DocumentationTests {
    static let catalog = DocumentationCatalog(
        module: "JWT", snippetsIn: "Tests/JWTTests/Documentation/DocumentationTests.swift",
        errorType: "JWTError", declaredIn: "Sources/JWT/Errors/JWTError.swift")
    static let signingKey: PrivateKey = try! PrivateKey.generate(.ec(.p256))
    /// 2026-11-29T12:00:00Z.
    static let issuedAt: Int64 = 1_795_953_600

    /// A key set with the signing key (kid "key-2026") and a key of a curve this library does not support.
    static var jwksJSON: [UInt8] {
        let good = JSONValue.object(JWK(publicKey: signingKey.publicKey, keyID: "key-2026", algorithm: .es256).members)
        let unsupported = #"{"kty":"EC","crv":"secp256k1","kid":"k1","x":"AA","y":"AA"}"#
        return Array("{\"keys\":[\(good),\(unsupported)]}".utf8)
    }

    static var pem: String { signingKey.pemRepresentation }

    // MARK: The code of the pages

    static func sign(pem: String) throws -> String {
        // snippet-start: sign
        let key = try PrivateKey(pemRepresentation: pem)
        let signer = try JWSSigner(
            privateKey: key, algorithm: .es256, keyID: "key-2026")
        let claims =
            #"{"iss":"https://issuer.example","aud":"com.example.app","#
            + #""sub":"user-1","exp":1795957200}"#
        let token = try signer.sign(claimsJSON: Array(claims.utf8))
        // snippet-end
        return token
    }

    static func verify(_ token: String, jwksJSON: [UInt8], clock: any TimeSource) throws -> String? {
        // snippet-start: verify
        // A bad key stays in the set as unusable, with its reason:
        let keys = try JWKSet(jwksJSON: jwksJSON)
        let options = try JWTValidationOptions(
            audience: .oneOf(["com.example.app"]), allowedAlgorithms: [.es256],
            issuer: "https://issuer.example")
        let verifier = JWTVerifier(keySet: keys, options: options)
        let verified = try verifier.verify(token, now: clock.now())
        let subject = verified.claims.subject
        // snippet-end
        return subject
    }

    struct Profile: Decodable {
        let sub: String
        let email: String?
    }

    static func decode(_ verified: VerifiedJWT) throws -> Profile {
        // snippet-start: decode
        let profile = try verified.claims(as: Profile.self)
        // snippet-end
        return profile
    }

    static func unusableKeys(_ keys: JWKSet) -> [String] {
        // snippet-start: unusable-keys
        let unusable = keys.keys.compactMap { key -> String? in
            guard case .unusable(let why) = key.usability else { return nil }
            // "k1: JWTError.unsupportedKey: ..."
            return "\(key.keyID ?? "a key without kid"): \(why)"
        }
        // snippet-end
        return unusable
    }

    static func httpStatus(for error: JWTError) -> Int {
        // snippet-start: http-status
        switch error.code {
        case .invalidOptions, .signingFailed, .cryptoFailure:
            return 500  // a fault on this side, not in the token
        default:
            // Refused: error.reason names the check and the values involved
            return 401
        }
        // snippet-end
    }

    // MARK: The code runs

    @Test("sign, then verify: the subject, the key chosen by kid, and the claims decoded into a type")
    func signAndVerify() throws {
        let token = try Self.sign(pem: Self.pem)
        let subject = try Self.verify(
            token, jwksJSON: Self.jwksJSON, clock: .fixed(Date(timeIntervalSince1970: 1_795_953_600)))
        #expect(subject == "user-1")
        let verifier = JWTVerifier(
            keySet: try JWKSet(jwksJSON: Self.jwksJSON),
            options: try JWTValidationOptions(audience: .oneOf(["com.example.app"])))
        let verified = try verifier.verify(token, now: Date(timeIntervalSince1970: 1_795_953_600))
        #expect(verified.keySelection == .keyID("key-2026"))
        let profile = try Self.decode(verified)
        #expect(profile.sub == "user-1")
        #expect(profile.email == nil)
    }

    @Test("a key of an unsupported curve stays in the set as unusable, with its reason")
    func unusable() throws {
        let lines = Self.unusableKeys(try JWKSet(jwksJSON: Self.jwksJSON))
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("k1: JWTError.unsupportedKey: ") == true, "\(lines)")
    }

    @Test("options are checked when they are made, and errors match by code")
    func optionsAreChecked() throws {
        // snippet-start: invalid-options
        #expect(throws: JWTError(.invalidOptions)) {
            try JWTValidationOptions(audience: .oneOf([]))
        }
        #expect(throws: JWTError(.invalidOptions)) {
            try JWTValidationOptions(audience: .insecureNotChecked, leeway: .nan)
        }
        // snippet-end
        let token = try Self.sign(pem: Self.pem)
        let verifier = JWTVerifier(
            keySet: try JWKSet(jwksJSON: Self.jwksJSON),
            options: try JWTValidationOptions(audience: .insecureNotChecked))
        let tomorrow = Date(timeIntervalSince1970: 1_796_040_000)
        // snippet-start: match
        #expect(throws: JWTError(.expired)) {
            try verifier.verify(token, now: tomorrow)
        }
        // snippet-end
        #expect(Self.httpStatus(for: JWTError(.expired)) == 401)
        #expect(Self.httpStatus(for: JWTError(.invalidOptions)) == 500)
    }

    @Test("a reason quoting a control character from a token is one line, the character escaped")
    func escapedReason() throws {
        let error = JWTError(.issuerMismatch, "the token's issuer is \"x\nVerdict: VALID\"")
        #expect(error.reason == "the token's issuer is \"x\\u000aVerdict: VALID\"")
        #expect(error.description == "JWTError.issuerMismatch: " + error.reason)
    }

    // MARK: The catalog agrees with the code

    @Test("every Swift listing of the catalog is a snippet region of this file, and every region is shown")
    func listingsAreCompiledCode() throws { try Self.catalog.expectListingsAreSnippets() }

    @Test("the errors article has an entry for every JWTError code")
    func everyCodeIsExplained() throws { try Self.catalog.expectEveryCodeExplained() }
}
