import CommandLineKit
import ReviewLog

/// The time target: `TimeParser` (ISO 8601 with and without offset, dates, `now`, relative times, Unix seconds)
/// at a fixed "now", ISO 8601 timestamps with a round trip through their canonical form, and the formatting of
/// whatever instant and duration was read.
enum TimeFuzzing {
    private static let now: Int64 = 1_700_000_000

    static func run(_ input: UnsafeRawBufferPointer) {
        let text = FuzzInput.text(input)
        for acceptsUnixSeconds in [false, true] {
            if let seconds = try? TimeParser.parse(text, now: now, acceptsUnixSeconds: acceptsUnixSeconds) {
                _ = WallClock.format(seconds, utc: true)
                _ = Timestamp(secondsSince1970: seconds).iso8601
                _ = DurationFormat.string(
                    seconds: Timestamp(secondsSince1970: now).seconds(until: .init(secondsSince1970: seconds)))
            }
        }
        if let timestamp = Timestamp(iso8601: text) {
            let canonical = timestamp.iso8601
            guard Timestamp(iso8601: canonical) == timestamp else {
                fatalError("Timestamp round trip: \(text) -> \(canonical) reads back differently")
            }
        }
    }
}
