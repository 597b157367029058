public import GatehouseCore
import GatehouseFoundation

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

    /// The clock's current time in whole seconds, rounded down as the store keeps them: the one reading of a
    /// `TimeSource` as an instant (the sync pass, the notification deliverer, `review serve` and `review sync`).
    /// - Parameter clock: `.system`, or the clock a test pins.
    public init(now clock: any TimeSource) {
        self.init(clock.now())
    }

    /// A date in whole seconds, rounded down as the store keeps them (an App Store Connect date, a certificate's
    /// `notAfter`).
    /// - Parameter date: the date.
    public init(_ date: Date) {
        self.init(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// Seconds from `self` to `later` (negative when `later` is earlier).
    /// - Parameter later: the other instant.
    /// - Returns: the elapsed seconds.
    public func seconds(until later: Timestamp) -> Int64 { later.secondsSince1970 - secondsSince1970 }

    /// ISO 8601 in UTC: `2020-03-15T01:00:00Z`. The form every export and `--json` output uses.
    public var iso8601: String { CivilTime.iso8601(secondsSince1970) }

    public var description: String { iso8601 }

    /// Reads an ISO 8601 instant that carries its offset: `2020-03-15T10:00:00+09:00`, `...Z`, `...+0900`; a space
    /// may stand for the `T`; seconds may be omitted; fractional seconds are dropped (the store keeps whole
    /// seconds). Without an offset the instant would depend on the reader's time zone, so it is refused here.
    /// - Returns: the instant, or `nil` when the text is not of that form or names an impossible date.
    public init?(iso8601 text: String) {
        guard let seconds = ISO8601Fields(text)?.utcSeconds else { return nil }
        self.init(secondsSince1970: seconds)
    }
}
