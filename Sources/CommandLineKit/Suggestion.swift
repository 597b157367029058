internal import GatehouseCore

/// "Did you mean ...?" suggestions by edit distance, for unknown options, subcommands and names.
package enum Suggestion {
    /// The candidate closest to `word` (case-insensitive Levenshtein distance), if it is close enough to help.
    /// - Parameters:
    ///   - word: what the user typed.
    ///   - candidates: the valid spellings.
    /// - Returns: the closest candidate within a distance of a third of its length (at least 2), or `nil`.
    package static func closest(to word: String, among candidates: some Collection<String>) -> String? {
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = EditDistance.between(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        return EditDistance.isCloseEnough(best.distance, length: best.candidate.count) ? best.candidate : nil
    }
}
