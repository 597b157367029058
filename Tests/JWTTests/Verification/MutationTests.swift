import Foundation
import Testing

@testable import JWT

@Suite("Mutations and random input")
struct MutationTests {
    @Test("every single-character change of a valid token is rejected, with a JWTError")
    func singleCharacterMutations() throws {
        let verifier = JWTVerifier(keySet: JOSETestKeys.keySet, options: JOSETestKeys.noAudience)
        let token = try JOSETestKeys.token(header: #"{"alg":"RS256","kid":"rsa-1"}"#, payload: JOSETestKeys.claims())
        _ = try verifier.verify(token, now: JOSETestKeys.now)
        let characters = Array(token.utf8)
        var rejected = 0
        for index in characters.indices {
            for replacement in ["A", "B", "-", "_", ".", "=", " "].map({ UInt8(ascii: Unicode.Scalar($0)!) })
            where replacement != characters[index] {
                var mutated = characters
                mutated[index] = replacement
                do {
                    _ = try verifier.verify(String(decoding: mutated, as: UTF8.self), now: JOSETestKeys.now)
                    Issue.record("a mutation at \(index) to '\(Unicode.Scalar(replacement))' verified")
                } catch is JWTError {
                    rejected += 1
                }
            }
        }
        #expect(rejected > characters.count * 5)
    }

    @Test("random bytes never crash the JSON parser or the token reader")
    func randomInput() {
        var generator = SystemRandomNumberGenerator()
        let alphabet =
            Array(#"{}[]",:0123456789.eE+-truefalsnl \"\\u"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        for _ in 0..<5000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            do { _ = try JSONValue.parse(bytes) } catch { #expect(error is JWTError) }
            let token = String(decoding: bytes, as: UTF8.self) + "." + JWT.Base64URL.encode(bytes) + ".AA"
            do { _ = try UnverifiedJWT(parsing: token) } catch { #expect(error is JWTError) }
        }
    }
}
