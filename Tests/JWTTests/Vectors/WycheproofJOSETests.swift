import Foundation
import GatehouseTesting
import Testing

@testable import JWT

/// Project Wycheproof's JOSE vectors (C2SP/wycheproof, Apache-2.0; commit in ../shared/vectors/wycheproof/SOURCE.txt),
/// read by path. Each case verifies `jws` with the group's key (public part when given), every algorithm allowed
/// because the test names the keys: a `valid` case must verify, an `invalid` case must be rejected.
@Suite(
    "Wycheproof JOSE vectors",
    .enabled(if: SharedResources.hasWycheproof, Comment(rawValue: SharedResources.absentMessage)))
struct WycheproofJOSETests {
    /// Defective upstream cases, per ../shared/vectors/README.md.
    static let defective: [Int: String] = [
        346: "RFC 7520 key labelled with the wrong alg (PS256 key, PS384 token)",
        347: "RFC 7520 key labelled with a non-existent alg (ES521)",
        350: "RFC 7520 key labelled with the wrong alg (PS256 key, PS384 token)",
        351: "RFC 7520 key labelled with a non-existent alg (ES521)",
        367: "token identical to the valid tc357 but marked invalid",
        370: "token identical to the valid tc357 but marked invalid",
        372: "a '?' inside a segment marked valid; RFC 7515 section 2 forbids it",
        373: "a '?' inside a segment marked valid; RFC 7515 section 2 forbids it",
    ]

    struct Tally: CustomStringConvertible {
        var validAccepted = 0
        var invalidRejected = 0
        var acceptable = 0
        var skipped: [Int: String] = [:]
        var total: Int { validAccepted + invalidRejected + acceptable + skipped.count }
        var description: String {
            "\(total) cases: \(validAccepted) valid verified, \(invalidRejected) invalid rejected, "
                + "\(acceptable) acceptable, \(skipped.count) skipped"
        }
    }

    static func run(
        file: String, defective: [Int: String], expectedCodes: [Int: JWTError.Code] = [:]
    ) throws -> Tally {
        var checkedCodes = 0
        let url = SharedResources.wycheproofDirectory.appendingPathComponent(file)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let declared = try #require(root["numberOfTests"] as? Int)
        let groups = try #require(root["testGroups"] as? [[String: Any]])
        var tally = Tally()
        for group in groups {
            let keySource = try #require((group["public"] ?? group["private"]) as? [String: Any])
            let document: [String: Any] = keySource["keys"] != nil ? keySource : ["keys": [keySource]]
            let documentBytes = try JSONSerialization.data(withJSONObject: document)
            let keySet = try JWKSet(jwksJSON: Array(documentBytes))
            let verifier = JWTVerifier(
                keySet: keySet,
                options: try JWTValidationOptions(
                    audience: .insecureNotChecked, allowedAlgorithms: Set(JWSAlgorithm.allCases)))
            for test in try #require(group["tests"] as? [[String: Any]]) {
                let tcId = try #require(test["tcId"] as? Int)
                let result = try #require(test["result"] as? String)
                if let reason = defective[tcId] {
                    tally.skipped[tcId] = reason
                    continue
                }
                let token: String
                if let compact = test["jws"] as? String {
                    token = compact
                } else if let json = test["jws"] as? [String: Any] {
                    // JWS JSON serialization: this library accepts only the compact form, so it must be rejected.
                    token = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
                } else {
                    tally.skipped[tcId] =
                        "JWE (RFC 7516) case: encryption is out of scope, this library verifies JWS only"
                    continue
                }
                let comment = test["comment"] as? String ?? ""
                do {
                    let verified = try verifier.verifyJWS(token)
                    switch result {
                    case "valid": tally.validAccepted += 1
                    case "acceptable": tally.acceptable += 1
                    default:
                        Issue.record(
                            "\(file) tc\(tcId) (\(comment)): invalid token verified with \(verified.algorithm)")
                    }
                } catch let error as JWTError {
                    switch result {
                    case "invalid":
                        tally.invalidRejected += 1
                        if let code = expectedCodes[tcId] {
                            #expect(error.code == code, "\(file) tc\(tcId) (\(comment)): \(error)")
                            checkedCodes += 1
                        }
                    case "acceptable": tally.acceptable += 1
                    default: Issue.record("\(file) tc\(tcId) (\(comment)): valid token rejected: \(error)")
                    }
                } catch {
                    Issue.record("\(file) tc\(tcId): unexpected error type \(error)")
                }
            }
        }
        #expect(tally.total == declared, "\(file): ran \(tally.total) of \(declared) declared cases")
        #expect(
            checkedCodes == expectedCodes.count,
            "\(file): \(checkedCodes) of \(expectedCodes.count) expected codes seen")
        return tally
    }

    @Test("json_web_signature_test.json: every case agrees (defective upstream tcIds skipped)")
    func signatures() throws {
        var codes: [Int: JWTError.Code] = [
            8: .unknownKeyID, 14: .malformedToken, 15: .malformedToken, 16: .algorithmNotAllowed, 17: .malformedToken,
            31: .algorithmKeyMismatch, 32: .invalidSignature, 353: .algorithmKeyMismatch, 354: .algorithmKeyMismatch,
            355: .algorithmKeyMismatch, 356: .algorithmKeyMismatch,
        ]
        for tcId in 341...344 { codes[tcId] = .algorithmNotAllowed }
        for tcId in [360, 361, 362, 363, 364, 365, 366, 368, 369, 371, 374, 375] { codes[tcId] = .invalidBase64URL }
        let tally = try Self.run(file: "json_web_signature_test.json", defective: Self.defective, expectedCodes: codes)
        print("json_web_signature_test.json: \(tally)")
        #expect(tally.total == 401)
        #expect(tally.validAccepted == 40 && tally.invalidRejected == 353 && tally.skipped.count == 8)
    }

    @Test("json_web_key_test.json: every case agrees")
    func keys() throws {
        var codes: [Int: JWTError.Code] = [
            1: .unusableKey, 4: .unusableKey, 6: .algorithmKeyMismatch, 7: .unusableKey, 8: .unusableKey,
            9: .unusableKey, 10: .weakKey, 11: .weakKey, 12: .weakKey, 19: .algorithmKeyMismatch,
            20: .algorithmKeyMismatch, 21: .algorithmKeyMismatch, 25: .algorithmKeyMismatch, 26: .algorithmKeyMismatch,
        ]
        for tcId in [16, 17, 18, 22, 23, 24] { codes[tcId] = .unusableKey }
        let tally = try Self.run(file: "json_web_key_test.json", defective: [:], expectedCodes: codes)
        print("json_web_key_test.json: \(tally)")
        #expect(tally.validAccepted == 5 && tally.invalidRejected == 21 && tally.skipped.isEmpty)
    }

    @Test("json_web_crypto_test.json: every JWS case agrees (JWE cases skipped: out of scope)")
    func crypto() throws {
        let codes: [Int: JWTError.Code] = [
            16: .algorithmNotAllowed, 17: .malformedToken, 31: .algorithmKeyMismatch, 32: .invalidSignature,
            46: .unusableKey, 47: .unusableKey,
        ]
        let tally = try Self.run(file: "json_web_crypto_test.json", defective: [:], expectedCodes: codes)
        print("json_web_crypto_test.json: \(tally)")
        #expect(tally.validAccepted == 4 && tally.invalidRejected == 45)
        // tcIds 50-83 are JWE (jwe_aes, jwe_ec groups).
        #expect(tally.skipped.keys.sorted() == Array(50...83))
    }
}
