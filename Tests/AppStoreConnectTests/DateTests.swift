import Foundation
import JWT
import Testing

@testable import AppStoreConnect

@Suite("Dates: RFC 3339 date-times as App Store Connect writes them, Retry-After HTTP-dates")
struct DateTests {
    @Test(
        "RFC 3339 date-times with Z, offsets and fractions",
        arguments: [
            ("2025-04-16T05:00:52.745Z", 1_744_779_652.745),
            ("2021-03-08T17:08:33-08:00", 1_615_252_113),
            ("2021-03-09T01:08:33+00:00", 1_615_252_113),
            ("2021-03-09T06:38:33+0530", 1_615_252_113),
            ("2024-02-29T00:00:00z", 1_709_164_800),
            ("1970-01-01T00:00:00Z", 0),
        ])
    func parses(_ text: String, expected: Double) throws {
        let date = try #require(ASCDate.parse(text), "\(text)")
        #expect(abs(date.timeIntervalSince1970 - expected) < 0.000_5, "\(text)")
    }

    @Test(
        "texts that are not RFC 3339 date-times are nil",
        arguments: [
            "", "2025-04-16", "2025-04-16T05:00:52", "2025-02-30T00:00:00Z", "2025-13-01T00:00:00Z",
            "2025-04-16T24:00:00Z", "2025-04-16T05:00:52.Z", "2025-04-16T05:00:52.1234567890Z",
            "2025-04-16T05:00:52Z ", "yesterday", "2025-04-16T05:00:52+25:00",
        ])
    func refuses(_ text: String) {
        #expect(ASCDate.parse(text) == nil, "\(text)")
    }

    @Test("IMF-fixdate for Retry-After; other forms are nil")
    func httpDates() {
        #expect(ASCDate.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT")?.timeIntervalSince1970 == 784_111_777)
        #expect(ASCDate.parseHTTPDate("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(ASCDate.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 UTC") == nil)
        #expect(ASCDate.parseHTTPDate("Sun, 31 Feb 1994 08:49:37 GMT") == nil)
    }

    @Test("UTC text for messages")
    func format() {
        #expect(ASCDate.format(Date(timeIntervalSince1970: 1_795_953_600.9)) == "2026-11-29T12:00:00Z")
        #expect(ASCDate.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test("a clock that reads a time a token cannot carry is invalidConfiguration, not a trap")
    func clockOutOfRange() async throws {
        for seconds in [1e13, 10, -5] {
            let provider = try ASCTokenProvider(
                credentials: TestKeys.team, clock: FixedTimeSource(Date(timeIntervalSince1970: seconds)))
            let error = await ascError { try await provider.token() }
            expect(error, .invalidConfiguration, naming: ["clock", "set the system clock"])
        }
    }
}
