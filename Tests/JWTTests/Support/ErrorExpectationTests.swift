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

    @Test("records an issue for another code, a fragment the reason lacks, another error type, or no error")
    func fails() async {
        withKnownIssue { expectError(JWTError(.invalidKey)) { throw JWTError(.weakKey, "RSA 1024-bit") } }
        withKnownIssue {
            expectError(JWTError(.invalidKey), mentioning: ["invalidKey"]) { throw JWTError(.invalidKey, "x") }
        }
        withKnownIssue { expectError(JWTError(.invalidKey)) { throw CancellationError() } }
        withKnownIssue { expectError(JWTError(.invalidKey)) {} }
        await withKnownIssue { await expectError(JWTError(.invalidKey)) { try await Task.sleep(for: .zero) } }
    }
}
