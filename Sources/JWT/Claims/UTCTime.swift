#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Formats instants as RFC 3339 UTC text for error messages, without a formatter or locale.
enum UTCTime {
    /// `2024-04-04T12:00:00Z` for a date (whole seconds, rounded down); outside the NumericDate range, the number of
    /// seconds and "out of range" (never a trap).
    static func format(_ date: Date) -> String {
        guard let total = NumericDate.seconds(date.timeIntervalSince1970) else {
            return "\(date.timeIntervalSince1970) s since 1970 (out of range)"
        }
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secondsOfDay = total - days * 86400
        // Civil-from-days (H. Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):"
            + "\(two(secondsOfDay % 60))Z"
    }
}
