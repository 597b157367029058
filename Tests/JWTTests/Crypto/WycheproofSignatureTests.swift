import Foundation
import GatehouseCore
import GatehouseTesting
import Testing

@testable import JWT

/// Project Wycheproof signature vectors (C2SP/wycheproof, Apache-2.0), read by path from `../shared/vectors`.
@Suite("Wycheproof signature vectors")
struct WycheproofSignatureTests {
    struct File: Decodable {
        var numberOfTests: Int
        var testGroups: [Group]
    }

    struct Group: Decodable {
        var publicKeyDer: String
        var publicKey: PublicNumbers
        var tests: [Case]
    }

    /// The group's key as numbers: RSA `modulus`/`publicExponent`, EC `curve`/`wx`/`wy` (hex, possibly with a
    /// leading zero byte).
    struct PublicNumbers: Decodable {
        var modulus: String?
        var publicExponent: String?
        var curve: String?
        var wx: String?
        var wy: String?
    }

    struct Case: Decodable {
        var tcId: Int
        var comment: String
        var msg: String
        var sig: String
        var result: String
        var flags: [String]
    }

    static let files: [(name: String, algorithm: JWSAlgorithm)] = [
        ("rsa_signature_2048_sha256_test.json", .rs256),
        ("rsa_signature_2048_sha384_test.json", .rs384),
        ("rsa_signature_2048_sha512_test.json", .rs512),
        ("rsa_signature_3072_sha256_test.json", .rs256),
        ("rsa_signature_3072_sha384_test.json", .rs384),
        ("rsa_signature_3072_sha512_test.json", .rs512),
        ("rsa_signature_4096_sha256_test.json", .rs256),
        ("rsa_signature_4096_sha384_test.json", .rs384),
        ("rsa_signature_4096_sha512_test.json", .rs512),
        ("rsa_pss_2048_sha256_mgf1_32_test.json", .ps256),
        ("ecdsa_secp256r1_sha256_p1363_test.json", .es256),
        ("ecdsa_secp384r1_sha384_p1363_test.json", .es384),
    ]

    @Test(
        "every case of the file gets Wycheproof's verdict (acceptable: either)",
        .enabled(if: SharedResources.hasWycheproof, Comment(rawValue: SharedResources.absentMessage)),
        arguments: files.map(\.name)
    )
    func file(name: String) throws {
        let algorithm = try #require(Self.files.first { $0.name == name }?.algorithm)
        let url = SharedResources.wycheproofDirectory.appendingPathComponent(name)
        let file = try JSONDecoder().decode(File.self, from: try SharedResources.data(url))
        var counts = (valid: 0, invalid: 0, acceptable: 0, keysRejected: 0)

        for group in file.testGroups {
            let key: PublicKey
            do {
                key = try PublicKey(derRepresentation: Hex.decode(group.publicKeyDer))
            } catch {
                // A key the file presents is only allowed to fail import if every case of its group is invalid.
                counts.keysRejected += 1
                for test in group.tests where test.result != "invalid" {
                    Issue.record(
                        "\(name) tcId \(test.tcId): key import failed (\(error)) but the case is \(test.result)")
                }
                counts.invalid += group.tests.count
                continue
            }
            #expect(key.supports(algorithm), "\(name): the key \(key.kind) does not support \(algorithm)")
            try checkNumbers(group.publicKey, match: key, file: name)

            for test in group.tests {
                let verdict = key.isValidSignature(
                    Hex.decode(test.sig), for: Hex.decode(test.msg), algorithm: algorithm)
                switch test.result {
                case "valid":
                    counts.valid += 1
                    #expect(
                        verdict, "\(name) tcId \(test.tcId) (\(test.comment), \(test.flags)): valid signature rejected")
                case "invalid":
                    counts.invalid += 1
                    #expect(
                        !verdict,
                        "\(name) tcId \(test.tcId) (\(test.comment), \(test.flags)): invalid signature accepted")
                case "acceptable":
                    counts.acceptable += 1
                default:
                    Issue.record("\(name) tcId \(test.tcId): unknown result \(test.result)")
                }
            }
        }
        let total = counts.valid + counts.invalid + counts.acceptable
        #expect(total == file.numberOfTests, "\(name): ran \(total) cases, the file declares \(file.numberOfTests)")
        #expect(counts.valid > 0 && counts.invalid > 0, "\(name): a file without both verdicts proves nothing")
        print(
            "wycheproof \(name) as \(algorithm.rawValue): \(total) cases (\(counts.valid) valid, \(counts.invalid) "
                + "invalid, \(counts.acceptable) acceptable; \(counts.keysRejected) keys rejected at import)"
        )
    }

    /// The same key built from its numbers (the JWK path) must equal the DER import.
    private func checkNumbers(_ numbers: PublicNumbers, match key: PublicKey, file: String) throws {
        if let modulus = numbers.modulus, let exponent = numbers.publicExponent {
            let rebuilt = try PublicKey(rsaModulus: Hex.decode(modulus), exponent: Hex.decode(exponent))
            #expect(rebuilt == key, "\(file): RSA key from n/e differs from the DER import")
            #expect(rebuilt.derRepresentation == key.derRepresentation)
        } else if let wx = numbers.wx, let wy = numbers.wy, case .ec(let curve) = key.kind {
            let rebuilt = try PublicKey(
                curve: curve,
                x: leftPadded(Hex.decode(wx), to: curve.coordinateByteCount),
                y: leftPadded(Hex.decode(wy), to: curve.coordinateByteCount)
            )
            #expect(rebuilt == key, "\(file): EC key from x/y differs from the DER import")
            #expect(rebuilt.derRepresentation == key.derRepresentation)
        } else {
            Issue.record("\(file): the group's publicKey has no numbers")
        }
    }

    private func leftPadded(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        let trimmed = Array(bytes.drop(while: { $0 == 0 }))
        return [UInt8](repeating: 0, count: max(0, length - trimmed.count)) + trimmed
    }
}
