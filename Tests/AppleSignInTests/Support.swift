import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// RSA test keys (generated once per test process), their JWKS documents and tokens signed by them.
enum TestKeys {
    static let first: PrivateKey = try! PrivateKey.generate(.rsa(modulusBits: 2048))
    static let second: PrivateKey = try! PrivateKey.generate(.rsa(modulusBits: 2048))
    static let ecKey: PrivateKey = try! PrivateKey.generate(.ec(.p256))

    static let clientID = "com.example.gatehouse"
    /// 2026-11-29T12:00:00Z.
    static let issuedAt: Int64 = 1_795_953_600

    /// A JWKS document with the public halves of the keys, each with `kid`, `use` `sig` and `alg` RS256.
    static func jwks(_ keys: [(PrivateKey, String)]) -> String {
        let members = keys.map { key, kid -> String in
            var text = JSONValue.object(JWK(publicKey: key.publicKey, keyID: kid, algorithm: .rs256).members)
                .description
            text.removeLast()
            return text + ",\"use\":\"sig\"}"
        }
        return "{\"keys\":[" + members.joined(separator: ",") + "]}"
    }

    /// Apple-like identity token claims; `extra` adds or replaces members (`NSNull()` removes one).
    static func claims(_ extra: [String: Any] = [:]) -> [String: Any] {
        var claims: [String: Any] = [
            "iss": "https://appleid.apple.com", "aud": clientID, "iat": issuedAt, "exp": issuedAt + 86_400,
            "sub": "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200", "auth_time": issuedAt,
        ]
        for (name, value) in extra {
            if value is NSNull { claims.removeValue(forKey: name) } else { claims[name] = value }
        }
        return claims
    }

    /// A compact JWT over `claims`.
    static func token(
        _ claims: [String: Any] = claims(), key: PrivateKey = first, kid: String = "key-1",
        algorithm: JWSAlgorithm = .rs256
    ) -> String {
        let json = try! JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        return try! JWSSigner(privateKey: key, algorithm: algorithm, keyID: kid).sign(claimsJSON: Array(json))
    }

    static func keySet(_ keys: [(PrivateKey, String)] = [(first, "key-1")]) -> JWKSet {
        try! JWKSet(jwksJSON: Array(jwks(keys).utf8))
    }

    /// A verifier at a fixed time one hour after `issuedAt`, with a fixed key set.
    static func verifier(
        _ keys: [(PrivateKey, String)] = [(first, "key-1")], clientIDs: [String] = [clientID]
    ) throws -> AppleIdentityTokenVerifier {
        try AppleIdentityTokenVerifier(
            clientIDs: clientIDs, keySet: keySet(keys),
            now: { Date(timeIntervalSince1970: TimeInterval(issuedAt + 3_600)) })
    }
}

/// One of the real Apple-signed tokens in `../shared/fixtures/apple-real/`.
struct RealAppleToken: Sendable, CustomTestStringConvertible {
    let name: String
    let audience: String
    let issuedAt: Int64

    var testDescription: String { name }

    var directory: URL { SharedResources.appleRealDirectory.appendingPathComponent(name) }

    var token: String {
        get throws {
            String(decoding: try Data(contentsOf: directory.appendingPathComponent("token.jwt")), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    var keySet: JWKSet {
        get throws { try JWKSet(jwksJSON: Array(try Data(contentsOf: directory.appendingPathComponent("jwks.json")))) }
    }

    /// One minute after `iat`, inside every fixture's life.
    var now: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt + 60)) }

    func verifier(clientIDs: [String]? = nil, at time: Date? = nil) throws -> AppleIdentityTokenVerifier {
        let time = time ?? now
        return try AppleIdentityTokenVerifier(clientIDs: clientIDs ?? [audience], keySet: keySet, now: { time })
    }

    static let identityTokens: [RealAppleToken] = [
        RealAppleToken(name: "pepo-AIDOPK1-2020-01", audience: "com.pepo.staging", issuedAt: 1_579_274_153),
        RealAppleToken(
            name: "gameroasters-YuyXoY-2021-02", audience: "com.gameroasters.stack4", issuedAt: 1_614_431_194),
        RealAppleToken(name: "listminut-eXaunmL-2021-05", audience: "com.listminut.app", issuedAt: 1_621_529_856),
        RealAppleToken(
            name: "gameroasters-eXaunmL-noemail-2021-09", audience: "com.gameroasters.stack4", issuedAt: 1_630_741_430),
        RealAppleToken(name: "authcare-W6WcOKB-2023-07", audience: "app.namecare.ios", issuedAt: 1_689_543_571),
        RealAppleToken(
            name: "zemble-lVHdOx8ltR-2024-04", audience: "com.kingstinct.sign-in-with-apple", issuedAt: 1_712_228_305),
    ]

    static let notification = RealAppleToken(
        name: "gameroasters-eXaunmL-s2s-event-2021-08", audience: "com.gameroasters.stack4", issuedAt: 1_630_085_412)

    static func named(_ name: String) -> RealAppleToken {
        (identityTokens + [notification]).first { $0.name == name }!
    }
}
