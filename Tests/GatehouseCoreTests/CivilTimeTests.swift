import GatehouseCore
import Testing

@Suite("CivilTime: days, dates and ISO 8601 UTC text")
struct CivilTimeTests {
    @Test("days and dates round-trip, every day of two 400-year eras around 1970 and a sparse walk over ±400,000 years")
    func roundTrips() {
        var failures: [String] = []
        // Consecutive days: each date is the day after the previous one, and maps back to its day number.
        var previous = CivilTime.date(fromDays: -146_097 - 1)
        for day in Int64(-146_097)...146_097 {
            let date = CivilTime.date(fromDays: day)
            let expected =
                previous.day < CivilTime.daysIn(month: previous.month, year: previous.year)
                ? (previous.year, previous.month, previous.day + 1)
                : previous.month < 12 ? (previous.year, previous.month + 1, 1) : (previous.year + 1, 1, 1)
            if date != expected || CivilTime.days(year: date.year, month: date.month, day: date.day) != day {
                failures.append("day \(day): \(date) after \(previous)")
            }
            previous = date
        }
        for day in stride(from: Int64(-146_097_000), through: 146_097_000, by: 9_973) {
            let date = CivilTime.date(fromDays: day)
            if CivilTime.days(year: date.year, month: date.month, day: date.day) != day
                || !(1...12).contains(date.month)
                || date.day < 1 || date.day > CivilTime.daysIn(month: date.month, year: date.year)
            {
                failures.append("day \(day): \(date)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test(
        "known dates: the epoch, leap days, century rules, the last NumericDate and before 1970",
        arguments: [
            (0, 1970, 1, 1), (-1, 1969, 12, 31), (59, 1970, 3, 1), (11_016, 2000, 2, 29), (11_017, 2000, 3, 1),
            (47_541, 2100, 3, 1), (-25_508, 1900, 3, 1), (-719_468, 0, 3, 1), (-719_469, 0, 2, 29),
            (-719_529, -1, 12, 31), (2_932_896, 9999, 12, 31), (2_932_897, 10000, 1, 1), (19_782, 2024, 2, 29),
        ] as [(Int64, Int64, Int64, Int64)])
    func knownDates(days: Int64, year: Int64, month: Int64, day: Int64) {
        #expect(CivilTime.date(fromDays: days) == (year, month, day))
        #expect(CivilTime.days(year: year, month: month, day: day) == days)
    }

    @Test("leap years follow the Gregorian rules")
    func leapYears() {
        for year: Int64 in [2000, 2024, 1996, 2400, 0, -4, 1600] { #expect(CivilTime.isLeapYear(year), "\(year)") }
        for year: Int64 in [1900, 2100, 2023, 1970, 9999, -1, 1800] { #expect(!CivilTime.isLeapYear(year), "\(year)") }
        #expect(CivilTime.daysIn(month: 2, year: 2000) == 29)
        #expect(CivilTime.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilTime.daysIn(month: 4, year: 2023) == 30)
        #expect(CivilTime.daysIn(month: 12, year: 2023) == 31)
    }

    @Test(
        "ISO 8601 UTC text at the edges: 1970, 9999, leap days, before 1970 and beyond 9999",
        arguments: [
            (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (951_782_400, "2000-02-29T00:00:00Z"),
            (1_712_228_305, "2024-04-04T10:58:25Z"), (1_795_953_600, "2026-11-29T12:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"), (253_402_300_800, "10000-01-01T00:00:00Z"),
            (-62_167_219_200, "0000-01-01T00:00:00Z"), (-62_167_219_201, "-0001-12-31T23:59:59Z"),
            (-2_208_988_800, "1900-01-01T00:00:00Z"),
        ] as [(Int64, String)])
    func formatting(seconds: Int64, text: String) {
        #expect(CivilTime.iso8601(seconds) == text)
        if let back = ISO8601Fields(text)?.utcSeconds { #expect(back == seconds, "\(text)") }
    }

    @Test("formatting never traps, down to Int64.min and up to Int64.max")
    func extremes() {
        for seconds in [Int64.min, .min + 1, .max, .max - 1, -86_400 * 146_097 * 1000] {
            #expect(CivilTime.iso8601(seconds).hasSuffix("Z"), "\(seconds)")
        }
        #expect(CivilTime.split(.min).secondOfDay >= 0)
        #expect(CivilTime.split(-1) == (-1, 86_399))
        #expect(CivilTime.floorDivide(-1, 400) == -1)
        #expect(CivilTime.floorDivide(.min, 86_400) == .min / 86_400 - 1)
    }

    @Test("a sparse walk from 1970 to 9999 formats to 20 characters and parses back to the same second")
    func textRoundTrips() {
        var failures: [String] = []
        for seconds in stride(from: Int64(0), through: 253_402_300_799, by: 7_919_993) {
            let text = CivilTime.iso8601(seconds)
            if text.utf8.count != 20 || ISO8601Fields(text)?.utcSeconds != seconds { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test(
        "ISO 8601 forms with offsets name the same instant",
        arguments: [
            "2020-03-15T10:00:00+09:00", "2020-03-15T10:00+09:00", "2020-03-15 10:00:00+09:00",
            "2020-03-15T10:00:00+0900", "2020-03-15T10:00:00+09", "2020-03-15T01:00:00Z", "2020-03-15t01:00:00z",
            "2020-03-14T20:00:00-05:00", "2020-03-15T01:00:00.987Z", "2020-03-15T01:00:00,5Z",
        ])
    func offsets(text: String) throws {
        #expect(try #require(ISO8601Fields(text)).utcSeconds == 1_584_234_000, "\(text)")
    }

    @Test("a date alone, or a time without an offset, is read but names no instant by itself")
    func withoutOffset() throws {
        let date = try #require(ISO8601Fields("2020-03-15"))
        #expect(!date.hasTime && date.offset == nil && date.utcSeconds == nil)
        #expect(date.secondsAsUTC == 1_584_230_400)
        let local = try #require(ISO8601Fields("2020-03-15T10:00"))
        #expect(local.hasTime && local.offset == nil && local.utcSeconds == nil)
        #expect((local.hour, local.minute, local.second) == (10, 0, 0))
    }

    @Test(
        "malformed or impossible ISO 8601 is refused",
        arguments: [
            "", "2020", "2020-03", "2020-3-15", "20-03-15", "+2020-03-15", "2020-13-01", "2020-00-10", "2020-02-30",
            "2021-02-29", "1900-02-29", "2020-04-31", "2020-03-00", "2020-03-15T", "2020-03-15T10",
            "2020-03-15T24:00:00Z", "2020-03-15T10:60Z", "2020-03-15T10:00:60Z", "2020-03-15T10:00:00.Z",
            "2020-03-15T10:00:00+25:00", "2020-03-15T10:00:00+09:60", "2020-03-15T10:00:00 +09:00",
            "2020-03-15T10:00:00+9", "2020-03-15T10:00:00+09:0", "2020-03-15T10:00:00Zjunk", "2020-03-15Z",
            "2020-03-15T10:00:00+09:00 ", " 2020-03-15T10:00Z", "2020-03-15X10:00Z", "２０２０-03-15T10:00Z",
            "2020-03-15T1a:00Z", "2020/03/15T10:00Z",
        ])
    func refused(text: String) {
        #expect(ISO8601Fields(text) == nil, "\(text)")
    }

    @Test("impossible wall-clock fields have no seconds")
    func impossibleFields() {
        #expect(CivilTime.seconds(year: 2020, month: 2, day: 30, hour: 0, minute: 0, second: 0) == nil)
        #expect(CivilTime.seconds(year: 2020, month: 1, day: 1, hour: 0, minute: 0, second: 60) == nil)
        #expect(CivilTime.seconds(year: 2020, month: 13, day: 1, hour: 0, minute: 0, second: 0) == nil)
        #expect(CivilTime.seconds(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59) == -1)
    }
}
