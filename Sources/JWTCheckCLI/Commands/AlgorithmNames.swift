import CommandLineKit
import JWT

/// Validates `--alg` values (the validation step after parsing).
enum AlgorithmNames {
    /// The algorithms named, or `nil` when none were named.
    /// - Throws: `.usage` for `none` (never accepted, RFC 8725 section 3.1) or an unknown name.
    static func parse(_ names: [String]) throws(CommandFailure) -> Set<JWSAlgorithm>? {
        guard !names.isEmpty else { return nil }
        var result = Set<JWSAlgorithm>()
        for name in names {
            result.insert(try parse(name))
        }
        return result
    }

    /// One algorithm name.
    static func parse(_ name: String) throws(CommandFailure) -> JWSAlgorithm {
        if name.lowercased() == "none" {
            throw .usage("--alg none is never accepted: an unsigned token proves nothing (RFC 8725 section 3.1)")
        }
        guard let algorithm = JWSAlgorithm(rawValue: name) else {
            let known = JWSAlgorithm.allCases.map(\.rawValue)
            var message = "unknown algorithm '\(name)'"
            if let suggestion = Suggestion.closest(to: name, among: known) {
                message += "; did you mean \(suggestion)?"
            }
            throw .usage(message + " (known: \(known.joined(separator: ", ")))")
        }
        return algorithm
    }
}
