/// The Kaplan–Meier product-limit estimate of how long cycles take to reach an end (a decision, In Review), counting
/// cycles still open as censored: known to have taken at least as long as they have run so far.
///
/// Leaving open cycles out makes the figures look better than the reality (the longest waits are the ones still
/// open); counting them as if they had ended now makes them look better too. The product-limit estimate (Kaplan and
/// Meier, "Nonparametric Estimation from Incomplete Observations", JASA 53 (1958) 457–481) uses each open cycle for
/// exactly what is known of it.
///
/// Definition, so the figures can be checked by hand: let t₁ < t₂ < … < t_k be the distinct ends observed, dᵢ the
/// number of cycles ending at tᵢ and nᵢ the number at risk at tᵢ (cycles whose end or censoring time is at or after
/// tᵢ; a cycle censored at tᵢ is still at risk at tᵢ). The share not yet ended by t is
/// Ŝ(t) = ∏_{tᵢ ≤ t} (1 − dᵢ / nᵢ), and the share ended F̂(t) = 1 − Ŝ(t). The p-th percentile is the smallest tᵢ
/// with F̂(tᵢ) ≥ p/100; when F̂ never gets there (too many cycles still open), the percentile is not reached and is
/// only known to exceed the longest time followed. Without censored cycles, F̂(t) is the share of values ≤ t and the
/// percentile is exactly the nearest-rank one of `DurationSummary.nearestRank(_:of:)`.
public struct SurvivalEstimate: Sendable, Hashable {
    /// The distinct ends observed, in seconds, ascending.
    public private(set) var times: [Int64] = []
    /// F̂ at each of `times`: the estimated share of cycles ended by then.
    public private(set) var shares: [Double] = []
    /// How many ends were observed.
    public let observed: Int
    /// How many cycles were censored (still open).
    public let censored: Int
    /// The longest time any cycle was followed, ended or censored, or `nil` when there are none.
    public let longestFollowUp: Int64?

    /// Estimates from observed ends and censoring times.
    /// - Parameters:
    ///   - observed: the durations of the cycles that ended, in seconds, any order.
    ///   - censored: how long each open cycle has run so far, in seconds, any order.
    public init(observed: [Int64], censored: [Int64] = []) {
        self.observed = observed.count
        self.censored = censored.count
        longestFollowUp = (observed + censored).max()
        let ends = observed.sorted()
        let censorings = censored.sorted()
        var atRisk = ends.count + censorings.count
        var survival = 1.0
        var endIndex = 0
        var censorIndex = 0
        while endIndex < ends.count {
            let time = ends[endIndex]
            // Cycles censored before this time left the risk set before it.
            while censorIndex < censorings.count, censorings[censorIndex] < time {
                atRisk -= 1
                censorIndex += 1
            }
            var endedHere = 0
            while endIndex < ends.count, ends[endIndex] == time {
                endedHere += 1
                endIndex += 1
            }
            survival *= 1 - Double(endedHere) / Double(atRisk)
            atRisk -= endedHere
            times.append(time)
            shares.append(1 - survival)
        }
    }

    /// The tolerance of the comparisons with F̂: the products are floating point, and 9 of 10 must meet "90%".
    private static let tolerance = 1e-9

    /// The p-th percentile: the smallest observed end with F̂ ≥ p/100.
    /// - Parameter percentile: p, from 0 to 100.
    /// - Returns: seconds, or `nil` when there are no ends or F̂ never reaches p/100 (see `longestFollowUp`).
    public func percentile(_ percentile: Int) -> Int64? {
        let target = Double(percentile) / 100
        return shares.firstIndex { $0 >= target - Self.tolerance }.map { times[$0] }
    }

    /// F̂(t): the estimated share of cycles ended within `seconds`, from 0 to 1, or `nil` when nothing was followed.
    /// - Parameter seconds: t.
    /// - Returns: the share.
    public func shareEnded(within seconds: Int64) -> Double? {
        guard observed + censored > 0 else { return nil }
        return times.lastIndex { $0 <= seconds }.map { shares[$0] } ?? 0
    }
}
