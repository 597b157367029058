import Foundation
import GatehouseTesting
import Testing

@testable import JWT

@Suite("JWK and JWKS (RFC 7517), key policy and key selection")
struct JWKSetTests {
    static func set(_ json: String, policy: KeyPolicy = .default) throws -> JWKSet {
        try JWKSet(jwksJSON: Array(json.utf8), policy: policy)
    }

    static let ecJWK = JSONValue.object(JWK(publicKey: JOSETestKeys.ec.publicKey, keyID: "ec-1").members).description

    @Test(
        "a document that is not a JWKS is invalidKeySet naming why",
        arguments: [
            ("not json", "not valid JSON"), ("[]", "JSON array"), (#"{"kty":"RSA"}"#, "single JWK"),
            (#"{"keys":{}}"#, "must be an array"), (#"{"keys":[1,}"#, "not a JWKS"), ("", "not a JWKS"),
        ])
    func notAJWKS(json: String, fragment: String) {
        expectError(JWTError(.invalidKeySet), mentioning: [fragment]) { _ = try Self.set(json) }
    }

    @Test("a bad key stays in the set as unusable with its reason; the good keys stay usable")
    func badKeysStay() throws {
        let json = """
            {"keys":[\(Self.ecJWK),
            {"kty":"RSA","kid":"no-e","n":"AQAB"},
            {"kty":"XYZ","kid":"alien"},
            {"kty":"EC","kid":"bad-crv","crv":"P-192","x":"AA","y":"AA"},
            {"kty":"EC","kid":"short","crv":"P-256","x":"AQAB","y":"AQAB"},
            {"kty":"OKP","kid":"x448","crv":"X448","x":"AA"},
            {"kty":"RSA","kid":"bad-b64","n":"AQ+B","e":"AQAB"},
            {"kty":"EC","kid":"private","crv":"P-256","x":"AA","y":"AA","d":"AA"},
            "not an object",
            {"kty":"oct","kid":"empty","k":""}]}
            """
        let set = try Self.set(json)
        #expect(set.keys.count == 10)
        #expect(set.usableKeys.map(\.keyID) == ["ec-1"])
        #expect(set.keyIDs == ["ec-1", "no-e", "alien", "bad-crv", "short", "x448", "bad-b64", "private", "empty"])
        let reasons: [(String, JWTError.Code, String)] = [
            ("no-e", .invalidKey, "no \"e\""), ("alien", .unsupportedKey, "\"XYZ\""),
            ("bad-crv", .unsupportedKey, "P-192"),
            ("short", .invalidKey, "exactly 32"), ("x448", .unsupportedKey, "X448"), ("bad-b64", .invalidKey, "'+'"),
            ("private", .invalidKey, "private key material"), ("empty", .invalidKey, "empty"),
        ]
        for (kid, code, fragment) in reasons {
            let key = try #require(set.keys.first { $0.keyID == kid })
            guard case .unusable(let error) = key.usability else {
                Issue.record("\(kid) is usable")
                continue
            }
            #expect(error.code == code, "\(kid): \(error)")
            #expect(error.reason.contains(fragment), "\(kid): \(error.reason)")
            // Selecting it is a rejection naming why.
            expectError(JWTError(.unusableKey), mentioning: ["\"\(kid)\"", fragment]) {
                _ = try set.selectKey(keyID: kid)
            }
        }
        guard case .unusable(let error) = set.keys[8].usability else {
            Issue.record("a non-object entry is usable")
            return
        }
        #expect(error.reason.contains("key #8") && error.reason.contains("string"))
        // One usable key: a token without kid selects it.
        #expect(try set.selectKey(keyID: nil).reason == .onlyUsableKey)
    }

    @Test("selection: by kid, unknownKeyID names asked and held kids, ambiguousKey without kid")
    func selection() throws {
        let set = JOSETestKeys.keySet
        let (key, reason) = try set.selectKey(keyID: "ec-1")
        #expect(key.keyID == "ec-1" && reason == .keyID("ec-1"))
        expectError(JWTError(.unknownKeyID), mentioning: ["\"nope\"", "\"rsa-1\", \"ec-1\", \"ed-1\""]) {
            _ = try set.selectKey(keyID: "nope")
        }
        expectError(JWTError(.ambiguousKey), mentioning: ["no kid", "3 usable keys"]) {
            _ = try set.selectKey(keyID: nil)
        }
        expectError(JWTError(.ambiguousKey), mentioning: ["0 usable keys"]) {
            _ = try JWKSet(keys: []).selectKey(keyID: nil)
        }
    }

    @Test("keys sharing a kid are all unusable (RFC 7517 section 4.5)")
    func duplicateKid() throws {
        let set = try Self.set("{\"keys\":[\(Self.ecJWK),\(Self.ecJWK)]}")
        #expect(set.usableKeys.isEmpty)
        expectError(JWTError(.unusableKey), mentioning: ["\"ec-1\"", "used by 2 keys"]) {
            _ = try set.selectKey(keyID: "ec-1")
        }
    }

    @Test("an oct key among public keys is unusable; alone it is usable")
    func secretAmongPublicKeys() throws {
        let secret = JWT.Base64URL.encode([UInt8](repeating: 7, count: 32))
        let mixed = try Self.set("{\"keys\":[\(Self.ecJWK),{\"kty\":\"oct\",\"kid\":\"s\",\"k\":\"\(secret)\"}]}")
        expectError(JWTError(.unusableKey), mentioning: ["\"s\"", "public keys", "separate set"]) {
            _ = try mixed.selectKey(keyID: "s")
        }
        let alone = try Self.set("{\"keys\":[{\"kty\":\"oct\",\"kid\":\"s\",\"k\":\"\(secret)\"}]}")
        #expect(alone.usableKeys.count == 1)
    }

    @Test("each OpenSSL key is built once, when the set is read, and reused by every verification")
    func builtOnce() throws {
        let set = try Self.set("{\"keys\":[\(Self.ecJWK)]}")
        let stored = try #require(set.keys[0].publicKey)
        let verifier = JWTVerifier(keySet: set, options: JOSETestKeys.noAudience)
        for _ in 0..<3 {
            let token = try JOSETestKeys.token(
                header: #"{"alg":"ES256","kid":"ec-1"}"#, payload: JOSETestKeys.claims(), key: JOSETestKeys.ec,
                algorithm: .es256)
            let verified = try verifier.verify(token, now: JOSETestKeys.now)
            #expect(verified.key.publicKey === stored)
        }
    }

    @Test("JWK(jwkJSON:) throws for a bad or refused key; JWK(publicKey:) from PEM round-trips")
    func singleJWK() throws {
        expectError(JWTError(.invalidKey), mentioning: ["not valid JSON"]) { _ = try JWK(jwkJSON: Array("{".utf8)) }
        expectError(JWTError(.invalidKey), mentioning: ["JSON array"]) { _ = try JWK(jwkJSON: Array("[]".utf8)) }
        expectError(JWTError(.invalidKey), mentioning: ["no \"kty\""]) { _ = try JWK(jwkJSON: Array("{}".utf8)) }
        expectError(JWTError(.invalidKey), mentioning: ["\"kid\"", "must be a string"]) {
            _ = try JWK(jwkJSON: Array(#"{"kty":"oct","k":"AA","kid":1}"#.utf8))
        }
        let pem = JOSETestKeys.rsa.publicKey.pemRepresentation
        let jwk = JWK(publicKey: try PublicKey(pemRepresentation: pem), keyID: "from-pem", algorithm: .rs256)
        #expect(jwk.keyType == "RSA" && jwk.keyID == "from-pem" && jwk.algorithmName == "RS256")
        let reparsed = try JWK(jwkJSON: Array(JSONValue.object(jwk.members).description.utf8))
        #expect(reparsed.publicKey?.derRepresentation == JOSETestKeys.rsa.publicKey.derRepresentation)
        #expect(try reparsed.thumbprint() == jwk.thumbprint())
        for key in [JOSETestKeys.ec, JOSETestKeys.ed] {
            let built = JWK(publicKey: key.publicKey)
            let again = try JWK(jwkJSON: Array(JSONValue.object(built.members).description.utf8))
            #expect(again.publicKey?.derRepresentation == key.publicKey.derRepresentation)
            #expect(try again.thumbprint().count == 43)
        }
    }

    @Test("the ROCA fingerprint test flags a generated-looking modulus only when it has the structure")
    func roca() throws {
        // A real 2048-bit modulus (the test RSA key) does not have the fingerprint.
        guard case .rsa(let modulus, _) = JOSETestKeys.rsa.publicKey.components else {
            Issue.record("not RSA")
            return
        }
        #expect(!ROCAFingerprint.matches(modulus: modulus))
        // 65537^k itself is in every subgroup: it has the fingerprint by construction.
        #expect(ROCAFingerprint.matches(modulus: [0x01, 0x00, 0x01]))
        #expect(
            KeyPolicy.default.rejectsROCAFingerprint && KeyPolicy.insecureAllowingWeakRSAKeys.rejectsROCAFingerprint)
    }

    @Test("HMAC keys shorter than the hash are weakKey at verification (RFC 7518 section 3.2)")
    func shortHMAC() throws {
        let secret = [UInt8](repeating: 9, count: 40)
        let set = try Self.set("{\"keys\":[{\"kty\":\"oct\",\"kid\":\"h\",\"k\":\"\(JWT.Base64URL.encode(secret))\"}]}")
        let verifier = JWTVerifier(
            keySet: set,
            options: try JWTValidationOptions(audience: .insecureNotChecked, allowedAlgorithms: [.hs256, .hs384]))
        let ok = try JOSETestKeys.hmacToken(
            header: #"{"alg":"HS256","kid":"h"}"#, payload: JOSETestKeys.claims(), secret: secret)
        #expect(try verifier.verify(ok, now: JOSETestKeys.now).algorithm == .hs256)
        let short = try JOSETestKeys.hmacToken(
            header: #"{"alg":"HS384","kid":"h"}"#, payload: JOSETestKeys.claims(), secret: secret, algorithm: .hs384)
        expectError(JWTError(.weakKey), mentioning: ["40 bytes", "HS384", "48"]) {
            _ = try verifier.verify(short, now: JOSETestKeys.now)
        }
        expectError(JWTError(.weakKey), mentioning: ["31 bytes"]) {
            _ = try JWK(secret: [UInt8](repeating: 1, count: 31))
        }
    }

    @Test("a key set document over 1 MiB is invalidKeySet before parsing")
    func documentSize() {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: JWKSet.maximumDocumentBytes + 1)
        expectError(JWTError(.invalidKeySet), mentioning: ["1048577 bytes", "limit of 1048576"]) {
            _ = try JWKSet(jwksJSON: big)
        }
    }

    @Test("KeyPolicy.evaluate: meets for EC and strong RSA, fails with weakKey naming the size otherwise")
    func policyVerdicts() throws {
        #expect(KeyPolicy.default.evaluate(JOSETestKeys.ec.publicKey) == .meets)
        #expect(KeyPolicy.default.evaluate(JOSETestKeys.rsa.publicKey) == .meets)
        let strict = KeyPolicy(
            minimumRSAModulusBits: 3072, minimumRSAPublicExponent: 65537, rejectsROCAFingerprint: true)
        guard case .fails(let error) = strict.evaluate(JOSETestKeys.rsa.publicKey) else {
            Issue.record("a 2048-bit key meets a 3072-bit policy")
            return
        }
        #expect(error.code == .weakKey && error.reason.contains("2048-bit") && error.reason.contains("3072"))
        #expect(
            JWKSet(keys: [JWK(publicKey: JOSETestKeys.rsa.publicKey, keyID: "r")], policy: strict).usableKeys.isEmpty)
    }

    @Test("a JWK describes itself with kid, type and usability")
    func description() throws {
        let usable = JWK(publicKey: JOSETestKeys.ec.publicKey, keyID: "ec-1", algorithm: .es256)
        #expect(usable.description == "kid \"ec-1\" EC (EC P-256) alg ES256, usable")
        let set = try Self.set(#"{"keys":[{"kty":"XYZ","kid":"alien"}]}"#)
        #expect(set.keys[0].description.contains("unusable") && set.keys[0].description.contains("XYZ"))
    }
}
