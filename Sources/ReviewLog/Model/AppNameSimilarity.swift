internal import GatehouseCore

/// When a new app name is probably a typo of an existing one ("Fokis" beside "Fokus"), so that `review log` can refuse
/// to create a second app by accident.
///
/// Close means a case-insensitive edit distance (Levenshtein: one insertion, deletion or substitution each) of at
/// most 2, or at most 1 when either name has five characters or fewer (two edits make almost any short name into
/// another). Names that differ only in their digits are distinct apps, however close: "Team1" and "Team2", "Fokus"
/// and "Fokus2". So are names the edits would replace whole, with fewer characters than edits needed plus one ("A"
/// and "B": no typo turns one into the other). Names equal but for case are the same app, not a near miss.
public enum AppNameSimilarity {
    /// Whether `name` is close to `other` without being the same app.
    /// - Parameters:
    ///   - name: the name given.
    ///   - other: an existing app's name.
    /// - Returns: `true` for a likely typo.
    public static func isNearMiss(_ name: String, _ other: String) -> Bool {
        let (a, b) = (name.lowercased(), other.lowercased())
        guard a != b else { return false }
        if a.filter({ !$0.isNumber }) == b.filter({ !$0.isNumber }) { return false }
        let shorter = min(a.count, b.count)
        let limit = min(shorter <= 5 ? 1 : 2, shorter - 1)
        // Names whose lengths differ by more than the limit cannot be close: no need to compute the distance.
        guard limit > 0, abs(a.count - b.count) <= limit else { return false }
        return EditDistance.between(Array(a), Array(b)) <= limit
    }

    /// The existing names `name` is a near miss of, closest first (then alphabetical).
    /// - Parameters:
    ///   - name: the name given.
    ///   - names: the existing apps' names.
    /// - Returns: the near misses; empty when the name is new or is one of `names`.
    public static func nearMisses(of name: String, among names: [String]) -> [String] {
        if names.contains(where: { $0.lowercased() == name.lowercased() }) { return [] }
        return names.filter { isNearMiss(name, $0) }
            .map { (name: $0, distance: EditDistance.caseInsensitive(name, $0)) }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .map(\.name)
    }
}
