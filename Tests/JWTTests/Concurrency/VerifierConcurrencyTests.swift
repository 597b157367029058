import Foundation
import Testing

@testable import JWT

/// One verifier and one key set shared by many tasks at once, as a server uses them. `make tsan` runs every suite
/// whose name contains "Concurrency" under ThreadSanitizer, so a data race in the verifier, the key set or the
/// OpenSSL keys they hold is reported there.
@Suite("Verifier concurrency: one verifier, one key set, many tasks")
struct VerifierConcurrencyTests {
    static let options = try! JWTValidationOptions(audience: .oneOf(["app"]), issuer: "https://issuer.example")

    @Test("64 concurrent verifications over RSA, EC and Ed25519 keys each get their own verdict")
    func sixtyFourVerifications() async throws {
        let verifier = JWTVerifier(keySet: JOSETestKeys.keySet, options: Self.options)
        let claims = JOSETestKeys.claims()
        let good = [
            try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: claims),
            try JOSETestKeys.token(
                header: #"{"alg":"ES256","kid":"ec-1"}"#, payload: claims, key: JOSETestKeys.ec, algorithm: .es256),
            try JOSETestKeys.token(
                header: #"{"alg":"EdDSA","kid":"ed-1"}"#, payload: claims, key: JOSETestKeys.ed, algorithm: .edDSA),
        ]
        // Signed by a key that is not in the set, under a kid that is: must fail everywhere.
        let forged = try JOSETestKeys.token(
            header: #"{"alg":"ES256","kid":"ec-1"}"#, payload: claims, key: JOSETestKeys.attacker, algorithm: .es256)
        let now = JOSETestKeys.now
        let verdicts = await withTaskGroup(of: (index: Int, accepted: Bool, subject: String?).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let token = index % 4 == 3 ? forged : good[index % 4]
                    do {
                        let verified = try verifier.verify(token, now: now)
                        return (index, true, verified.claims.subject)
                    } catch {
                        return (index, false, nil)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(verdicts.count == 64)
        for verdict in verdicts {
            let expected = verdict.index % 4 != 3
            #expect(verdict.accepted == expected, "task \(verdict.index): accepted \(verdict.accepted)")
            if expected { #expect(verdict.subject == "user-1", "task \(verdict.index)") }
        }
    }

    @Test("key sets parsed and searched from 32 tasks at once agree with a sequential parse")
    func concurrentKeySetParsing() async throws {
        let document =
            Array(
                #"{"keys":[{"kty":"EC","kid":"a","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","#
                    .utf8)
            + Array(#""y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},{"kty":"oct","kid":"b","k":"AA"}]}"#.utf8)
        let expected = try JWKSet(jwksJSON: document).keys.map(\.isUsable)
        let results = await withTaskGroup(of: [Bool]?.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    guard let set = try? JWKSet(jwksJSON: document), (try? set.selectKey(keyID: "a")) != nil else {
                        return nil
                    }
                    return set.keys.map(\.isUsable)
                }
            }
            return await group.reduce(into: [[Bool]?]()) { $0.append($1) }
        }
        #expect(expected == [true, false])
        #expect(results.count == 32 && results.allSatisfy { $0 == expected })
    }
}
