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

    /// The client secret maker of the token client tests (Key ID and Team ID made up).
    static let clientSecret = try! AppleClientSecret(
        privateKey: ecKey, keyID: "KEY0000001", teamID: "TEAM000001", clientID: clientID)
    /// The time client secrets are issued at in the token client tests.
    static let secretClock = FixedTimeSource(Date(timeIntervalSince1970: TimeInterval(issuedAt)))
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
            clock: TestTime { Date(timeIntervalSince1970: TimeInterval(issuedAt + 3_600)) })
    }
}

/// The real Apple tokens (GatehouseTesting's `AppleRealFixture`), with what these tests read from them.
typealias RealAppleToken = AppleRealFixture

extension AppleRealFixture {
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
        return try AppleIdentityTokenVerifier(
            clientIDs: clientIDs ?? [audience], keySet: keySet, clock: TestTime { time })
    }
}

/// A time source reading a closure (a `ManualClock`, a fixed date): the libraries take one `TimeSource`.
struct TestTime: TimeSource {
    let read: @Sendable () -> Date
    init(_ read: @escaping @Sendable () -> Date) { self.read = read }
    func now() -> Date { read() }
}
