import GatehouseCore
import Testing

/// The shared error shape every module's error type adopts: equality on the code alone, and the description
/// `"<Type>.<code>: <reason>"`.
@Suite("CodedError: equality on the code, one description format")
struct CodedErrorTests {
    /// An error type shaped as the modules' are: a code struct over a private enum, a code and a reason.
    struct SampleError: CodedError {
        struct Code: Hashable, Sendable, CustomStringConvertible {
            private enum Base: String, Sendable { case first, second }
            private let base: Base
            private init(_ base: Base) { self.base = base }
            static let first = Code(.first)
            static let second = Code(.second)
            var description: String { base.rawValue }
        }
        let code: Code
        let reason: String
    }

    @Test("errors with the same code are equal whatever their reasons; other codes are not")
    func equalityOnTheCode() {
        #expect(SampleError(code: .first, reason: "one wording") == SampleError(code: .first, reason: "another"))
        #expect(SampleError(code: .first, reason: "same") != SampleError(code: .second, reason: "same"))
    }

    @Test("the description reads <Type>.<code>: <reason>, and starts with the code-only error's description")
    func description() {
        let error = SampleError(code: .second, reason: "the kid \"k2\" is not in the key set")
        #expect(error.description == "SampleError.second: the kid \"k2\" is not in the key set")
        #expect(error.description.hasPrefix(SampleError(code: .second, reason: "").description))
        #expect("\(error)" == error.description)
    }
}
