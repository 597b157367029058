/// An instant, stored and compared as whole seconds since 1970-01-01T00:00:00Z (UTC).
///
/// Durations are differences of instants, so they are right across daylight-saving changes by construction;
/// time zones matter only when an instant is read from or shown as a wall-clock time.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since the Unix epoch, UTC.
    public var secondsSince1970: Int64

    /// Creates an instant.
    /// - Parameter secondsSince1970: seconds since the Unix epoch, UTC.
    public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// Seconds from `self` to `later` (negative when `later` is earlier).
    /// - Parameter later: the other instant.
    /// - Returns: the elapsed seconds.
    public func seconds(until later: Timestamp) -> Int64 { later.secondsSince1970 - secondsSince1970 }

    /// ISO 8601 in UTC: `2020-03-15T01:00:00Z`. The form every export and `--json` output uses.
    public var iso8601: String {
        let days = Self.floorDivide(secondsSince1970, 86_400)
        let secondOfDay = secondsSince1970 - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T"
            + "\(Self.pad(secondOfDay / 3600, 2)):\(Self.pad(secondOfDay / 60 % 60, 2)):\(Self.pad(secondOfDay % 60, 2))Z"
    }

    public var description: String { iso8601 }

    /// Reads an ISO 8601 instant that carries its offset: `2020-03-15T10:00:00+09:00`, `...Z`, `...+0900`; a space
    /// may stand for the `T`; seconds may be omitted; fractional seconds are dropped (the store keeps whole
    /// seconds). Without an offset the instant would depend on the reader's time zone, so it is refused here.
    /// - Parameter text: the text.
    /// - Returns: the instant, or `nil` when the text is not of that form or names an impossible date.
    public init?(iso8601 text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.take(UInt8(ascii: "-")), let month = scanner.number(2),
            scanner.take(UInt8(ascii: "-")), let day = scanner.number(2),
            scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " ")),
            let hour = scanner.number(2), scanner.take(UInt8(ascii: ":")), let minute = scanner.number(2)
        else { return nil }
        var second: Int64 = 0
        if scanner.take(UInt8(ascii: ":")) {
            guard let value = scanner.number(2) else { return nil }
            second = value
            if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
                guard scanner.digits() > 0 else { return nil }
            }
        }
        guard let offset = scanner.offset(), scanner.atEnd,
            let seconds = Self.seconds(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        self.init(secondsSince1970: seconds - offset)
    }

    /// Seconds since the epoch of a UTC wall-clock time, or `nil` for an impossible date or time.
    static func seconds(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) -> Int64? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), (0...23).contains(hour),
            (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        return days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01 (H. Hinnant's civil_from_days).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value < 0 ? -value : value)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
