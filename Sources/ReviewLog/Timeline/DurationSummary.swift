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

    /// Summarises durations.
    /// - Parameter values: durations in seconds, in any order.
    public init(_ values: [Int64]) {
        let sorted = values.sorted()
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
