import GatehouseCore
import GatehouseTesting
import Testing

@testable import JWT

@Suite("SymmetricKey: HMAC (RFC 7518 section 3.2)")
struct SymmetricKeyTests {
    /// RFC 4231 section 4.3, test case 2: key "Jefe", data "what do ya want for nothing?".
    static let rfc4231Case2: [(JWSAlgorithm, String)] = [
        (.hs256, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (
            .hs384,
            "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649"
        ),
        (
            .hs512,
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"
        ),
    ]

    let key = SymmetricKey(bytes: Array("Jefe".utf8))
    let data = Array("what do ya want for nothing?".utf8)

    @Test("RFC 4231 test case 2 known answers", arguments: rfc4231Case2.map(\.0))
    func knownAnswer(algorithm: JWSAlgorithm) throws {
        let expected = try #require(Self.rfc4231Case2.first { $0.0 == algorithm }).1
        let mac = try key.authenticationCode(for: data, algorithm: algorithm)
        #expect(Hex.lowercase(mac) == expected)
        #expect(key.isValidAuthenticationCode(Hex.decode(expected), for: data, algorithm: algorithm))
    }

    @Test(
        "any changed, cut or extended MAC is refused (the constant-time compare path)", arguments: rfc4231Case2.map(\.0)
    )
    func constantTimePath(algorithm: JWSAlgorithm) throws {
        let mac = try key.authenticationCode(for: data, algorithm: algorithm)
        for index in [0, mac.count / 2, mac.count - 1] {
            var flipped = mac
            flipped[index] ^= 0x01
            #expect(!key.isValidAuthenticationCode(flipped, for: data, algorithm: algorithm), "byte \(index)")
        }
        #expect(!key.isValidAuthenticationCode(Array(mac.dropLast()), for: data, algorithm: algorithm))
        #expect(!key.isValidAuthenticationCode(mac + [0], for: data, algorithm: algorithm))
        #expect(!key.isValidAuthenticationCode([], for: data, algorithm: algorithm))
        #expect(!key.isValidAuthenticationCode(mac, for: data + [0], algorithm: algorithm))
        #expect(
            !SymmetricKey(bytes: Array("Jeff".utf8)).isValidAuthenticationCode(mac, for: data, algorithm: algorithm))
    }

    @Test("a MAC of one HS* never passes as another, and non-HMAC algorithms are refused")
    func wrongAlgorithm() throws {
        let mac256 = try key.authenticationCode(for: data, algorithm: .hs256)
        let mac512 = try key.authenticationCode(for: data, algorithm: .hs512)
        #expect(!key.isValidAuthenticationCode(mac256, for: data, algorithm: .hs384))
        #expect(!key.isValidAuthenticationCode(Array(mac512.prefix(32)), for: data, algorithm: .hs256))
        for algorithm in JWSAlgorithm.asymmetric {
            #expect(!key.isValidAuthenticationCode(mac256, for: data, algorithm: algorithm))
            expectError(JWTError(.algorithmKeyMismatch), mentioning: [algorithm.rawValue, "HS256, HS384 and HS512"]) {
                _ = try key.authenticationCode(for: data, algorithm: algorithm)
            }
        }
    }

    @Test("empty key and empty message work (no length policy at this layer)")
    func empty() throws {
        // HMAC-SHA-256 with an empty key over an empty message.
        let mac = try SymmetricKey(bytes: []).authenticationCode(for: [], algorithm: .hs256)
        #expect(Hex.lowercase(mac) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
        #expect(SymmetricKey(bytes: []).isValidAuthenticationCode(mac, for: [], algorithm: .hs256))
    }

    @Test("constantTimeEquals compares length and every byte")
    func constantTimeEquals() {
        #expect(HMAC.constantTimeEquals([], []))
        #expect(HMAC.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!HMAC.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!HMAC.constantTimeEquals([0, 2, 3], [1, 2, 3]))
        #expect(!HMAC.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!HMAC.constantTimeEquals([], [0]))
    }

    @Test("the description never prints the secret")
    func description() {
        #expect(key.description == "SymmetricKey(4 bytes)")
        #expect(!String(describing: key).contains("Jefe"))
    }
}
