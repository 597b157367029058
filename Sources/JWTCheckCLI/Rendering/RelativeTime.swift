/// Durations for people: "2 hours", "3 days", "45 seconds", using the largest whole unit.
enum RelativeTime {
    /// `seconds` (never negative) in the largest whole unit.
    static func amount(_ seconds: Int64) -> String {
        let units: [(Int64, String)] = [(86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        for (size, name) in units where seconds >= size {
            let count = seconds / size
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "0 seconds"
    }

    /// "in 2 hours" / "2 hours ago" / "now" for an instant relative to `now`.
    static func phrase(_ instant: Int64, now: Int64) -> String {
        if instant == now { return "now" }
        return instant > now ? "in \(amount(instant - now))" : "\(amount(now - instant)) ago"
    }
}
