import GatehouseTesting
import Testing

@testable import JWT

@Suite("Signing and verifying")
struct SignatureRoundTripTests {

    @Test("a signature made by the private key verifies with its public key", arguments: TestKeys.asymmetric)
    func roundTrip(algorithm: JWSAlgorithm) throws {
        let (key, signature) = try TestKeys.signedMessage(algorithm)
        #expect(key.publicKey.isValidSignature(signature, for: TestKeys.message, algorithm: algorithm))
        // The unsafe-buffer form gives the same verdict.
        let viaBuffers = signature.withUnsafeBytes { signatureBytes in
            TestKeys.message.withUnsafeBytes {
                key.publicKey.isValidSignature(signatureBytes, for: $0, algorithm: algorithm)
            }
        }
        #expect(viaBuffers)
    }

    @Test("a changed message or signature does not verify", arguments: TestKeys.asymmetric)
    func tampering(algorithm: JWSAlgorithm) throws {
        let (key, signature) = try TestKeys.signedMessage(algorithm)
        var otherMessage = TestKeys.message
        otherMessage[0] ^= 0x01
        #expect(!key.publicKey.isValidSignature(signature, for: otherMessage, algorithm: algorithm))
        for index in [0, signature.count / 2, signature.count - 1] {
            var flipped = signature
            flipped[index] ^= 0x01
            #expect(
                !key.publicKey.isValidSignature(flipped, for: TestKeys.message, algorithm: algorithm), "byte \(index)")
        }
        #expect(
            !key.publicKey.isValidSignature(Array(signature.dropLast()), for: TestKeys.message, algorithm: algorithm))
        #expect(!key.publicKey.isValidSignature(signature + [0], for: TestKeys.message, algorithm: algorithm))
        #expect(!key.publicKey.isValidSignature([], for: TestKeys.message, algorithm: algorithm))
    }

    @Test("another key of the same kind does not verify", arguments: TestKeys.asymmetric)
    func otherKey(algorithm: JWSAlgorithm) throws {
        let (key, signature) = try TestKeys.signedMessage(algorithm)
        let kind = key.kind
        // RSA key generation is slow: an EC / Ed25519 stranger is generated, RSA uses a fixed foreign key.
        let stranger: PublicKey =
            if case .rsa = kind {
                try PrivateKey(pemRepresentation: Fixtures.rsa1024PKCS1).publicKey
            } else {
                try PrivateKey.generate(kind).publicKey
            }
        #expect(!stranger.isValidSignature(signature, for: TestKeys.message, algorithm: algorithm))
    }

    @Test("a signature never verifies under an algorithm that does not fit the key", arguments: TestKeys.asymmetric)
    func crossAlgorithm(algorithm: JWSAlgorithm) throws {
        let (key, signature) = try TestKeys.signedMessage(algorithm)
        for other in JWSAlgorithm.allCases where other != algorithm {
            #expect(
                !key.publicKey.isValidSignature(signature, for: TestKeys.message, algorithm: other),
                "\(algorithm) signature accepted as \(other)"
            )
        }
        for otherKey in TestKeys.all where otherKey !== key {
            #expect(!otherKey.publicKey.isValidSignature(signature, for: TestKeys.message, algorithm: algorithm))
        }
    }

    @Test("supports(_:) matches algorithms to key kinds (RFC 7518 section 3)")
    func supports() {
        let expected: [(PrivateKey, Set<JWSAlgorithm>)] = [
            (TestKeys.rsa2048, [.rs256, .rs384, .rs512, .ps256, .ps384, .ps512]),
            (TestKeys.p256, [.es256]),
            (TestKeys.p384, [.es384]),
            (TestKeys.p521, [.es512]),
            (TestKeys.ed25519, [.edDSA]),
        ]
        for (key, algorithms) in expected {
            #expect(Set(JWSAlgorithm.allCases.filter { key.publicKey.supports($0) }) == algorithms, "\(key.kind)")
        }
    }

    @Test("ECDSA signatures are raw r||s of exactly twice the coordinate length (RFC 7518 section 3.4)")
    func ecdsaLength() throws {
        for (key, algorithm, length) in [
            (TestKeys.p256, JWSAlgorithm.es256, 64), (TestKeys.p384, .es384, 96), (TestKeys.p521, .es512, 132),
        ] {
            // Sign several times: r or s with leading zero bytes must still come out at full length.
            for round in 0..<20 {
                let signature = try key.signature(for: TestKeys.message + [UInt8(round)], algorithm: algorithm)
                #expect(signature.count == length, "\(algorithm)")
            }
            let signature = try key.signature(for: TestKeys.message, algorithm: algorithm)
            // The DER form OpenSSL uses internally is not a JWS signature.
            let der = try #require(ECDSASignature.der(fromRaw: signature, coordinateByteCount: length / 2))
            #expect(!key.publicKey.isValidSignature(der, for: TestKeys.message, algorithm: algorithm))
            // Zero-padding to a longer or a shorter curve's length is refused.
            #expect(!key.publicKey.isValidSignature([0] + signature, for: TestKeys.message, algorithm: algorithm))
            #expect(
                !key.publicKey.isValidSignature(
                    Array(signature.dropFirst()), for: TestKeys.message, algorithm: algorithm))
        }
    }

    @Test("RSA signatures are as long as the modulus; PS* signatures are randomised, PKCS#1 v1.5 ones are not")
    func rsaShapes() throws {
        let key = TestKeys.rsa2048
        #expect(try key.signature(for: TestKeys.message, algorithm: .rs256).count == 256)
        #expect(
            try key.signature(for: TestKeys.message, algorithm: .rs256)
                == key.signature(for: TestKeys.message, algorithm: .rs256))
        #expect(
            try key.signature(for: TestKeys.message, algorithm: .ps256)
                != key.signature(for: TestKeys.message, algorithm: .ps256))
    }

    @Test("signing with an algorithm that does not fit the key throws algorithmKeyMismatch naming both")
    func signingMismatch() {
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["ES256", "RSA 2048-bit", "RS256"]) {
            _ = try TestKeys.rsa2048.signature(for: TestKeys.message, algorithm: .es256)
        }
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["ES384", "EC P-256", "ES256"]) {
            _ = try TestKeys.p256.signature(for: TestKeys.message, algorithm: .es384)
        }
        expectError(JWTError(.algorithmKeyMismatch), mentioning: ["HS256", "Ed25519", "EdDSA"]) {
            _ = try TestKeys.ed25519.signature(for: TestKeys.message, algorithm: .hs256)
        }
    }

    @Test("empty messages sign and verify; empty signatures never crash", arguments: TestKeys.asymmetric)
    func emptyInputs(algorithm: JWSAlgorithm) throws {
        let key = TestKeys.signing(algorithm)
        let signature = try key.signature(for: [], algorithm: algorithm)
        #expect(key.publicKey.isValidSignature(signature, for: [], algorithm: algorithm))
        #expect(!key.publicKey.isValidSignature([], for: [], algorithm: algorithm))
        #expect(
            !key.publicKey.isValidSignature(
                UnsafeRawBufferPointer(start: nil, count: 0), for: UnsafeRawBufferPointer(start: nil, count: 0),
                algorithm: algorithm)
        )
        #expect(
            !key.publicKey.isValidSignature(
                [UInt8](repeating: 0, count: signature.count), for: [], algorithm: algorithm))
        #expect(
            !key.publicKey.isValidSignature(
                [UInt8](repeating: 0xFF, count: signature.count), for: [], algorithm: algorithm))
    }

    @Test("one key verifies from many threads at once")
    func concurrentVerification() async throws {
        let key = TestKeys.p256
        let signature = try key.signature(for: TestKeys.message, algorithm: .es256)
        let publicKey = key.publicKey
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    // Every other task checks a bad signature, so the verdicts interleave.
                    if index % 2 == 0 {
                        return publicKey.isValidSignature(signature, for: TestKeys.message, algorithm: .es256)
                    }
                    return !publicKey.isValidSignature(signature, for: TestKeys.message + [1], algorithm: .es256)
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }
}
