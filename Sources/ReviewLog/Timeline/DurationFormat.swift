/// Durations as people read them: "7d 0h", "1d 2h", "5h 3m", "45m", "30s".
public enum DurationFormat {
    /// Formats a number of seconds, truncating to the two largest units: days and hours from one day up, hours and
    /// minutes from one hour up, minutes from one minute up, else seconds. Negative durations get a leading `-`.
    /// - Parameter seconds: the duration.
    /// - Returns: the text.
    public static func string(seconds: Int64) -> String {
        if seconds < 0 { return "-" + string(seconds: -seconds) }
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3600
        let minutes = seconds % 3600 / 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m" }
        return "\(seconds)s"
    }

    /// Formats a duration with its precision: "~1d 4h" when approximate, "unknown" when unknown or missing.
    /// - Parameters:
    ///   - seconds: the duration, if known.
    ///   - precision: how well it is known.
    /// - Returns: the text.
    public static func string(seconds: Int64?, precision: DurationPrecision) -> String {
        guard let seconds, precision != .unknown else { return "unknown" }
        return (precision == .approximate ? "~" : "") + string(seconds: seconds)
    }
}

extension DurationFormat {
    /// Past this, an open span of a state in which nothing is waited for says more by its start date than by its
    /// length: 30 days.
    public static let settledSpanSeconds: Int64 = 30 * 86_400

    /// Whether an output shows a span's length, or only its dates (issue 25 item 10: one rule for every output).
    ///
    /// The dates alone, for:
    /// - a span still open, past `settledSpanSeconds`, in a state in which nothing is waited for: every stage but
    ///   Waiting for Review and In Review ("For 404d 19h" on a version released a year ago, "→ now 2444d 18h" on a
    ///   rejection of 2020). A long wait for review keeps its length: that is the figure that matters;
    /// - a span whose start is unknown (first seen by a sync) with under a minute known of it: "over 0s" says nothing.
    /// - Parameter span: the span.
    /// - Returns: false where the length is left out.
    public static func showsLength(of span: StateSpan) -> Bool {
        if span.precision == .unknown, span.seconds < 60 { return false }
        guard span.isCurrent, span.seconds > settledSpanSeconds else { return true }
        return span.state.stage == .waiting || span.state.stage == .inReview
    }
}
