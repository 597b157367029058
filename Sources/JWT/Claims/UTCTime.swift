internal import GatehouseCore
import GatehouseFoundation

/// Formats instants as RFC 3339 UTC text for error messages, without a formatter or locale.
enum UTCTime {
    /// `2024-04-04T12:00:00Z` for a date (whole seconds, rounded down); outside the NumericDate range, the number of
    /// seconds and "out of range" (never a trap).
    static func format(_ date: Date) -> String {
        guard let total = NumericDate.seconds(date.timeIntervalSince1970) else {
            return "\(date.timeIntervalSince1970) s since 1970 (out of range)"
        }
        return CivilTime.iso8601(total)
    }
}
