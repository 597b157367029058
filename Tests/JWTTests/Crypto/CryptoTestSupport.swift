import Foundation
import GatehouseCore
import Testing

@testable import JWT

/// Keys generated once per test run (RSA key generation is slow) and shared by the crypto suites.
enum TestKeys {
    static let rsa2048: PrivateKey = try! PrivateKey.generate(.rsa(modulusBits: 2048))
    static let p256: PrivateKey = try! PrivateKey.generate(.ec(.p256))
    static let p384: PrivateKey = try! PrivateKey.generate(.ec(.p384))
    static let p521: PrivateKey = try! PrivateKey.generate(.ec(.p521))
    static let ed25519: PrivateKey = try! PrivateKey.generate(.ed25519)

    /// A key that fits `algorithm`.
    static func signing(_ algorithm: JWSAlgorithm) -> PrivateKey {
        switch algorithm {
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512: rsa2048
        case .es256: p256
        case .es384: p384
        case .es512: p521
        case .edDSA: ed25519
        case .hs256, .hs384, .hs512: preconditionFailure("HS* has no private key")
        }
    }

    static let all: [PrivateKey] = [rsa2048, p256, p384, p521, ed25519]

    /// Every algorithm with a private key (all but HS*): what the signing suites run over.
    static let asymmetric = JWSAlgorithm.allCases.filter { !$0.isSymmetric }
    /// A signing input to sign and verify.
    static let message = Array("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0In0".utf8)

    /// The key that fits `algorithm` and its signature of `message`.
    static func signedMessage(_ algorithm: JWSAlgorithm) throws -> (key: PrivateKey, signature: [UInt8]) {
        let key = signing(algorithm)
        return (key, try key.signature(for: message, algorithm: algorithm))
    }
}

extension Hex {
    /// Test data's hex, in either case, through GatehouseCore's decoder; fails the test on bad input.
    static func decode(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
        guard let bytes = bytes(text.utf8) else {
            Issue.record("bad hex \(text)", sourceLocation: sourceLocation)
            return []
        }
        return bytes
    }
}

enum Base64URL {
    /// Decodes unpadded base64url (test data only; the library's own decoder belongs to the JOSE layer).
    static func decode(_ text: String) -> [UInt8] {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return [UInt8](Data(base64Encoded: standard) ?? Data())
    }
}
