import Foundation
import Testing

/// The one rule for tests that need a program this machine may lack (headless Chromium for the report's layout, a
/// PostgreSQL server for the second store): where it is missing they are skipped, saying why; under `CI=true` a
/// missing program fails them instead, since CI installs every one (scripts/install-deps) and a skip there would
/// hide a broken setup (.ci/run).
public enum SkipUnlessCI {
    /// Whether CI is running (`CI=true`).
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// What to do with a test whose program may be missing.
    public enum Decision: Equatable, Sendable {
        /// Run the test.
        case run
        /// Skip it, saying why.
        case skip(String)
        /// Fail it, saying why.
        case fail(String)
    }

    /// The rule.
    /// - Parameters:
    ///   - missing: what is missing, as the skip message starts ("PostgreSQL cannot be started here"), or `nil` when
    ///     the program is there.
    ///   - cause: why, or how to install it.
    ///   - ci: whether `CI=true`.
    /// - Returns: the decision, with the message the test shows.
    public static func decision(missing: String?, cause: String, ci: Bool = isCI) -> Decision {
        guard let missing else { return .run }
        if ci { return .fail("CI=true, so this is a failure, not a skip: \(missing): \(cause)") }
        return .skip("\(missing), skipped (CI=true fails instead): \(cause)")
    }

    /// Applies the rule inside a test: returns when the program is there, else skips the test (Swift Testing's
    /// cancellation, ST-0016) or, in CI, throws.
    /// - Parameters:
    ///   - missing: what is missing, or `nil` when the program is there.
    ///   - cause: why, or how to install it.
    /// - Throws: ``Failure`` (in CI), or the cancellation (a skip).
    public static func check(
        missing: String?, cause: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try apply(decision(missing: missing, cause: cause), sourceLocation: sourceLocation)
    }

    /// Carries out a decision: nothing for `.run`, a cancellation for `.skip`, an error for `.fail`.
    /// - Parameter failure: the error a `.fail` throws, made from its message (``Failure`` by default).
    /// - Throws: the failure, or the cancellation.
    public static func apply(
        _ decision: Decision, failure: (String) -> any Error = { Failure(description: $0) },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        switch decision {
        case .run: return
        case .skip(let message): try Test.cancel(Comment(rawValue: message), sourceLocation: sourceLocation)
        case .fail(let message): throw failure(message)
        }
    }

    /// A program a test needs is missing in CI.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What is missing, and why or how to install it.
        public var description: String

        /// A failure with this message.
        public init(description: String) { self.description = description }
    }
}
