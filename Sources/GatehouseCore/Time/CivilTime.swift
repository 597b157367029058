/// Civil (proleptic Gregorian, UTC) time arithmetic and ISO 8601 UTC text, without Foundation's calendars,
/// formatters or locale: the one copy every module uses (JWT's messages, ReviewLog's timestamps, App Store Connect's
/// dates, the command lines' times, the benchmark's generator).
///
/// Days count from 1970-01-01 and seconds from 1970-01-01T00:00:00Z; both may be negative. The day arithmetic is
/// H. Hinnant's `days_from_civil` / `civil_from_days` (http://howardhinnant.github.io/date_algorithms.html). No
/// function here traps for any `Int64` number of seconds: days and remainders are taken with floor division that
/// cannot overflow, and callers that accept numbers from outside range-check them first (JWT's `NumericDate`).
package enum CivilTime {
    /// Seconds in a day.
    package static let secondsPerDay: Int64 = 86_400

    /// Whether `year` has a 29th of February.
    package static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1 ... 12) of `year`.
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a date (`days_from_civil`); the date is not checked, so call it with a valid one
    /// (see `seconds(year:month:day:hour:minute:second:)`).
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`).
    package static func date(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds since the epoch of a UTC wall-clock time, or `nil` for an impossible date or time (a 30th of
    /// February, hour 24, second 60: leap seconds are not counted). The year is not limited; callers limit it.
    package static func seconds(
        year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    ) -> Int64? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), (0...23).contains(hour),
            (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        return days(year: year, month: month, day: day) * secondsPerDay + hour * 3600 + minute * 60 + second
    }

    /// The day (since 1970-01-01) and the second of that day (0 ..< 86400) of an instant.
    package static func split(_ seconds: Int64) -> (days: Int64, secondOfDay: Int64) {
        let days = floorDivide(seconds, secondsPerDay)
        var secondOfDay = seconds % secondsPerDay
        if secondOfDay < 0 { secondOfDay += secondsPerDay }
        return (days, secondOfDay)
    }

    /// ISO 8601 / RFC 3339 in UTC with whole seconds: `2024-04-04T12:00:00Z`.
    ///
    /// Years outside 0 ... 9999 keep at least four digits, a minus sign before the year 0 and more digits after
    /// 9999 (`-0001-12-31T00:00:00Z`, `10000-01-01T00:00:00Z`), so any `Int64` formats without trapping.
    package static func iso8601(_ seconds: Int64) -> String {
        let (days, secondOfDay) = split(seconds)
        let (year, month, day) = date(fromDays: days)
        guard (0...9999).contains(year) else {
            return "\(yearText(year))-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):"
                + "\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
        }
        // The common case in fixed positions: this runs once per exported event.
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int64, at index: Int, digits: Int) {
                var rest = value
                for position in stride(from: index + digits - 1, through: index, by: -1) {
                    buffer[position] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                    rest /= 10
                }
            }
            put(year, at: 0, digits: 4)
            put(month, at: 5, digits: 2)
            put(day, at: 8, digits: 2)
            put(secondOfDay / 3600, at: 11, digits: 2)
            put(secondOfDay / 60 % 60, at: 14, digits: 2)
            put(secondOfDay % 60, at: 17, digits: 2)
            buffer[4] = UInt8(ascii: "-")
            buffer[7] = UInt8(ascii: "-")
            buffer[10] = UInt8(ascii: "T")
            buffer[13] = UInt8(ascii: ":")
            buffer[16] = UInt8(ascii: ":")
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// `floor(a / b)` for a positive `b`, for every `a` (no intermediate that could overflow).
    package static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func yearText(_ year: Int64) -> String {
        let digits = String(year.magnitude)
        return (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
