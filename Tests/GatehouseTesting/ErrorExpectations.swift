import Foundation
import Testing

// Assertions for the errors of every Gatehouse module, which share one form (STYLE.md): a struct with a `code`, a
// human `reason`, `Equatable` on the code only, and a `description` that reads "<Type>.<code>: <reason>". So an
// error made from the expected code alone, `JWTError(.invalidKey)`, is equal to every error with that code, and its
// description, "JWTError.invalidKey: ", is the prefix every such error's description starts with: these helpers
// need no protocol and no dependency on the library modules.

/// Runs `body`, which must throw an error equal to `expected` (the same code) whose reason mentions every one of
/// `fragments` (ignoring case unless `matchingCase`); records an issue otherwise.
/// - Parameters:
///   - expected: an error with the expected code and an empty reason, such as `JWTError(.invalidKey)`.
///   - fragments: what the reason must name: the value at fault, the limit, the fix.
///   - matchingCase: whether each fragment must appear with the same case (an algorithm name, a claim value).
/// - Returns: the error thrown, when it is of the expected type, for further checks.
@discardableResult
public func expectError<E: Error & Equatable & CustomStringConvertible>(
    _ expected: E,
    mentioning fragments: [String] = [],
    matchingCase: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> E? {
    do {
        try body()
    } catch {
        return check(error, expected, fragments, matchingCase, sourceLocation)
    }
    for mismatch in errorMismatches(nil, expected) {
        Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
    }
    return nil
}

/// `expectError(_:mentioning:matchingCase:sourceLocation:_:)` for an `async` body.
@discardableResult
public func expectError<E: Error & Equatable & CustomStringConvertible>(
    _ expected: E,
    mentioning fragments: [String] = [],
    matchingCase: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> E? {
    do {
        try await body()
    } catch {
        return check(error, expected, fragments, matchingCase, sourceLocation)
    }
    for mismatch in errorMismatches(nil, expected) {
        Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
    }
    return nil
}

/// "JWTError.invalidKey" from "JWTError.invalidKey: ".
private func codeText(_ expected: some CustomStringConvertible) -> String {
    var text = expected.description
    if text.hasSuffix(": ") { text.removeLast(2) }
    return text
}

private func check<E: Error & Equatable & CustomStringConvertible>(
    _ thrown: any Error, _ expected: E, _ fragments: [String], _ matchingCase: Bool, _ sourceLocation: SourceLocation
) -> E? {
    for mismatch in errorMismatches(thrown, expected, mentioning: fragments, matchingCase: matchingCase) {
        Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
    }
    return thrown as? E
}

/// What `expectError` finds wrong with `thrown` against `expected`, one line each; empty when it matches. The
/// decision apart from the recording, so that the helper's own tests check its failures as values, with no known
/// issue left in a green run.
/// - Parameters:
///   - thrown: what the body threw; nil for nothing.
///   - expected: an error with the expected code and an empty reason.
///   - fragments: what the reason must name.
///   - matchingCase: whether each fragment must appear with the same case.
/// - Returns: the mismatches.
public func errorMismatches<E: Error & Equatable & CustomStringConvertible>(
    _ thrown: (any Error)?, _ expected: E, mentioning fragments: [String] = [], matchingCase: Bool = false
) -> [String] {
    guard let thrown else { return ["expected \(codeText(expected)), nothing was thrown"] }
    guard let error = thrown as? E else { return ["expected \(codeText(expected)), got \(thrown)"] }
    var mismatches: [String] = []
    if error != expected { mismatches.append("expected \(codeText(expected)), got \(error)") }
    let prefix = expected.description
    if !error.description.hasPrefix(prefix) { mismatches.append("\(error) does not start with \"\(prefix)\"") }
    let reason = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : ""
    for fragment in fragments
    where !(matchingCase ? reason.contains(fragment) : reason.localizedCaseInsensitiveContains(fragment)) {
        mismatches.append("reason \"\(reason)\" does not mention \"\(fragment)\"")
    }
    return mismatches
}
