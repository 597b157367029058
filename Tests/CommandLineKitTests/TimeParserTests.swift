import GatehouseTesting
import Testing

@testable import CommandLineKit

@Suite("TimeParser")
struct TimeParserTests {
    /// 2020-03-15T01:00:00Z, checked with `date -u -d 2020-03-15T01:00:00Z +%s`.
    static let pinned: Int64 = 1_584_234_000

    @Test(
        "ISO 8601 with an offset names one instant whatever the local zone",
        arguments: [
            "2020-03-15T10:00:00+09:00", "2020-03-15T10:00+09:00", "2020-03-15 10:00:00+09:00",
            "2020-03-15T10:00:00+0900", "2020-03-15T10:00:00+09", "2020-03-15T01:00:00Z", "2020-03-15T01:00:00z",
            "2020-03-14T20:00:00-05:00", "2020-03-15T01:00:00.987Z",
        ])
    func offsets(text: String) throws {
        #expect(try TimeParser.parse(text, now: 0) == Self.pinned, "\(text)")
    }

    @Test("now and relative times count from the injected now")
    func relative() throws {
        let now: Int64 = 1_000_000
        #expect(try TimeParser.parse("now", now: now) == now)
        #expect(try TimeParser.parse("NOW", now: now) == now)
        #expect(try TimeParser.parse("-3h", now: now) == now - 10_800)
        #expect(try TimeParser.parse("-2d", now: now) == now - 172_800)
        #expect(try TimeParser.parse("-45m", now: now) == now - 2700)
        #expect(try TimeParser.parse("-30s", now: now) == now - 30)
        #expect(try TimeParser.parse("+1w", now: now) == now + 604_800)
    }

    @Test("dates across years and leap days convert exactly")
    func calendar() throws {
        // Values from `date -u -d ... +%s`.
        #expect(try TimeParser.parse("1970-01-01T00:00:00Z", now: 0) == 0)
        #expect(try TimeParser.parse("2000-02-29T12:00:00Z", now: 0) == 951_825_600)
        #expect(try TimeParser.parse("1969-12-31T23:59:59Z", now: 0) == -1)
        #expect(try TimeParser.parse("2038-01-19T03:14:08Z", now: 0) == 2_147_483_648)
    }

    @Test("Unix seconds only when the caller accepts them")
    func unixSeconds() throws {
        #expect(try TimeParser.parse("1584234000", now: 0, acceptsUnixSeconds: true) == Self.pinned)
        #expect(throws: CommandFailure.self) { try TimeParser.parse("1584234000", now: 0) }
    }

    @Test(
        "a time that does not parse is a usage error naming the text and the accepted forms",
        arguments: [
            "yesterday", "2020-02-30", "2021-02-29", "2020-13-01", "2020-03-15T24:00:00Z", "2020-03-15T10:60Z",
            "2020-03-15T10:00:00+25:00", "2020-03-15T10:00:00 +09:00", "-3x", "-h", "3h", "", "2020-3-15",
            "2020-03-15T10", "2020-03-15T10:00:00.Z",
        ])
    func rejects(text: String) {
        CommandInterfaceExpectations.expectUsageFailure(containing: "\"\(text)\"", "ISO 8601") {
            _ = try TimeParser.parse(text, now: 0)
        }
    }

    @Test(
        "a day, month or year as a start is its first instant, as an end the first instant after it (local time)",
        arguments: [
            ("2025", "2025-01-01", "2026-01-01"),
            ("2025-06", "2025-06-01", "2025-07-01"),
            ("2025-12", "2025-12-01", "2026-01-01"),
            ("2024-02", "2024-02-01", "2024-03-01"),
            ("2023-02", "2023-02-01", "2023-03-01"),
            ("2024-02-28", "2024-02-28", "2024-02-29"),
            ("2024-02-29", "2024-02-29", "2024-03-01"),
            ("2025-04-30", "2025-04-30", "2025-05-01"),
            ("2025-12-31", "2025-12-31", "2026-01-01"),
        ])
    func periods(text: String, start: String, end: String) throws {
        // Both sides are local midnights, so the equalities hold in whatever TZ the tests run.
        #expect(try TimeParser.parse(text, now: 0) == TimeParser.parse(start + "T00:00", now: 0), "\(text)")
        #expect(try TimeParser.parse(text, now: 0, edge: .start) == TimeParser.parse(start, now: 0), "\(text)")
        #expect(try TimeParser.parse(text, now: 0, edge: .end) == TimeParser.parse(end + "T00:00", now: 0), "\(text)")
    }

    @Test("the edge changes only dates without a time: instants, now and relative times are the same either way")
    func edgeLeavesInstants() throws {
        for text in ["2020-03-15T01:00:00Z", "2020-03-15T10:00", "now", "-3h", "1584234000"] {
            #expect(
                try TimeParser.parse(text, now: Self.pinned, acceptsUnixSeconds: true, edge: .end)
                    == TimeParser.parse(text, now: Self.pinned, acceptsUnixSeconds: true), "\(text)")
        }
    }

    @Test("four digits are a year even where Unix seconds are accepted; five or more are seconds")
    func yearOrSeconds() throws {
        #expect(
            try TimeParser.parse("2025", now: 0, acceptsUnixSeconds: true) == TimeParser.parse("2025-01-01", now: 0))
        #expect(try TimeParser.parse("20250", now: 0, acceptsUnixSeconds: true) == 20_250)
    }

    @Test(
        "a partial date that does not exist is refused, naming the text and the partial forms",
        arguments: ["2025-13", "2025-00", "2023-02-29", "2025-6", "20255", "2025-06-15T"])
    func partialRejects(text: String) {
        CommandInterfaceExpectations.expectUsageFailure(containing: "\"\(text)\"", "2020-03, 2020") {
            _ = try TimeParser.parse(text, now: 0, edge: .end)
        }
    }

    @Test("UTC wall-clock formatting")
    func formatting() {
        #expect(WallClock.format(Self.pinned, utc: true) == "2020-03-15 01:00 UTC")
    }
}
