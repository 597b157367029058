/// The one scale of the report's timeline bars (issue 25 item 18): a second of review is as wide in every bar, so
/// a one-minute review, an eight-day wait and a second cycle can be compared down the page, where each bar to its
/// own length made the short ones slivers.
///
/// The full width stands for the longest bar's review time rounded up to a grid step (`fullSeconds`), but never
/// more than four weeks: a bar longer than that (a wait left open for months) is cut at the end of the scale, and its
/// text says so, rather than squeeze every other bar to nothing. Linear, not logarithmic: a bar's states are laid end
/// to end, and lengths that add up must be drawn on a linear scale. Every piece is at least `minimumWidth` wide, so
/// a state of a minute is still seen (its length is in its title and the row's text); a gap of `gapWidth` separates
/// cycles. Widths are in units of `width` for the full scale; a bar with many short pieces may reach past it, so the
/// section draws every bar over the widest one's units (`viewWidth(_:)`), the same for all.
package struct TimelineScale: Sendable {
    /// The review time the full width stands for, seconds.
    package var fullSeconds: Int64
    /// The grid values, seconds: multiples of a step, up to `fullSeconds`.
    package var ticks: [Int64]

    /// The full scale's width, in the bars' units.
    package static let width = 1000.0
    /// The least width of a piece: 1.5% of the scale (about 5 px on a phone, 15 px on a desktop).
    package static let minimumWidth = 15.0
    /// The gap between two cycles of a bar.
    package static let gapWidth = 12.0
    /// The most the full width stands for: 28 days.
    package static let longestSeconds: Int64 = 28 * 86_400

    /// A scale for bars whose longest review time is `longest` seconds.
    /// - Parameter longest: the longest bar's `ReviewBar.reviewSeconds`.
    package init(longest: Int64) {
        let longest = min(max(longest, 1), Self.longestSeconds)
        let step = ChartFrame.timeSteps.first { $0 * 6 >= longest } ?? ChartFrame.timeSteps.last!
        fullSeconds = (longest + step - 1) / step * step
        ticks = Array(stride(from: step, through: fullSeconds, by: Int(step)))
    }

    /// A scale for `bars`.
    /// - Parameter bars: the bars the section draws.
    package init(bars: [ReviewBar]) { self.init(longest: bars.map(\.reviewSeconds).max() ?? 0) }

    /// A piece laid out.
    package struct Placed: Sendable {
        /// The piece.
        package var segment: ReviewBar.Segment
        /// Where it starts and how wide it is, in units of `width` for the full scale.
        package var x: Double
        package var width: Double
    }

    /// The x of a time from the start of a bar, in units.
    package func x(_ seconds: Int64) -> Double { Double(seconds) * Self.width / Double(fullSeconds) }

    /// Lays a bar out: each review state as long as it lasted (at least `minimumWidth`), each outcome at
    /// `minimumWidth`, a gap before each cycle after the first. Review time past `fullSeconds` is cut.
    /// - Parameter bar: the bar.
    /// - Returns: the pieces drawn, and whether the bar was cut.
    package func layout(_ bar: ReviewBar) -> (pieces: [Placed], isCut: Bool) {
        var pieces: [Placed] = []
        var at = 0.0
        var drawn: Int64 = 0
        for segment in bar.segments {
            let seconds = min(segment.seconds, fullSeconds - drawn)
            if seconds < segment.seconds, seconds == 0 { return (pieces, true) }
            if let last = pieces.last, last.segment.cycle != segment.cycle { at += Self.gapWidth }
            let width = max(x(seconds), Self.minimumWidth)
            pieces.append(Placed(segment: segment, x: at, width: width))
            at += width
            drawn += seconds
            if seconds < segment.seconds { return (pieces, true) }
        }
        return (pieces, false)
    }

    /// The units every bar is drawn over: the full scale, or the widest laid-out bar when one reaches past it.
    /// - Parameter layouts: the bars' pieces.
    /// - Returns: the width of the bars' viewBox.
    package static func viewWidth(_ layouts: [[Placed]]) -> Double {
        layouts.reduce(width) { widest, pieces in max(widest, pieces.last.map { $0.x + $0.width } ?? 0) }
    }
}
