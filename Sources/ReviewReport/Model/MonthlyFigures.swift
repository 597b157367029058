internal import GatehouseCore
package import ReviewLog

/// Median and 90th percentile of time to decision per calendar month (UTC) of the cycles' start.
package struct MonthlyFigures: Sendable, Equatable {
    /// One month.
    package struct Month: Sendable, Equatable {
        /// The year.
        package var year: Int64
        /// The month, 1 to 12.
        package var month: Int64
        /// How many decided cycles started in it.
        package var count: Int
        /// Their median time to decision, or `nil` when there are none.
        package var median: Int64?
        /// Their 90th percentile (nearest rank), or `nil` when there are none.
        package var p90: Int64?

        /// `2025-06`.
        package var label: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }
    }

    /// Every month from the first decided cycle's to the last one's, in order; months without one have count 0.
    package var months: [Month]

    /// Groups the decided cycles with a known start of `timelines` by the month they started in.
    /// - Parameter timelines: the versions.
    package init(timelines: [VersionTimeline]) {
        var byMonth: [Int64: [Int64]] = [:]
        for cycle in timelines.lazy.flatMap(\.cycles) {
            guard let start = cycle.start, let seconds = cycle.timeToDecisionSeconds else { continue }
            let date = CivilTime.date(fromDays: CivilTime.split(start.secondsSince1970).days)
            byMonth[date.year * 12 + date.month - 1, default: []].append(seconds)
        }
        guard let first = byMonth.keys.min(), let last = byMonth.keys.max() else {
            months = []
            return
        }
        months = (first...last).map { index in
            let sorted = (byMonth[index] ?? []).sorted()
            return Month(
                year: CivilTime.floorDivide(index, 12), month: index - CivilTime.floorDivide(index, 12) * 12 + 1,
                count: sorted.count, median: DurationSummary.nearestRank(50, of: sorted),
                p90: DurationSummary.nearestRank(90, of: sorted))
        }
    }
}
