/// Levenshtein distance and the closest spelling, shared by the command lines' "did you mean" (`Suggestion`) and
/// the libraries that judge names (`ReviewState`'s suggestion, `AppNameSimilarity`).
package enum EditDistance {
    /// The Levenshtein distance between two character arrays: insertions, deletions and substitutions, each 1.
    package static func between(_ a: [Character], _ b: [Character]) -> Int {
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

    /// The case-insensitive distance between two strings.
    package static func caseInsensitive(_ a: String, _ b: String) -> Int {
        between(Array(a.lowercased()), Array(b.lowercased()))
    }

    /// Whether `distance` from a candidate of `length` characters is close enough to suggest it: a third of its
    /// length, at least 2.
    package static func isCloseEnough(_ distance: Int, length: Int) -> Bool { distance <= max(2, length / 3) }

    /// The candidate closest to `word` (case-insensitive), but only when it is unambiguous: every candidate about as
    /// close (at most one edit further) belongs to the same group. A word as close to a spelling of one group as to
    /// one of another gets no suggestion rather than a guess at the wrong group.
    /// - Parameters:
    ///   - word: what was typed.
    ///   - candidates: every valid spelling with its group.
    /// - Returns: the closest candidate, or `nil` when none is close enough or the close ones disagree on the group.
    package static func closest<Group: Equatable>(to word: String, among candidates: [(spelling: String, group: Group)])
        -> (spelling: String, group: Group)?
    {
        let typed = Array(word.lowercased())
        let scored = candidates.map { (candidate: $0, distance: between(typed, Array($0.spelling.lowercased()))) }
            .filter { isCloseEnough($0.distance, length: $0.candidate.spelling.count) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let rivals = scored.filter { $0.distance <= best.distance + 1 && $0.candidate.group != best.candidate.group }
        return rivals.isEmpty ? best.candidate : nil
    }
}
