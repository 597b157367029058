import Foundation
import GatehouseTesting
import Testing

@testable import JWT

@Suite("Verifier results, signing, decoding and unverified inspection")
struct JWTVerifierTests {
    struct AppClaims: Codable, Equatable {
        let iss: String
        let sub: String
        let aud: String
        let exp: Date
        let iat: Date
        let role: String
    }

    static let claims = AppClaims(
        iss: "https://issuer.example", sub: "user-1", aud: "app", exp: Date(timeIntervalSince1970: 1_750_000_600),
        iat: Date(timeIntervalSince1970: 1_749_999_990), role: "admin")

    let options = try! JWTValidationOptions(audience: .oneOf(["app"]), issuer: "https://issuer.example")

    @Test(
        "JWSSigner tokens verify for every asymmetric algorithm, header {alg,kid,typ}",
        arguments: [
            (JWSAlgorithm.rs256, "rsa-1"), (.rs384, "rsa-x"), (.rs512, "rsa-x"), (.ps256, "rsa-x"), (.ps384, "rsa-x"),
            (.ps512, "rsa-x"), (.es256, "ec-1"), (.edDSA, "ed-1"),
        ])
    func signAndVerify(algorithm: JWSAlgorithm, kid: String) throws {
        let key =
            algorithm.rawValue.hasPrefix("ES")
            ? JOSETestKeys.ec : algorithm == .edDSA ? JOSETestKeys.ed : JOSETestKeys.rsa
        // rsa-1 is pinned to RS256; other RSA algorithms use an unpinned JWK of the same key.
        var keys = JOSETestKeys.keySet.keys
        keys.append(JWK(publicKey: JOSETestKeys.rsa.publicKey, keyID: "rsa-x"))
        let verifier = JWTVerifier(keySet: JWKSet(keys: keys), options: options)
        let signer = try JWSSigner(privateKey: key, algorithm: algorithm, keyID: kid)
        let token = try signer.sign(Self.claims)
        let verified = try verifier.verify(token, now: JOSETestKeys.now)
        #expect(verified.algorithm == algorithm)
        #expect(verified.keyID == kid && verified.keySelection == .keyID(kid))
        #expect(verified.header.raw.names == ["alg", "kid", "typ"])
        #expect(verified.header.type == "JWT")
        #expect(try verified.claims(as: AppClaims.self) == Self.claims)
        #expect(verified.claims["role"]?.stringValue == "admin")
        #expect(
            verified.claims.payload == Array(try JWT.Base64URL.decode(token.split(separator: ".")[1], segment: "p")))
    }

    @Test("HMAC signing and verification when HS256 is named; sign(claimsJSON:) keeps the bytes exactly")
    func hmac() throws {
        let secret = SymmetricKey(bytes: [UInt8](repeating: 0x42, count: 32))
        let signer = try JWSSigner(symmetricKey: secret, algorithm: .hs256, keyID: "h")
        let json = Array(JOSETestKeys.claims(#""n":12345678901234567890"#).utf8)
        let token = try signer.sign(claimsJSON: json)
        let set = try JWKSet(
            jwksJSON: Array(
                "{\"keys\":[{\"kty\":\"oct\",\"kid\":\"h\",\"k\":\"\(JWT.Base64URL.encode(secret.bytes))\"}]}".utf8))
        let hsOptions = try options.with(allowedAlgorithms: [.hs256])
        let verified = try JWTVerifier(keySet: set, options: hsOptions).verify(token, now: JOSETestKeys.now)
        #expect(verified.claims.payload == json)
        #expect(verified.claims["n"]?.numberValue?.text == "12345678901234567890")
        expectError(JWTError(.algorithmNotAllowed), mentioning: ["HS256"]) {
            _ = try JWTVerifier(keySet: set, options: options).verify(token, now: JOSETestKeys.now)
        }
    }

    @Test("signer errors: key/algorithm mismatch, short secret, claims that are not a JSON object")
    func signerErrors() throws {
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["ES256"]) {
            _ = try JWSSigner(privateKey: JOSETestKeys.rsa, algorithm: .es256)
        }
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["RS256"]) {
            _ = try JWSSigner(symmetricKey: SymmetricKey(bytes: [UInt8](repeating: 1, count: 64)), algorithm: .rs256)
        }
        expectError(JWTError(.weakKey), mentioning: ["16 bytes", "HS256", "32"]) {
            _ = try JWSSigner(symmetricKey: SymmetricKey(bytes: [UInt8](repeating: 1, count: 16)), algorithm: .hs256)
        }
        let signer = try JWSSigner(privateKey: JOSETestKeys.ec, algorithm: .es256)
        expectError(JWTError(.malformedToken), mentioning: ["array", "JSON object"]) {
            _ = try signer.sign(claimsJSON: Array("[1]".utf8))
        }
        expectError(JWTError(.malformedJSON), mentioning: []) { _ = try signer.sign(claimsJSON: Array("{".utf8)) }
        expectError(JWTError(.malformedToken), mentioning: ["JSON object"]) { _ = try signer.sign([1, 2, 3]) }
    }

    @Test("claims(as:) failures are decodingFailed naming the type and the claim")
    func decodingFailed() throws {
        struct NeedsRole: Decodable { let role: String }
        struct WrongType: Decodable { let sub: Int }
        let token = try JWSSigner(privateKey: JOSETestKeys.rsa, algorithm: .rs256, keyID: "rsa-1")
            .sign(claimsJSON: Array(JOSETestKeys.claims().utf8))
        let verified = try JWTVerifier(keySet: JOSETestKeys.keySet, options: options).verify(
            token, now: JOSETestKeys.now)
        expectError(JWTError(.decodingFailed), mentioning: ["NeedsRole", "\"role\" is missing"]) {
            _ = try verified.claims(as: NeedsRole.self)
        }
        expectError(JWTError(.decodingFailed), mentioning: ["WrongType", "\"sub\""]) {
            _ = try verified.claims(as: WrongType.self)
        }
    }

    @Test("claim failures surface from verify after the signature: expired, issuer, audience")
    func claimFailures() throws {
        let signer = try JWSSigner(privateKey: JOSETestKeys.rsa, algorithm: .rs256, keyID: "rsa-1")
        let verifier = JWTVerifier(keySet: JOSETestKeys.keySet, options: options)
        let token = try signer.sign(claimsJSON: Array(JOSETestKeys.claims().utf8))
        expectError(JWTError(.expired), mentioning: ["exp 1750000600"]) {
            _ = try verifier.verify(token, now: Date(timeIntervalSince1970: 1_750_000_660))
        }
        let wrongIssuer = JWTVerifier(
            keySet: JOSETestKeys.keySet,
            options: try JWTValidationOptions(audience: .insecureNotChecked, issuer: "https://other.example"))
        expectError(JWTError(.issuerMismatch), mentioning: ["https://issuer.example", "https://other.example"]) {
            _ = try wrongIssuer.verify(token, now: JOSETestKeys.now)
        }
        // A forged signature fails before any claim is looked at, even with an expired exp.
        let forged = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: #"{"exp":1}"#, key: JOSETestKeys.otherRSA)
        expectError(JWTError(.invalidSignature), mentioning: []) {
            _ = try verifier.verify(forged, now: JOSETestKeys.now)
        }
        // A string NumericDate in a correctly signed token is invalidClaim.
        let stringExp = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: #"{"exp":"1750000600"}"#)
        expectError(JWTError(.invalidClaim), mentioning: ["\"exp\"", "string"]) {
            _ = try verifier.verify(stringExp, now: JOSETestKeys.now)
        }
    }

    @Test("UnverifiedJWT reads header and claims without any key, and says so in its name")
    func unverified() throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"whoever"}"#, payload: JOSETestKeys.claims(), key: JOSETestKeys.otherRSA)
        let unverified = try UnverifiedJWT(parsing: token)
        #expect(unverified.header.keyID == "whoever")
        #expect(unverified.claims.subject == "user-1")
        #expect(unverified.signature.count == 256)
        expectError(JWTError(.malformedToken), mentioning: ["2 segments"]) { _ = try UnverifiedJWT(parsing: "a.b") }
        expectError(JWTError(.limitExceeded), mentioning: ["limit of 10 bytes"]) {
            _ = try UnverifiedJWT(parsing: token, limits: JWSLimits(maxTokenBytes: 10))
        }
    }

    @Test("verifyJWS checks the signature only; its payload may be any bytes")
    func jwsOnly() throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"EdDSA","kid":"ed-1"}"#, payload: "hello", key: JOSETestKeys.ed, algorithm: .edDSA)
        let verifier = JWTVerifier(keySet: JOSETestKeys.keySet, options: JOSETestKeys.noAudience)
        #expect(try verifier.verifyJWS(token).payload == Array("hello".utf8))
        expectError(JWTError(.malformedJSON), mentioning: ["payload"]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
    }
}
