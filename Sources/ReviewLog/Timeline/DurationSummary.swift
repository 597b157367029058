/// Count, median, 90th percentile and maximum of a set of durations, by the nearest-rank method; with cycles still
/// open counted as censored, the percentiles are the Kaplan–Meier ones (`SurvivalEstimate`), which are the
/// nearest-rank ones when nothing is censored.
public struct DurationSummary: Sendable, Hashable {
    /// How many durations.
    public var count: Int
    /// The median (50th percentile), or `nil` when there are none.
    public var median: Int64?
    /// The 90th percentile, or `nil` when there are none.
    public var p90: Int64?
    /// The maximum, or `nil` when there are none.
    public var max: Int64?
    /// How many of the durations are approximate (an end observed by polling).
    public var approximate: Int
    /// How many cycles still open were counted as censored (not in `count`).
    public var censored: Int = 0
    /// The longest time a censored cycle has run so far, or `nil` when none was counted.
    public var longestCensored: Int64?

    /// Summarises durations.
    /// - Parameters:
    ///   - values: durations in seconds, in any order.
    ///   - approximate: how many of them are approximate.
    ///   - censored: how long each cycle still open has run so far; when there are any, the median and 90th
    ///     percentile are the Kaplan–Meier ones (`nil` when not reached).
    public init(_ values: [Int64], approximate: Int = 0, censored: [Int64] = []) {
        let sorted = values.sorted()
        self.approximate = approximate
        count = sorted.count
        max = sorted.last
        self.censored = censored.count
        longestCensored = censored.max()
        if censored.isEmpty {
            median = Self.nearestRank(50, of: sorted)
            p90 = Self.nearestRank(90, of: sorted)
        } else {
            let estimate = SurvivalEstimate(observed: sorted, censored: censored)
            median = estimate.percentile(50)
            p90 = estimate.percentile(90)
        }
    }

    /// Whether the figures rest on fewer than `OpenCycleComparison.fewCycles` cycles (ended and censored).
    public var isFewCycles: Bool { count + censored < OpenCycleComparison.fewCycles }

    /// The nearest-rank percentile: the value at rank ceil(p/100 × n) of the n sorted values (rank 1 for p 0).
    /// - Parameters:
    ///   - percentile: p, from 0 to 100.
    ///   - sorted: the values, ascending.
    /// - Returns: the value, or `nil` when there are none.
    public static func nearestRank(_ percentile: Int, of sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let rank = (percentile * sorted.count + 99) / 100
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}
