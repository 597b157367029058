/// The distribution of time to decision, in bins of equal width, with an overflow bin for the longest waits.
///
/// The bins cover at least 72 hours (so the 24 h and 48 h markers always fall inside) and at most 14 days; their
/// width is 6 hours up to 4 days, 12 hours up to 8 days, else a day. Every value at or past the last bound is
/// counted in the overflow bin.
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

    /// Bins `values`.
    /// - Parameter values: times to decision, seconds, any order; negative values count in the first bin.
    package init(_ values: [Int64]) {
        let largest = values.max() ?? 0
        let span = min(max(largest + 1, 72 * 3_600), Self.maximumSpan)
        binSeconds = span <= 4 * 86_400 ? 6 * 3_600 : span <= 8 * 86_400 ? 12 * 3_600 : 86_400
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
}
