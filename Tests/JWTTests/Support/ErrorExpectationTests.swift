import GatehouseTesting
import Testing

@testable import JWT

/// GatehouseTesting's `expectError` over a real module error: it must pass on the right error and fail otherwise.
@Suite("expectError (GatehouseTesting)")
struct ErrorExpectationTests {
    @Test("passes on the expected code with every fragment in the reason, ignoring case, and returns the error")
    func passes() async {
        let error = expectError(JWTError(.unknownKeyID), mentioning: ["KID \"x\"", "key-1"]) {
            throw JWTError(.unknownKeyID, "kid \"x\" is not in the key set (key-1)")
        }
        #expect(error?.reason == "kid \"x\" is not in the key set (key-1)")
        let thrown = await expectError(JWTError(.expired), mentioning: ["exp"]) {
            try await Task.sleep(for: .zero)
            throw JWTError(.expired, "exp 1 is in the past")
        }
        #expect(thrown?.code == .expired)
    }

    @Test("finds a mismatch for another code, a fragment the reason lacks, another error type, or no error")
    func fails() {
        // The decision as values (`errorMismatches`), where `expectError` records each as an issue: tested without
        // recording any, so a green run has no known issues.
        let weak = errorMismatches(JWTError(.weakKey, "RSA 1024-bit"), JWTError(.invalidKey))
        #expect(weak.first?.contains("expected JWTError.invalidKey, got JWTError.weakKey") == true, "\(weak)")
        let lacking = errorMismatches(JWTError(.invalidKey, "x"), JWTError(.invalidKey), mentioning: ["invalidKey"])
        #expect(lacking == ["reason \"x\" does not mention \"invalidKey\""])
        let other = errorMismatches(CancellationError(), JWTError(.invalidKey))
        #expect(other.count == 1 && other[0].hasPrefix("expected JWTError.invalidKey, got"), "\(other)")
        #expect(errorMismatches(nil, JWTError(.invalidKey)) == ["expected JWTError.invalidKey, nothing was thrown"])
        #expect(errorMismatches(JWTError(.invalidKey, "the key"), JWTError(.invalidKey), mentioning: ["KEY"]).isEmpty)
        #expect(
            !errorMismatches(
                JWTError(.invalidKey, "the key"), JWTError(.invalidKey), mentioning: ["KEY"], matchingCase: true
            )
            .isEmpty)
    }
}
