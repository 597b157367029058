import GatehouseTesting
import Testing

@testable import JWT

/// Mutated and random inputs: every import either succeeds or throws a `JWTError`, every verification returns a
/// verdict; nothing crashes, nothing throws another error type.
@Suite("Robustness against malformed input")
struct RobustnessTests {
    /// One random mutation: flip a bit, truncate, append, or change a byte to a boundary value.
    static func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        guard !bytes.isEmpty else { return [UInt8.random(in: 0...255, using: &generator)] }
        var mutated = bytes
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: mutated[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 1: mutated = Array(mutated.prefix(index))
        case 2:
            mutated += (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
        default: mutated[index] = [0x00, 0x7F, 0x80, 0xFF].randomElement(using: &generator)!
        }
        return mutated
    }

    @Test("mutated SPKI DER: a key or a JWTError", arguments: [0, 1, 2, 3, 4])
    func mutatedSPKI(keyIndex: Int) {
        var generator = SplitMix64(seed: UInt64(keyIndex) &+ 1)
        let original = TestKeys.all[keyIndex].publicKey.derRepresentation
        var accepted = 0
        for round in 0..<300 {
            let der = Self.mutate(original, using: &generator)
            do {
                let key = try PublicKey(derRepresentation: der)
                accepted += 1
                // Whatever was accepted must still answer verification without crashing.
                for algorithm in JWSAlgorithm.allCases {
                    _ = key.isValidSignature([UInt8](repeating: 1, count: 64), for: [1], algorithm: algorithm)
                }
            } catch is JWTError {
                continue
            } catch {
                Issue.record("round \(round): \(error) is not a JWTError")
            }
        }
        #expect(accepted < 300, "no mutation was refused: the check is not looking")
    }

    @Test("mutated PKCS#8 DER: a key or a JWTError", arguments: [0, 1, 2, 3, 4])
    func mutatedPKCS8(keyIndex: Int) {
        var generator = SplitMix64(seed: UInt64(keyIndex) &+ 100)
        let original = Fixtures.der(TestKeys.all[keyIndex].pemRepresentation)
        // RSA private keys are slow to check; fewer rounds for them.
        let rounds = keyIndex == 0 ? 60 : 300
        for round in 0..<rounds {
            do {
                _ = try PrivateKey(derRepresentation: Self.mutate(original, using: &generator))
            } catch is JWTError {
                continue
            } catch {
                Issue.record("round \(round): \(error) is not a JWTError")
            }
        }
    }

    @Test("random bytes as DER, PEM, key numbers and signatures never crash")
    func randomBytes() throws {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let count = Int.random(in: 0...200, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: JWTError.self) { try PublicKey(derRepresentation: bytes) }
            #expect(throws: JWTError.self) { try PrivateKey(derRepresentation: bytes) }
            #expect(throws: JWTError.self) {
                try PublicKey(pemRepresentation: String(decoding: bytes, as: UTF8.self))
            }
            _ = try? PublicKey(rsaModulus: bytes, exponent: [3])
            for privateKey in TestKeys.all {
                for algorithm in JWSAlgorithm.allCases {
                    #expect(!privateKey.publicKey.isValidSignature(bytes, for: bytes, algorithm: algorithm))
                }
            }
        }
    }

    @Test("tiny and odd RSA numbers build or fail cleanly, and never verify a random signature")
    func tinyRSA() throws {
        for modulus: [UInt8] in [[0x03], [0x0F], [0x01, 0x01], [0xFF, 0xFF, 0xFF, 0xFF]] {
            if let key = try? PublicKey(rsaModulus: modulus, exponent: [0x03]) {
                #expect(!key.isValidSignature(modulus, for: [1], algorithm: .rs256))
                #expect(!key.isValidSignature([0x01], for: [1], algorithm: .ps256))
            }
        }
    }
}
