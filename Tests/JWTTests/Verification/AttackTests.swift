import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// Known attacks on JWT verifiers (RFC 8725 section 2), each refused with the right code and a message naming why.
@Suite("Attacks are refused")
struct AttackTests {
    let verifier = JOSETestKeys.verifier

    @Test("a correctly signed token verifies (the baseline the attacks start from)")
    func baseline() throws {
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        let verified = try verifier.verify(token, now: JOSETestKeys.now)
        #expect(verified.keyID == "rsa-1")
        #expect(verified.keySelection == .keyID("rsa-1"))
        #expect(verified.claims.subject == "user-1")
    }

    @Test("alg none (any case, with or without a signature) is refused", arguments: ["none", "None", "NONE", "nOnE"])
    func algNone(alg: String) throws {
        let header = JWT.Base64URL.encode(Array(#"{"alg":"\#(alg)","kid":"rsa-1"}"#.utf8))
        let payload = JWT.Base64URL.encode(Array(JOSETestKeys.claims().utf8))
        expectError(JWTError(.algorithmNotAllowed), mentioning: [alg, "never accepted"]) {
            _ = try verifier.verify("\(header).\(payload).", now: JOSETestKeys.now)
        }
        expectError(JWTError(.algorithmNotAllowed), mentioning: [alg]) {
            _ = try verifier.verify("\(header).\(payload).c2lnbmF0dXJl", now: JOSETestKeys.now)
        }
    }

    @Test("alg confusion: HS256 MACed with the RSA public key's bytes is refused")
    func algorithmConfusion() throws {
        for secret in [
            JOSETestKeys.rsa.publicKey.derRepresentation, Array(JOSETestKeys.rsa.publicKey.pemRepresentation.utf8),
        ] {
            let token = try JOSETestKeys.hmacToken(
                header: #"{"alg":"HS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims(), secret: secret)
            // Default options do not allow HMAC at all.
            expectError(JWTError(.algorithmNotAllowed), mentioning: ["HS256", "only when named"]) {
                _ = try verifier.verify(token, now: JOSETestKeys.now)
            }
            // Even when HS256 is allowed, an RSA key never verifies an HMAC.
            let options = try verifier.options.with(
                allowedAlgorithms: verifier.options.allowedAlgorithms.union([.hs256]))
            expectError(JWTError(.algorithmKeyMismatch), mentioning: ["HS256", "rsa-1"]) {
                _ = try JWTVerifier(keySet: verifier.keySet, options: options).verify(token, now: JOSETestKeys.now)
            }
        }
        // A key without pinned alg: the key type alone refuses it.
        let token = try JOSETestKeys.hmacToken(
            header: #"{"alg":"HS256","kid":"ec-1"}"#, payload: JOSETestKeys.claims(),
            secret: JOSETestKeys.ec.publicKey.derRepresentation)
        let options = try verifier.options.with(allowedAlgorithms: [.hs256])
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["HS256", "EC P-256"]) {
            _ = try JWTVerifier(keySet: verifier.keySet, options: options).verify(token, now: JOSETestKeys.now)
        }
    }

    @Test("a kid not in the set is refused, naming the kid asked for and the kids held; no fallback")
    func unknownKid() throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rotated-away"}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.unknownKeyID), mentioning: ["\"rotated-away\"", "\"rsa-1\"", "\"ec-1\"", "\"ed-1\""]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
    }

    @Test("a token carrying its own jwk header (the attacker's key) is refused; the header key is never used")
    func embeddedJWK() throws {
        let attackerJWK = JWK(publicKey: JOSETestKeys.attacker.publicKey, keyID: "ec-1")
        let jwkText = JSONValue.object(attackerJWK.members).description
        // Signed by the attacker, naming a trusted kid: the trusted key is used, so the signature fails.
        let named = try JOSETestKeys.token(
            header: #"{"alg":"ES256","kid":"ec-1","jwk":\#(jwkText)}"#, payload: JOSETestKeys.claims(),
            key: JOSETestKeys.attacker, algorithm: .es256)
        expectError(JWTError(.invalidSignature), mentioning: ["ec-1"]) {
            _ = try verifier.verify(named, now: JOSETestKeys.now)
        }
        // Without kid, the set (three usable keys) is ambiguous: the jwk header never picks a key.
        let unnamed = try JOSETestKeys.token(
            header: #"{"alg":"ES256","jwk":\#(jwkText)}"#, payload: JOSETestKeys.claims(), key: JOSETestKeys.attacker,
            algorithm: .es256)
        expectError(JWTError(.ambiguousKey), mentioning: ["no kid", "3 usable keys"]) {
            _ = try verifier.verify(unnamed, now: JOSETestKeys.now)
        }
        // With a one-key set and no kid, the set's key is used, never the header's.
        let single = JWTVerifier(
            keySet: JWKSet(keys: [JWK(publicKey: JOSETestKeys.ec.publicKey)]), options: verifier.options)
        expectError(JWTError(.invalidSignature), mentioning: []) {
            _ = try single.verify(unnamed, now: JOSETestKeys.now)
        }
    }

    @Test("jku and x5u headers are never fetched and never select a key", arguments: ["jku", "x5u"])
    func urlHeaders(member: String) throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"ES256","kid":"ec-1","\#(member)":"https://attacker.example/keys"}"#,
            payload: JOSETestKeys.claims(), key: JOSETestKeys.attacker, algorithm: .es256)
        expectError(JWTError(.invalidSignature), mentioning: ["ec-1"]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
        // A correctly signed token with such a header still verifies with the set's key: the URL is ignored.
        let honest = try JOSETestKeys.token(
            header: #"{"alg":"ES256","kid":"ec-1","\#(member)":"https://attacker.example/keys"}"#,
            payload: JOSETestKeys.claims(), key: JOSETestKeys.ec, algorithm: .es256)
        #expect(try verifier.verify(honest, now: JOSETestKeys.now).keyID == "ec-1")
    }

    @Test("duplicate alg members in the header are refused (no last-one-wins)")
    func duplicateAlg() throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1","alg":"none"}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.malformedJSON), mentioning: ["header", "\"alg\" twice"]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
        let claims = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims(#""sub":"admin""#))
        expectError(JWTError(.malformedJSON), mentioning: ["payload", "\"sub\" twice"]) {
            _ = try verifier.verify(claims, now: JOSETestKeys.now)
        }
    }

    @Test("crit naming an extension is refused unless the caller understands it")
    func crit() throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1","crit":["exp-ext"],"exp-ext":1}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.unsupportedCriticalHeader), mentioning: ["\"exp-ext\"", "4.1.11"]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
        let options = try verifier.options.with(understoodCriticalHeaders: ["exp-ext"])
        #expect(
            try JWTVerifier(keySet: verifier.keySet, options: options).verify(token, now: JOSETestKeys.now).keyID
                == "rsa-1")
        // b64 (RFC 7797) is not understood either.
        let b64 = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1","crit":["b64"],"b64":false}"#, payload: "{}")
        expectError(JWTError(.unsupportedCriticalHeader), mentioning: ["\"b64\""]) {
            _ = try verifier.verify(b64, now: JOSETestKeys.now)
        }
    }

    @Test("an oversized token is refused before any parsing")
    func oversized() throws {
        let big = String(repeating: "A", count: 70_000)
        expectError(JWTError(.limitExceeded), mentioning: ["70002 bytes", "65536"]) {
            _ = try verifier.verify("\(big).\(big.prefix(0)).", now: JOSETestKeys.now)
        }
        let options = try verifier.options.with(limits: JWSLimits(maxTokenBytes: 100))
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.limitExceeded), mentioning: ["limit of 100 bytes"]) {
            _ = try JWTVerifier(keySet: verifier.keySet, options: options).verify(token, now: JOSETestKeys.now)
        }
    }

    @Test("deep nesting in the header or the payload is refused at the limit")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let header = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1","x":\#(deep)}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.limitExceeded), mentioning: ["header", "limit of 64"]) {
            _ = try verifier.verify(header, now: JOSETestKeys.now)
        }
        let payload = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims(#""x":\#(deep)"#))
        expectError(JWTError(.limitExceeded), mentioning: ["payload", "limit of 64"]) {
            _ = try verifier.verify(payload, now: JOSETestKeys.now)
        }
    }

    @Test("a weak RSA key is unusable by default, and usable only under the named insecure policy")
    func weakRSA() throws {
        // A 1024-bit modulus and a 2048-bit modulus with e = 3 (the numbers need not be real keys to be refused).
        var small = [UInt8](repeating: 0xA5, count: 128)
        small[0] = 0xC3
        small[127] = 0x01
        var large = [UInt8](repeating: 0x5A, count: 256)
        large[0] = 0xC3
        large[255] = 0x01
        let jwks = """
            {"keys":[{"kty":"RSA","kid":"small","n":"\(JWT.Base64URL.encode(small))","e":"AQAB"},\
            {"kty":"RSA","kid":"e3","n":"\(JWT.Base64URL.encode(large))","e":"Aw"}]}
            """
        let set = try JWKSet(jwksJSON: Array(jwks.utf8))
        #expect(set.usableKeys.isEmpty)
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"small"}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.unusableKey), mentioning: ["\"small\"", "weakKey", "1024-bit", "2048"]) {
            _ = try JWTVerifier(keySet: set, options: JOSETestKeys.noAudience).verify(token, now: JOSETestKeys.now)
        }
        let e3 = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"e3"}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.unusableKey), mentioning: ["\"e3\"", "public exponent 3", "65537"]) {
            _ = try JWTVerifier(keySet: set, options: JOSETestKeys.noAudience).verify(e3, now: JOSETestKeys.now)
        }
        let insecure = try JWKSet(jwksJSON: Array(jwks.utf8), policy: .insecureAllowingWeakRSAKeys)
        #expect(insecure.usableKeys.count == 2)
        // Selected now, so the (wrong) signature is what fails.
        expectError(JWTError(.invalidSignature), mentioning: []) {
            _ = try JWTVerifier(keySet: insecure, options: JOSETestKeys.noAudience).verify(token, now: JOSETestKeys.now)
        }
    }

    @Test("a key with use \"enc\" or key_ops without verify does not verify signatures")
    func useAndKeyOps() throws {
        var members = JWK(publicKey: JOSETestKeys.ec.publicKey, keyID: "ec-1").members.members
        members.append(.init(name: "use", value: .string("enc")))
        let encSet = try JWKSet(jwksJSON: Array("{\"keys\":[\(JSONValue.object(JSONObject(members: members)))]}".utf8))
        let token = try JOSETestKeys.token(
            header: #"{"alg":"ES256","kid":"ec-1"}"#, payload: JOSETestKeys.claims(), key: JOSETestKeys.ec,
            algorithm: .es256)
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["use \"enc\"", "\"sig\""]) {
            _ = try JWTVerifier(keySet: encSet, options: JOSETestKeys.noAudience).verify(token, now: JOSETestKeys.now)
        }
        members.removeLast()
        members.append(.init(name: "key_ops", value: .array([.string("encrypt")])))
        let opsSet = try JWKSet(jwksJSON: Array("{\"keys\":[\(JSONValue.object(JSONObject(members: members)))]}".utf8))
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["key_ops", "\"verify\""]) {
            _ = try JWTVerifier(keySet: opsSet, options: JOSETestKeys.noAudience).verify(token, now: JOSETestKeys.now)
        }
    }

    @Test("a JWK alg that differs from the header's is refused")
    func mismatchedJWKAlg() throws {
        // rsa-1 is pinned to RS256; an honest PS256 signature by the same key is still refused.
        let token = try JOSETestKeys.token(
            header: #"{"alg":"PS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims(), algorithm: .ps256)
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["PS256", "\"RS256\"", "rsa-1"]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
    }

    @Test(
        "bad base64url in any segment is refused, naming the segment",
        arguments: [
            ("header", 0, "=", "'='"), ("payload", 1, "+", "'+'"), ("signature", 2, " ", "whitespace"),
            ("signature", 2, "/", "'/'"),
        ])
    func badBase64URL(segment: String, index: Int, insert: String, shown: String) throws {
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        var segments = token.split(separator: ".").map(String.init)
        segments[index] = String(segments[index].dropLast(2)) + insert + String(segments[index].suffix(1))
        expectError(JWTError(.invalidBase64URL), mentioning: [segment, shown, "position"]) {
            _ = try verifier.verify(segments.joined(separator: "."), now: JOSETestKeys.now)
        }
    }

    @Test("padding and a non-canonical last character are refused")
    func paddingAndNonCanonical() throws {
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        var segments = token.split(separator: ".").map(String.init)
        // The RSA signature is 256 bytes: 342 characters, 4 unused bits in the last one.
        let signature = segments[2]
        expectError(JWTError(.invalidBase64URL), mentioning: ["signature", "'='"]) {
            _ = try verifier.verify("\(segments[0]).\(segments[1]).\(signature)==", now: JOSETestKeys.now)
        }
        let last = signature.last!
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let value = alphabet.firstIndex(of: last)!
        segments[2] = String(signature.dropLast()) + String(alphabet[value | 1])
        if value & 1 == 0 {
            expectError(JWTError(.invalidBase64URL), mentioning: ["signature", "unused bits"]) {
                _ = try verifier.verify(segments.joined(separator: "."), now: JOSETestKeys.now)
            }
        }
        segments[2] = String(signature.dropLast()) + String(alphabet[value | 2])
        if value & 2 == 0 {
            expectError(JWTError(.invalidBase64URL), mentioning: ["signature", "unused bits"]) {
                _ = try verifier.verify(segments.joined(separator: "."), now: JOSETestKeys.now)
            }
        }
    }

    @Test("a segment that is not base64url says first that the token is not a compact JWS, then why (issue 25)")
    func notACompactJWSFirst() throws {
        let notJWS = "the token is not a compact JWS (three base64url segments, header.payload.signature"
        for token in ["not.a.jwt", "!!.e30.c2ln"] {
            do {
                _ = try verifier.verify(token, now: JOSETestKeys.now)
                Issue.record("\(token) verified")
            } catch let error as JWTError {
                #expect(error.code == .invalidBase64URL)
                #expect(error.reason.hasPrefix(notJWS), "\(error.reason)")
                #expect(error.reason.contains("the header"), "the why follows: \(error.reason)")
            }
        }
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        let segments = token.split(separator: ".").map(String.init)
        expectError(JWTError(.invalidBase64URL), mentioning: [notJWS, "the payload", "'+'"]) {
            _ = try verifier.verify("\(segments[0]).+\(segments[1].dropFirst()).\(segments[2])", now: JOSETestKeys.now)
        }
        expectError(JWTError(.invalidBase64URL), mentioning: [notJWS, "the signature", "'='"]) {
            _ = try verifier.verify("\(segments[0]).\(segments[1]).\(segments[2])==", now: JOSETestKeys.now)
        }
        // A signature that is base64url but wrong is a bad signature, never "not a compact JWS".
        do {
            _ = try verifier.verify("\(segments[0]).\(segments[1]).c2lnbmF0dXJl", now: JOSETestKeys.now)
            Issue.record("a wrong signature verified")
        } catch let error as JWTError {
            #expect(error.code == .invalidSignature)
            #expect(!error.reason.contains("not a compact JWS"), "\(error.reason)")
        }
    }

    @Test("the wrong number of segments, and a JWE, are malformed tokens")
    func segments() throws {
        for (token, fragment) in [
            ("a.b", "2 segments"), ("a.b.c.d", "4 segments"), ("a.b.c.d.e", "JWE"), ("", "empty"),
            ("{\"payload\":\"x\"}", "JSON serialization"),
        ] {
            expectError(JWTError(.malformedToken), mentioning: [fragment]) {
                _ = try verifier.verify(token, now: JOSETestKeys.now)
            }
        }
    }

    @Test("a signature by another key with the same kid is refused")
    func wrongKey() throws {
        let token = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims(), key: JOSETestKeys.otherRSA)
        expectError(JWTError(.invalidSignature), mentioning: ["RS256", "\"rsa-1\"", "does not verify"]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
    }
}
