import Testing

@testable import JWT

/// The verification contexts set up once per key and algorithm are copied and reused (VerificationContextPool);
/// these tests prove no verdict leaks from one verification into the next.
@Suite("Verification contexts reused per key")
struct VerificationContextPoolTests {

    @Test("valid, forged, valid, other message, valid: each verdict stands alone", arguments: TestKeys.asymmetric)
    func alternatingVerdicts(algorithm: JWSAlgorithm) throws {
        let (key, signature) = try TestKeys.signedMessage(algorithm)
        var forged = signature
        forged[forged.count / 2] ^= 0x40
        var otherMessage = TestKeys.message
        otherMessage[otherMessage.count - 1] ^= 0x01
        let verdicts = [
            key.publicKey.isValidSignature(signature, for: TestKeys.message, algorithm: algorithm),
            key.publicKey.isValidSignature(forged, for: TestKeys.message, algorithm: algorithm),
            key.publicKey.isValidSignature(signature, for: TestKeys.message, algorithm: algorithm),
            key.publicKey.isValidSignature(signature, for: otherMessage, algorithm: algorithm),
            key.publicKey.isValidSignature(signature, for: TestKeys.message, algorithm: algorithm),
        ]
        #expect(verdicts == [true, false, true, false, true], "\(algorithm.rawValue): \(verdicts)")
    }

    @Test(
        "a context reused after valid signatures still refuses a forged one, and the next valid one passes",
        arguments: TestKeys.asymmetric)
    func reuseAfterSuccess(algorithm: JWSAlgorithm) throws {
        let (key, signature) = try TestKeys.signedMessage(algorithm)
        var forged = signature
        forged[forged.count - 1] ^= 0x01
        let sequence = [signature, signature, signature, forged, signature, signature, [], signature]
        let verdicts = sequence.map { key.publicKey.isValidSignature($0, for: TestKeys.message, algorithm: algorithm) }
        #expect(verdicts == [true, true, true, false, true, true, false, true], "\(algorithm.rawValue): \(verdicts)")
    }

    @Test("one RSA key verifies RS256 and PS256 signatures, each only with its own padding")
    func paddingsStayApart() throws {
        let key = TestKeys.signing(.rs256)
        let pkcs1 = try key.signature(for: TestKeys.message, algorithm: .rs256)
        let pss = try key.signature(for: TestKeys.message, algorithm: .ps256)
        for _ in 0..<3 {
            #expect(key.publicKey.isValidSignature(pkcs1, for: TestKeys.message, algorithm: .rs256))
            #expect(key.publicKey.isValidSignature(pss, for: TestKeys.message, algorithm: .ps256))
            #expect(!key.publicKey.isValidSignature(pss, for: TestKeys.message, algorithm: .rs256))
            #expect(!key.publicKey.isValidSignature(pkcs1, for: TestKeys.message, algorithm: .ps256))
        }
    }

    @Test(
        "many tasks verifying with one key at once all get the right verdicts",
        arguments: [JWSAlgorithm.rs256, .ps256, .es256, .edDSA])
    func concurrentUse(algorithm: JWSAlgorithm) async throws {
        let (key, signature) = try TestKeys.signedMessage(algorithm)
        var flipped = signature
        flipped[0] ^= 0x01
        let forged = flipped
        let publicKey = key.publicKey
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<25 {
                        let useForged = (task + round) % 3 == 0
                        let verdict = publicKey.isValidSignature(
                            useForged ? forged : signature, for: TestKeys.message, algorithm: algorithm)
                        if verdict == useForged { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0, "\(algorithm.rawValue): \(wrong) wrong verdicts")
    }
}
