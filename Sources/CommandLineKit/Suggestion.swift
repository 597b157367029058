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
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        return best.distance <= max(2, best.candidate.count / 3) ? best.candidate : nil
    }

    /// Levenshtein distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
