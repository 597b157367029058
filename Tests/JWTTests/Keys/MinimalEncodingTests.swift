import Foundation
import Testing

@testable import JWT

/// Security round 2, item 9: one key, one encoding. RSA `n`/`e` with leading zero octets and duplicate `key_ops`
/// values are refused, so a key has exactly one RFC 7638 thumbprint.
@Suite("JWK members in their one canonical form")
struct MinimalEncodingTests {
    static func rsaJWK(n: [UInt8], e: [UInt8], extra: String = "") -> String {
        #"{"kty":"RSA","kid":"k","n":"\#(JWT.Base64URL.encode(n))","e":"\#(JWT.Base64URL.encode(e))"\#(extra)}"#
    }

    static var numbers: (n: [UInt8], e: [UInt8]) {
        guard case .rsa(let n, let e) = JOSETestKeys.rsa.publicKey.components else { fatalError("not RSA") }
        return (n, e)
    }

    @Test("n or e with one or more leading zero octets is an unusable key naming the member")
    func leadingZerosRefused() throws {
        let (n, e) = Self.numbers
        for (name, json) in [
            ("n", Self.rsaJWK(n: [0] + n, e: e)), ("n", Self.rsaJWK(n: [0, 0] + n, e: e)),
            ("e", Self.rsaJWK(n: n, e: [0] + e)), ("e", Self.rsaJWK(n: n, e: [0, 0, 0] + e)),
        ] {
            let set = try JWKSet(jwksJSON: Array(#"{"keys":[\#(json)]}"#.utf8))
            guard case .unusable(let why) = set.keys[0].usability else {
                Issue.record("accepted: \(json)")
                continue
            }
            #expect(why.code == .invalidKey)
            #expect(why.reason.contains("\"\(name)\" starts with a zero octet"), "\(why)")
        }
        // The minimal form is usable, and its thumbprint is the one the key has.
        let set = try JWKSet(jwksJSON: Array(#"{"keys":[\#(Self.rsaJWK(n: n, e: e))]}"#.utf8))
        #expect(set.keys[0].isUsable)
        #expect(try set.keys[0].thumbprint() == JWK(publicKey: JOSETestKeys.rsa.publicKey).thumbprint())
    }

    @Test("duplicate key_ops values are refused; distinct ones are kept")
    func duplicateKeyOperations() throws {
        let (n, e) = Self.numbers
        for ops in [#"["verify","verify"]"#, #"["sign","verify","sign"]"#, #"["verify","ver\u0069fy"]"#] {
            let set = try JWKSet(
                jwksJSON: Array(#"{"keys":[\#(Self.rsaJWK(n: n, e: e, extra: ",\"key_ops\":" + ops))]}"#.utf8))
            guard case .unusable(let why) = set.keys[0].usability else {
                Issue.record("accepted key_ops \(ops)")
                continue
            }
            #expect(why.code == .invalidKey)
            #expect(why.reason.contains("twice") && why.reason.contains("4.3"), "\(why)")
        }
        // Canonically equivalent but different code points are different values (ExactString), not duplicates.
        let distinct = try JWKSet(
            jwksJSON: Array(
                #"{"keys":[\#(Self.rsaJWK(n: n, e: e, extra: #","key_ops":["verify","K","\u212a"]"#))]}"#.utf8))
        #expect(distinct.keys[0].isUsable)
    }
}
