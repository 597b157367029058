internal import ReviewLog

/// The distribution of time to decision, in bins of equal width, with an overflow bin for the longest waits.
///
/// The bins are sized to where the data is (issue 25 item 19): they cover the 90th percentile (nearest rank, the
/// report's p90 marker), at least 25 hours (so Apple's 24 hours is always inside) and at most 14 days, and their
/// width is the smallest of 1, 2, 3, 6 or 12 hours, a day or two days that needs at most `maximumBins` bins. The
/// longest tenth of the waits is counted in the overflow bin, past the last bound, instead of stretching the bins:
/// bins sized to the longest wait (two weeks among reviews of hours) were a day wide and put 41 of 78 cycles in the
/// first bar.
package struct DecisionHistogram: Sendable, Equatable {
    /// The width of a bin, seconds.
    package var binSeconds: Int64
    /// The count per bin: bin `i` holds values in `i × binSeconds ..< (i + 1) × binSeconds`.
    package var counts: [Int]
    /// Values at or past `upperSeconds`.
    package var overflow: Int

    /// The upper bound of the last regular bin.
    package var upperSeconds: Int64 { binSeconds * Int64(counts.count) }

    /// The longest span the bins cover: 14 days.
    package static let maximumSpan: Int64 = 14 * 86_400
    /// The shortest span the bins cover: 25 hours, past Apple's 24.
    package static let minimumSpan: Int64 = 25 * 3_600
    /// The most bins: about 10 px each at a phone's width.
    package static let maximumBins = 30
    /// The bin widths, from the narrowest.
    package static let binWidths: [Int64] = [
        3_600, 2 * 3_600, 3 * 3_600, 6 * 3_600, 12 * 3_600, 86_400, 2 * 86_400,
    ]

    /// Bins `values`.
    /// - Parameter values: times to decision, seconds, any order; negative values count in the first bin.
    package init(_ values: [Int64]) {
        let p90 = DurationSummary.nearestRank(90, of: values.sorted()) ?? 0
        let span = min(max(p90 + 1, Self.minimumSpan), Self.maximumSpan)
        binSeconds =
            Self.binWidths.first { (span + $0 - 1) / $0 <= Int64(Self.maximumBins) } ?? Self.binWidths.last!
        let binCount = Int((span + binSeconds - 1) / binSeconds)
        var counts = Array(repeating: 0, count: binCount)
        var overflow = 0
        for value in values {
            let index = Int(max(0, value) / binSeconds)
            if index < binCount { counts[index] += 1 } else { overflow += 1 }
        }
        self.counts = counts
        self.overflow = overflow
    }

    /// The tallest bar's count.
    package var highest: Int { max(counts.max() ?? 0, overflow) }

    /// The count axis's grid values: a step of 1, 2 or 5 × 10ⁿ giving at most five lines, up to the first multiple
    /// of the step at or above the tallest bar (the top of the axis). Round values, never "21" and "41".
    package var countTicks: [Int] { Self.countTicks(upTo: highest) }

    /// Grid values for a count axis up to `highest` (at least 1): multiples of the smallest step of 1, 2 or 5 × 10ⁿ
    /// that needs at most five of them to reach `highest`.
    /// - Parameter highest: the largest count drawn.
    /// - Returns: the values, from the step to the top of the axis.
    package static func countTicks(upTo highest: Int) -> [Int] {
        let highest = max(highest, 1)
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] {
                let step = factor * magnitude
                let steps = (highest + step - 1) / step
                if steps <= 5 { return (1...steps).map { $0 * step } }
            }
            magnitude *= 10
        }
    }
}
