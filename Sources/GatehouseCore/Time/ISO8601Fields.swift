/// The fields of an ISO 8601 date or date-time as people and files write it, read without Foundation.
///
/// Accepted: `2020-03-15`; `2020-03-15T10:00`; `2020-03-15T10:00:00`, with `t` or a space for the `T`; fractional
/// seconds after `.` or `,` (read and dropped: whole seconds only); then an optional offset: `Z` (or `z`),
/// `+09:00`, `+0900`, `+09`, or the same with `-`. A date alone takes no offset. Years have exactly four digits, and
/// every field is range-checked (month 1 ... 12, a day that exists in that month and year, hour 0 ... 23,
/// minute and second 0 ... 59, offset under 24 hours): anything else is `nil`.
///
/// What a missing time or offset means is the caller's choice: ReviewLog refuses them (an instant must not depend
/// on the reader's time zone), the command lines read them as local time.
package struct ISO8601Fields: Sendable, Equatable {
    package var year: Int64
    package var month: Int64
    package var day: Int64
    /// Whether a time of day was given; when not, the time fields are 0.
    package var hasTime: Bool
    package var hour: Int64
    package var minute: Int64
    package var second: Int64
    /// The offset in seconds east of UTC (`+09:00` is 32400), or `nil` when the text has none.
    package var offset: Int64?

    /// The instant, when the text has a time and an offset; `nil` otherwise.
    package var utcSeconds: Int64? {
        guard hasTime, let offset else { return nil }
        return secondsAsUTC.map { $0 - offset }
    }

    /// Seconds since the epoch of the wall-clock fields read as UTC, ignoring the offset.
    package var secondsAsUTC: Int64? {
        CivilTime.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Reads `text`; `nil` when it is not one of the accepted forms or names an impossible date or time.
    package init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2), scanner.take("-"),
            let day = scanner.number(2), (1...12).contains(month), day >= 1,
            day <= CivilTime.daysIn(month: month, year: year)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (hasTime, hour, minute, second, offset) = (false, 0, 0, 0, nil)
        if scanner.atEnd { return }
        guard scanner.take("T") || scanner.take("t") || scanner.take(" "), let hour = scanner.number(2),
            scanner.take(":"), let minute = scanner.number(2), hour <= 23, minute <= 59
        else { return nil }
        (hasTime, self.hour, self.minute) = (true, hour, minute)
        if scanner.take(":") {
            guard let second = scanner.number(2), second <= 59 else { return nil }
            self.second = second
            if scanner.take(".") || scanner.take(",") {
                guard scanner.skipDigits() > 0 else { return nil }
            }
        }
        if scanner.atEnd { return }
        guard let offset = scanner.offset(), scanner.atEnd else { return nil }
        self.offset = offset
    }

    /// A cursor over the ASCII bytes of the fixed-width forms.
    private struct Scanner {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` decimal digits.
        mutating func number(_ count: Int) -> Int64? {
            guard count <= bytes.count - index else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// Skips a run of digits and returns its length.
        mutating func skipDigits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - start
        }

        /// `Z`, `+hh:mm`, `+hhmm` or `+hh` (and `-`), as seconds east of UTC; `nil` when malformed.
        mutating func offset() -> Int64? {
            if take("Z") || take("z") { return 0 }
            let sign: Int64
            if take("+") {
                sign = 1
            } else if take("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(2), hours <= 23 else { return nil }
            var minutes: Int64 = 0
            if take(":") {
                guard let value = number(2) else { return nil }
                minutes = value
            } else if !atEnd {
                guard let value = number(2) else { return nil }
                minutes = value
            }
            guard minutes <= 59 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
