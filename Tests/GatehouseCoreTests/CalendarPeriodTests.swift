import Testing

@testable import GatehouseCore

/// Daily-use issue, item 6: a year, month or day written without a time, and the first day after it.
@Suite("CalendarPeriod")
struct CalendarPeriodTests {
    @Test(
        "the first day and the first day after: month ends, December, leap years, year ends",
        arguments: [
            ("2025", 2025, 1, 1, 2026, 1, 1),
            ("2025-06", 2025, 6, 1, 2025, 7, 1),
            ("2025-01", 2025, 1, 1, 2025, 2, 1),
            ("2025-12", 2025, 12, 1, 2026, 1, 1),
            ("2024-02", 2024, 2, 1, 2024, 3, 1),
            ("2023-02", 2023, 2, 1, 2023, 3, 1),
            ("2024-02-28", 2024, 2, 28, 2024, 2, 29),
            ("2024-02-29", 2024, 2, 29, 2024, 3, 1),
            ("2023-02-28", 2023, 2, 28, 2023, 3, 1),
            ("2000-02-28", 2000, 2, 28, 2000, 2, 29),
            ("1900-02-28", 1900, 2, 28, 1900, 3, 1),
            ("2025-04-30", 2025, 4, 30, 2025, 5, 1),
            ("2025-12-31", 2025, 12, 31, 2026, 1, 1),
            ("9999-12", 9999, 12, 1, 10000, 1, 1),
        ] as [(String, Int64, Int64, Int64, Int64, Int64, Int64)])
    func edges(
        text: String, year: Int64, month: Int64, day: Int64, afterYear: Int64, afterMonth: Int64, afterDay: Int64
    ) throws {
        let period = try #require(CalendarPeriod(text), "\(text)")
        #expect(period.firstDay == (year, month, day), "\(text)")
        #expect(period.dayAfter == (afterYear, afterMonth, afterDay), "\(text)")
    }

    @Test("the precision is the form written")
    func precision() {
        #expect(CalendarPeriod("2025")?.precision == .year)
        #expect(CalendarPeriod("2025-06")?.precision == .month)
        #expect(CalendarPeriod("2025-06-15")?.precision == .day)
    }

    @Test(
        "anything but YYYY, YYYY-MM or YYYY-MM-DD, or a date that does not exist, is not a period",
        arguments: [
            "", "202", "20250", "2025-6", "2025-13", "2025-00", "2025-06-", "2023-02-29", "2025-04-31",
            "2025-06-15T10:00",
            "2025-06-15Z", "-2025", "2025/06", "２０２５", "2025-06-15 ", "abcd",
        ])
    func rejects(text: String) {
        #expect(CalendarPeriod(text) == nil, "\(text)")
    }
}
