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
