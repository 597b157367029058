import Foundation
import GatehouseCore
import GatehouseTesting
import Testing

@testable import JWT

/// Security round 2, item 6: Ed25519 public keys of small order (and non-canonical encodings) are unusable keys with
/// the reason, so the fixed signature R = identity, S = 0 verifies nothing.
@Suite("Ed25519 keys of small order are refused")
struct SmallOrderKeyTests {
    /// The five y coordinates of the torsion subgroup, and the two non-canonical spellings (y + p) of 0 and 1.
    static let smallOrderY = [
        "0100000000000000000000000000000000000000000000000000000000000000",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "0000000000000000000000000000000000000000000000000000000000000000",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ]

    /// Every encoding: each y with the sign bit of x clear and set (14).
    static let encodings: [[UInt8]] = smallOrderY.flatMap { hex -> [[UInt8]] in
        let bytes = Hex.decode(hex)
        var signed = bytes
        signed[31] |= 0x80
        return [bytes, signed]
    }

    @Test("every small-order or non-canonical encoding is refused by PublicKey", arguments: 0..<14)
    func publicKeyRefuses(index: Int) {
        expectError(JWTError(.invalidKey), mentioning: ["Ed25519"]) {
            _ = try PublicKey(ed25519: Self.encodings[index])
        }
    }

    @Test("every such key in a JWKS is listed as unusable with the reason", arguments: 0..<14)
    func keySetMarksUnusable(index: Int) throws {
        let x = JWT.Base64URL.encode(Self.encodings[index])
        let set = try JWKSet(
            jwksJSON: Array(#"{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"small","x":"\#(x)"}]}"#.utf8))
        #expect(!set.keys[0].isUsable)
        guard case .unusable(let why) = set.keys[0].usability else { return }
        #expect(why.code == .invalidKey)
        #expect(why.reason.contains("small order") || why.reason.contains("not reduced"), "\(why)")
    }

    @Test("the forged signature R = identity, S = 0 verifies no claims with the identity key")
    func forgedSignatureRefused() throws {
        let identity = JWT.Base64URL.encode(Self.encodings[0])
        let set = try JWKSet(
            jwksJSON: Array(#"{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"id","x":"\#(identity)"}]}"#.utf8))
        let header = JWT.Base64URL.encode(Array(#"{"alg":"EdDSA","kid":"id"}"#.utf8))
        let payload = JWT.Base64URL.encode(Array(#"{"sub":"admin","exp":4102444800}"#.utf8))
        let signature = JWT.Base64URL.encode(Self.encodings[0] + [UInt8](repeating: 0, count: 32))
        let verifier = JWTVerifier(keySet: set, options: try JWTValidationOptions(audience: .insecureNotChecked))
        expectError(JWTError(.unusableKey), mentioning: ["small order"]) {
            _ = try verifier.verify(
                "\(header).\(payload).\(signature)", now: Date(timeIntervalSince1970: 1_750_000_000))
        }
    }

    @Test("ordinary keys pass: generated keys, and y values next to the small-order ones")
    func ordinaryKeysPass() throws {
        for _ in 0..<16 {
            let key = try PrivateKey.generate(.ed25519)
            guard case .ed25519(let x) = key.publicKey.components else { continue }
            #expect(try PublicKey(ed25519: x).kind == .ed25519)
        }
        // RFC 8037 A.2's public key.
        let rfc = try JWT.Base64URL.decode("11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", segment: "x")
        #expect(try PublicKey(ed25519: rfc).kind == .ed25519)
        // y = 2 and y = p - 2 are not in the torsion subgroup: not refused by this rule (OpenSSL decides the rest).
        var two = [UInt8](repeating: 0, count: 32)
        two[0] = 2
        #expect(Ed25519PublicPoint.defect(two) == nil)
        var largest = Hex.decode(Self.smallOrderY[1])
        largest[0] = 0xEB
        #expect(Ed25519PublicPoint.defect(largest) == nil)
    }
}
