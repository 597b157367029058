import Foundation
import Testing

@testable import JWT

/// Keys generated once per test process, and helpers that build tokens with any header (including hostile ones).
enum JOSETestKeys {
    static let rsa: PrivateKey = try! PrivateKey.generate(.rsa(modulusBits: 2048))
    static let otherRSA: PrivateKey = try! PrivateKey.generate(.rsa(modulusBits: 2048))
    static let ec: PrivateKey = try! PrivateKey.generate(.ec(.p256))
    static let ed: PrivateKey = try! PrivateKey.generate(.ed25519)
    static let attacker: PrivateKey = try! PrivateKey.generate(.ec(.p256))

    /// A key set of the RSA key (kid "rsa-1"), the EC key (kid "ec-1") and the Ed25519 key (kid "ed-1").
    static let keySet = JWKSet(keys: [
        JWK(publicKey: rsa.publicKey, keyID: "rsa-1", algorithm: .rs256),
        JWK(publicKey: ec.publicKey, keyID: "ec-1"),
        JWK(publicKey: ed.publicKey, keyID: "ed-1"),
    ])

    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// Options that do not check the audience (the defaults otherwise): for tests about other checks.
    static let noAudience = try! JWTValidationOptions(audience: .insecureNotChecked)

    /// A verifier of `keySet` for audience "app" and issuer "https://issuer.example", the values `claims()` carries:
    /// the baseline the attack and parser-differential suites start from.
    static let verifier = JWTVerifier(
        keySet: keySet,
        options: try! JWTValidationOptions(audience: .oneOf(["app"]), issuer: "https://issuer.example")
    )

    /// Standard claims valid at `now`.
    static func claims(_ extra: String = "") -> String {
        let base = #"{"iss":"https://issuer.example","aud":"app","sub":"user-1","iat":1749999990,"exp":1750000600"#
        return base + (extra.isEmpty ? "" : "," + extra) + "}"
    }

    /// A compact JWS with exactly this header and payload text, signed by `key` with `algorithm`.
    static func token(header: String, payload: String, key: PrivateKey = rsa, algorithm: JWSAlgorithm = .rs256) throws
        -> String
    {
        let input = JWT.Base64URL.encode(Array(header.utf8)) + "." + JWT.Base64URL.encode(Array(payload.utf8))
        let signature = try key.signature(for: Array(input.utf8), algorithm: algorithm)
        return input + "." + JWT.Base64URL.encode(signature)
    }

    /// A compact JWS MACed with `secret`.
    static func hmacToken(header: String, payload: String, secret: [UInt8], algorithm: JWSAlgorithm = .hs256) throws
        -> String
    {
        let input = JWT.Base64URL.encode(Array(header.utf8)) + "." + JWT.Base64URL.encode(Array(payload.utf8))
        let mac = try SymmetricKey(bytes: secret).authenticationCode(for: Array(input.utf8), algorithm: algorithm)
        return input + "." + JWT.Base64URL.encode(mac)
    }
}
