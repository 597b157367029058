import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// Security round 2, items 4 and 5: one token must read one way only. Member names and every string a security
/// decision depends on are compared by their code points (ExactString), never by Swift's canonical equivalence and
/// never with bytes dropped.
@Suite("Parser differentials: names and strings compared exactly")
struct ParserDifferentialTests {
    let verifier = JOSETestKeys.verifier

    /// Control characters put before or after a registered name, as JSON escapes.
    static let affixes = ["\\u0000", "\\u0001", "\\u001f", "\\t", "\\n", "\\u007f", "\\u0085", "\\u009f"]
    static let headerNames = ["alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit"]
    static let claimNames = ["iss", "sub", "aud", "exp", "nbf", "iat", "jti"]

    /// Every way to dress a registered name with a control character: before, after, both.
    static func variants(of name: String) -> [String] {
        affixes.flatMap { affix in [affix + name, name + affix, affix + name + affix, affix + affix + name] }
    }

    @Test("the reviewer's header: alg none beside \"\\u0000alg\":\"RS256\" reads as alg none, and is refused")
    func nulPrefixedAlgIsNotAlg() throws {
        let header = #"{"alg":"none","\u0000alg":"RS256","kid":"rsa-1"}"#
        let token = try JOSETestKeys.token(header: header, payload: JOSETestKeys.claims())
        expectError(JWTError(.algorithmNotAllowed), mentioning: ["\"none\""]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
        let parsed = try UnverifiedJWT(parsing: token)
        #expect(parsed.header.algorithmName == "none")
        #expect(parsed.header.raw["\u{0}alg"] == .string("RS256"))
    }

    @Test("a \"\\u0000kid\" member never chooses the key")
    func nulPrefixedKidIsNotKid() throws {
        let header = #"{"alg":"RS256","kid":"rsa-1","\u0000kid":"ec-1"}"#
        let token = try JOSETestKeys.token(header: header, payload: JOSETestKeys.claims())
        let verified = try verifier.verify(token, now: JOSETestKeys.now)
        #expect(verified.keyID == "rsa-1")
        // With only the NUL-prefixed kid, the token has no kid: three usable keys make it ambiguous.
        let only = try JOSETestKeys.token(
            header: #"{"alg":"RS256","\u0000kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        expectError(JWTError(.ambiguousKey), mentioning: ["no kid"]) {
            _ = try verifier.verify(only, now: JOSETestKeys.now)
        }
    }

    @Test("every registered header name dressed with a control character is another, unregistered member")
    func headerNamesWithControlCharacters() throws {
        for name in Self.headerNames {
            for variant in Self.variants(of: name) {
                // A value of the wrong type for every registered member: read as the registered member it would be
                // an invalidHeader (or a duplicate); read as another name it is an ignored extension.
                let header = #"{"alg":"RS256","kid":"rsa-1","\#(variant)":17}"#
                let token = try JOSETestKeys.token(header: header, payload: JOSETestKeys.claims())
                let verified: VerifiedJWT
                do {
                    verified = try verifier.verify(token, now: JOSETestKeys.now)
                } catch {
                    Issue.record("\(variant): \(error)")
                    continue
                }
                #expect(verified.header.algorithmName == "RS256", "\(variant)")
                #expect(verified.header.keyID == "rsa-1", "\(variant)")
                #expect(
                    verified.header.raw[name]
                        == (name == "alg" ? .string("RS256") : name == "kid" ? .string("rsa-1") : nil))
                #expect(verified.header.raw.count == 3, "\(variant)")
            }
        }
    }

    @Test("every registered claim name dressed with a control character is another claim")
    func claimNamesWithControlCharacters() throws {
        for name in Self.claimNames {
            for variant in Self.variants(of: name) {
                // Expired, wrong audience, wrong issuer, wrong types: none of it may reach the registered claim.
                let token = try JOSETestKeys.token(
                    header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims(#""\#(variant)":1"#))
                do {
                    let verified = try verifier.verify(token, now: JOSETestKeys.now)
                    #expect(verified.claims.issuer == "https://issuer.example", "\(variant)")
                    #expect(verified.claims.audience == ["app"], "\(variant)")
                    #expect(verified.claims.expiration == Date(timeIntervalSince1970: 1_750_000_600), "\(variant)")
                    #expect(verified.claims.notBefore == nil, "\(variant)")
                    #expect(verified.claims.jwtID == nil, "\(variant)")
                } catch {
                    Issue.record("\(variant): \(error)")
                }
            }
        }
        // And a registered claim missing but for a dressed copy is missing.
        let missing = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#,
            payload: #"{"iss":"https://issuer.example","aud":"app","\u0000exp":1750000600}"#)
        expectError(JWTError(.missingClaim), mentioning: ["\"exp\""]) {
            _ = try verifier.verify(missing, now: JOSETestKeys.now)
        }
    }

    @Test("names that differ only by a NUL are two members, not a duplicate and not one another")
    func nulDistinguishesNames() throws {
        let value = try JSONValue.parse(Array(#"{"a":1,"\u0000a":2,"a\u0000":3}"#.utf8))
        #expect(value.objectValue?["a"] == .number(JSONNumber(1)))
        #expect(value.objectValue?["\u{0}a"] == .number(JSONNumber(2)))
        #expect(value.objectValue?["a\u{0}"] == .number(JSONNumber(3)))
    }

    // MARK: Item 5: canonical equivalence

    @Test("an aud with the Kelvin sign does not match com.Kelvin.app")
    func kelvinAudience() throws {
        let options = try JWTValidationOptions(audience: .oneOf(["com.Kelvin.app"]), issuer: "https://issuer.example")
        let verifier = JWTVerifier(keySet: JOSETestKeys.keySet, options: options)
        let kelvin = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#,
            payload: #"{"iss":"https://issuer.example","aud":"com.\u212Aelvin.app","exp":1750000600}"#)
        expectError(JWTError(.audienceMismatch), mentioning: ["com.Kelvin.app"]) {
            _ = try verifier.verify(kelvin, now: JOSETestKeys.now)
        }
        let plain = try JOSETestKeys.token(
            header: #"{"alg":"RS256","kid":"rsa-1"}"#,
            payload: #"{"iss":"https://issuer.example","aud":"com.Kelvin.app","exp":1750000600}"#)
        #expect(try verifier.verify(plain, now: JOSETestKeys.now).claims.audience == ["com.Kelvin.app"])
    }

    @Test("an NFD iss does not match the NFC issuer expected, nor the other way round")
    func normalisedIssuer() throws {
        for (expected, given) in [
            ("https://caf\u{E9}.example", "https://cafe\\u0301.example"),
            ("https://cafe\u{301}.example", "https://caf\\u00e9.example"),
        ] {
            let verifier = JWTVerifier(
                keySet: JOSETestKeys.keySet,
                options: try JWTValidationOptions(audience: .oneOf(["app"]), issuer: expected))
            let token = try JOSETestKeys.token(
                header: #"{"alg":"RS256","kid":"rsa-1"}"#,
                payload: #"{"iss":"\#(given)","aud":"app","exp":1750000600}"#)
            expectError(JWTError(.issuerMismatch), mentioning: ["expected"]) {
                _ = try verifier.verify(token, now: JOSETestKeys.now)
            }
        }
    }

    @Test("a kid \\u212A1 does not select the key K1, and K beside \\u212A are two distinct kids")
    func kelvinKeyIDs() throws {
        let set = JWKSet(keys: [
            JWK(publicKey: JOSETestKeys.rsa.publicKey, keyID: "K1"),
            JWK(publicKey: JOSETestKeys.ec.publicKey, keyID: "K"),
            JWK(publicKey: JOSETestKeys.ed.publicKey, keyID: "\u{212A}"),
        ])
        #expect(set.usableKeys.count == 3, "K and the Kelvin sign are different kids: no duplicate")
        #expect(try set.selectKey(keyID: "K").key.keyType == "EC")
        #expect(try set.selectKey(keyID: "\u{212A}").key.keyType == "OKP")
        expectError(JWTError(.unknownKeyID), mentioning: ["\u{212A}1"]) { _ = try set.selectKey(keyID: "\u{212A}1") }
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"\u212A1"}"#, payload: JOSETestKeys.claims())
        let verifier = JWTVerifier(
            keySet: set, options: try JWTValidationOptions(audience: .oneOf(["app"]), issuer: "https://issuer.example"))
        expectError(JWTError(.unknownKeyID), mentioning: ["\"K1\""]) {
            _ = try verifier.verify(token, now: JOSETestKeys.now)
        }
    }

    @Test("duplicate member detection compares code points in objects of every size", arguments: [1, 15, 16, 40])
    func duplicateDetectionIsExact(size: Int) throws {
        let filler = (0..<size).map { #""m\#($0)":0"# }.joined(separator: ",")
        // NFC and NFD spellings of one name are two names, not a duplicate.
        let distinct = try JSONValue.parse(Array(#"{\#(filler),"caf\u00e9":1,"cafe\u0301":2}"#.utf8))
        #expect(distinct.objectValue?.count == size + 2)
        #expect(distinct.objectValue?["caf\u{E9}"] == .number(JSONNumber(1)))
        #expect(distinct.objectValue?["cafe\u{301}"] == .number(JSONNumber(2)))
        // The same name twice is a duplicate, however it is escaped.
        #expect(throws: JWTError(.malformedJSON)) {
            try JSONValue.parse(Array(#"{\#(filler),"caf\u00e9":1,"caf\u00E9":2}"#.utf8))
        }
        #expect(throws: JWTError(.malformedJSON)) {
            try JSONValue.parse(Array(#"{\#(filler),"K":1,"\u004b":2}"#.utf8))
        }
        let kelvin = try JSONValue.parse(Array(#"{\#(filler),"K":1,"\u212a":2}"#.utf8))
        #expect(kelvin.objectValue?.count == size + 2)
    }

    @Test("kty, crv, use, key_ops, alg and crit compare exactly")
    func keyMembersCompareExactly() throws {
        let set = try JWKSet(
            jwksJSON: Array(
                #"{"keys":[{"kty":"O\u212AP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"a"}]}"#
                    .utf8))
        #expect(!set.keys[0].isUsable)
        #expect(JWSAlgorithm(rawValue: "RS256") == .rs256)
        #expect(EllipticCurve(rawValue: "P-256") == .p256)
        // Swift's synthesized RawRepresentable initializers would use String.==; these must not.
        #expect(JWSAlgorithm(rawValue: "RS256\u{0}") == nil)
        #expect(JWSAlgorithm(rawValue: "\u{0}RS256") == nil)
        // Names are found by their packed bytes: every case reads back, near misses of the same length do not.
        for algorithm in JWSAlgorithm.allCases { #expect(JWSAlgorithm(rawValue: algorithm.rawValue) == algorithm) }
        for near in ["rs256", "RS257", "RS\u{0}56", "R\u{212A}256", "ES25\u{0}", "none", "RS2566", "", "EdDS\u{e9}"] {
            #expect(JWSAlgorithm(rawValue: near) == nil, "\(near.debugDescription)")
        }
    }
}
