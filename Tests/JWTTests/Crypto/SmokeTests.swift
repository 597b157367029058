import Testing
@testable import JWT

@Suite("smoke") struct SmokeTests {
    @Test("round trips", arguments: [PublicKey.Kind.ec(.p256), .ec(.p384), .ec(.p521), .ed25519, .rsa(modulusBits: 2048)])
    func roundTrips(kind: PublicKey.Kind) throws {
            let key = try PrivateKey.generate(kind)
            for algorithm in JWSAlgorithm.allCases where key.publicKey.supports(algorithm) {
                let message = Array("hello".utf8)
                let signature = try key.signature(for: message, algorithm: algorithm)
                #expect(key.publicKey.isValidSignature(signature, for: message, algorithm: algorithm), "\(algorithm)")
                #expect(!key.publicKey.isValidSignature(signature, for: message + [1], algorithm: algorithm))
                let reimported = try PrivateKey(pemRepresentation: key.pemRepresentation)
                #expect(reimported.publicKey == key.publicKey)
            }
    }
}
