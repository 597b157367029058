internal import GatehouseCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the times people type on command lines (`--at`, `--since`, `--until`, `--now`) as Unix seconds.
///
/// Accepted, with "now" always passed in (the clock is injected, so tests pin it):
/// - ISO 8601 with an offset: `2020-03-15T10:00:00+09:00`, `2020-03-15T01:00Z`, `+0900`; a space may replace `T`;
///   seconds optional; fractional seconds are dropped.
/// - ISO 8601 without an offset: local wall-clock time in the `TZ` time zone (`2020-03-15T10:00`).
/// - A date without a time of day, local time: a day (`2020-03-15`), a month (`2020-03`) or a year (`2020`), read
///   by `edge` (`CalendarPeriod`): as a start its first instant (local midnight of its first day), as an exclusive
///   end the first instant after it (`2020-03` as an end is 2020-04-01 00:00 local time, `2020` is 2021-01-01). Four
///   digits are always a year, even where Unix seconds are accepted.
/// - `now`.
/// - Relative to now: `-3h`, `-2d`, `-45m`, `-30s`, `-1w` (or `+` for the future).
/// - Unix seconds (`1584234000`), only when the caller asks for them.
///
/// A local time that does not exist (skipped by a daylight-saving change) or exists twice is resolved the way
/// the C library's `mktime` does; write an offset to be exact.
package enum TimeParser {
    /// Which instant a date without a time of day (a day, month or year) stands for.
    package enum Edge: Sendable, Equatable {
        /// Its first instant: for `--since`, `--at`, `--now`.
        case start
        /// The first instant after it: for an exclusive `--until`.
        case end
    }

    /// Parses `text`.
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - now: the current time, Unix seconds.
    ///   - acceptsUnixSeconds: whether a bare integer (of five digits or more) means Unix seconds.
    ///   - edge: what a date without a time of day means: its first instant, or the first instant after it.
    /// - Returns: the instant, Unix seconds.
    /// - Throws: `CommandFailure` with status `.usage` naming the text and the accepted forms.
    package static func parse(
        _ text: String, now: Int64, acceptsUnixSeconds: Bool = false, edge: Edge = .start
    ) throws(CommandFailure) -> Int64 {
        guard let value = parseOrNil(text, now: now, acceptsUnixSeconds: acceptsUnixSeconds, edge: edge) else {
            throw .usage(
                "cannot read the time \"\(text)\": use ISO 8601 (2020-03-15T10:00:00+09:00, or 2020-03-15T10:00 "
                    + "in local time), a date, month or year (2020-03-15, 2020-03, 2020: local time), now, or a "
                    + "relative time (-3h, -2d, -45m)" + (acceptsUnixSeconds ? ", or Unix seconds" : ""))
        }
        return value
    }

    private static func parseOrNil(_ text: String, now: Int64, acceptsUnixSeconds: Bool, edge: Edge) -> Int64? {
        let bytes = Array(text.utf8)
        if text.lowercased() == "now" { return now }
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+"), bytes.count >= 3,
            let unit = bytes.last, let amount = Int64(String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)),
            amount >= 0, bytes[1] >= 48, bytes[1] <= 57
        {
            let scale: Int64
            switch unit {
            case UInt8(ascii: "s"): scale = 1
            case UInt8(ascii: "m"): scale = 60
            case UInt8(ascii: "h"): scale = 3600
            case UInt8(ascii: "d"): scale = 86_400
            case UInt8(ascii: "w"): scale = 604_800
            default: return nil
            }
            let (product, overflow) = amount.multipliedReportingOverflow(by: scale)
            guard !overflow, product < 1 << 40 else { return nil }
            return first == UInt8(ascii: "-") ? now - product : now + product
        }
        if acceptsUnixSeconds, bytes.count != 4, !bytes.isEmpty, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            bytes.count <= 12
        {
            return Int64(text)
        }
        if let period = CalendarPeriod(text) {
            let day = edge == .start ? period.firstDay : period.dayAfter
            return localSeconds(year: day.year, month: day.month, day: day.day, hour: 0, minute: 0, second: 0)
        }
        return iso8601(text)
    }

    /// ISO 8601 date-times (`ISO8601Fields`): with an offset, that instant; without one, local wall-clock time.
    private static func iso8601(_ text: String) -> Int64? {
        guard let fields = ISO8601Fields(text), fields.hasTime else { return nil }
        if fields.offset != nil { return fields.utcSeconds }
        return localSeconds(
            year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute,
            second: fields.second)
    }

    /// The instant of a wall-clock time in the local (`TZ`) time zone, through the C library's `mktime`.
    private static func localSeconds(
        year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    ) -> Int64? {
        tzset()
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        parts.tm_isdst = -1
        let result = mktime(&parts)
        return result == -1 && !(year == 1969 || year == 1970) ? nil : Int64(result)
    }
}
