import Testing

@testable import CommandLineKit

@Suite("WallClock")
struct WallClockTests {
    @Test("iso8601UTC writes ISO 8601 in UTC with zero padding, whatever TZ says")
    func iso8601() {
        #expect(WallClock.iso8601UTC(0) == "1970-01-01T00:00:00Z")
        #expect(WallClock.iso8601UTC(1_795_953_600) == "2026-11-29T12:00:00Z")
        #expect(WallClock.iso8601UTC(1_712_228_305) == "2024-04-04T10:58:25Z")
    }
}
