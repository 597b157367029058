/// Count, median, 90th percentile and maximum of a set of durations, by the nearest-rank method.
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

    /// Summarises durations.
    /// - Parameters:
    ///   - values: durations in seconds, in any order.
    ///   - approximate: how many of them are approximate.
    public init(_ values: [Int64], approximate: Int = 0) {
        let sorted = values.sorted()
        self.approximate = approximate
        count = sorted.count
        median = Self.nearestRank(50, of: sorted)
        p90 = Self.nearestRank(90, of: sorted)
        max = sorted.last
    }

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
