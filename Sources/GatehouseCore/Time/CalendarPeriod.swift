/// A date written without a time of day, read as the period it names: a year (`2025`), a month (`2025-06`) or a
/// day (`2025-06-15`), in the proleptic Gregorian calendar (ISO 8601-1:2019 section 5.2.2, "reduced precision":
/// a calendar year or month stands for the whole of it).
///
/// A period runs from its first day up to, not including, the first day after it; what a day's midnight is (local
/// time or UTC) is the caller's choice. The rule the command lines apply (`TimeParser`): as a start (`--since`,
/// `--at`, `--now`) a period means its first instant; as an exclusive end (`--until`) the first instant after it,
/// so `--since 2025-06 --until 2025-06` is the whole of June, and `--until 2025-12` ends at 2026-01-01.
package struct CalendarPeriod: Sendable, Equatable {
    /// How much of a date the text gave.
    package enum Precision: Sendable, Equatable {
        /// `2025`.
        case year
        /// `2025-06`.
        case month
        /// `2025-06-15`.
        case day
    }

    /// The year, 0 ... 9999 (four digits).
    package var year: Int64
    /// The month, 1 for a year.
    package var month: Int64
    /// The day, 1 for a year or a month.
    package var day: Int64
    /// Which of the three forms the text was.
    package var precision: Precision

    /// Reads `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (exactly those digits, every field range-checked: no month 13, no
    /// 29 February outside a leap year); `nil` for anything else, a date with a time or an offset included.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        switch bytes.count {
        case 4:
            guard let year = digits(0..<4) else { return nil }
            (self.year, month, day, precision) = (year, 1, 1, .year)
        case 7:
            guard let year = digits(0..<4), bytes[4] == UInt8(ascii: "-"), let month = digits(5..<7),
                (1...12).contains(month)
            else { return nil }
            (self.year, self.month, day, precision) = (year, month, 1, .month)
        default:
            guard let fields = ISO8601Fields(text), !fields.hasTime, fields.offset == nil else { return nil }
            (year, month, day, precision) = (fields.year, fields.month, fields.day, .day)
        }
    }

    /// The first day of the period.
    package var firstDay: (year: Int64, month: Int64, day: Int64) { (year, month, day) }

    /// The first day after the period: the next day, the first of the next month, or the next 1 January (so the
    /// period after December is January of the next year, and after 28 February of a leap year comes the 29th).
    package var dayAfter: (year: Int64, month: Int64, day: Int64) {
        switch precision {
        case .year:
            return (year + 1, 1, 1)
        case .month:
            return month == 12 ? (year + 1, 1, 1) : (year, month + 1, 1)
        case .day:
            return CivilTime.date(fromDays: CivilTime.days(year: year, month: month, day: day) + 1)
        }
    }
}
