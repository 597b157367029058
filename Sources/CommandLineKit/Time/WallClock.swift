internal import GatehouseCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows instants as wall-clock times, in the local (`TZ`) time zone or in UTC, and reads the system clock
/// (only at the edge of a program: `main.swift` passes `now` inward).
package enum WallClock {
    /// The current time, Unix seconds.
    /// - Returns: seconds since 1970-01-01T00:00:00Z.
    package static func now() -> Int64 { Int64(time(nil)) }

    /// `2020-03-15 10:00 +09:00` in the local time zone, or `2020-03-15 01:00 UTC` when `utc` is set.
    /// - Parameters:
    ///   - seconds: the instant, Unix seconds.
    ///   - utc: whether to show UTC instead of local time.
    /// - Returns: the text.
    package static func format(_ seconds: Int64, utc: Bool) -> String {
        let parts = calendarParts(seconds, utc: utc)
        let date =
            "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2)) "
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2))"
        if utc { return date + " UTC" }
        let offset = Int(parts.tm_gmtoff)
        let sign = offset < 0 ? "-" : "+"
        return date + " \(sign)\(pad(abs(offset) / 3600, 2)):\(pad(abs(offset) / 60 % 60, 2))"
    }

    /// The calendar year and month (1–12) of an instant, in the local (`TZ`) time zone or in UTC.
    /// - Parameters:
    ///   - seconds: the instant, Unix seconds.
    ///   - utc: whether to read the calendar in UTC.
    /// - Returns: the year and month.
    package static func calendarMonth(_ seconds: Int64, utc: Bool) -> (year: Int, month: Int) {
        let parts = calendarParts(seconds, utc: utc)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1)
    }

    /// The broken-down time of an instant, local (`TZ`, read afresh) or UTC.
    private static func calendarParts(_ seconds: Int64, utc: Bool) -> tm {
        tzset()
        var value = time_t(seconds)
        var parts = tm()
        if utc {
            gmtime_r(&value, &parts)
        } else {
            localtime_r(&value, &parts)
        }
        return parts
    }

    /// ISO 8601 UTC text, `2024-04-04T12:00:00Z`, as `jwtcheck` prints claim times.
    /// - Parameter seconds: the instant, Unix seconds.
    /// - Returns: the text (any instant formats; see `CivilTime.iso8601`).
    package static func iso8601UTC(_ seconds: Int64) -> String { CivilTime.iso8601(seconds) }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
