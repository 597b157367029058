import Foundation
public import GatehouseCore
import Synchronization

/// A clock tests move by hand: hand it to the code under test (every Gatehouse API that reads the time takes a
/// `TimeSource`), then `advance(_:)` it.
///
/// ```swift
/// let clock = ManualClock()
/// let provider = AppleKeySetProvider(http: client, configuration: .init(url: url), clock: clock)
/// clock.advance(61)
/// ```
public final class ManualClock: TimeSource {
    private let current: Mutex<Date>

    /// Creates a clock.
    /// - Parameter start: the first "now"; by default 2026-11-29T12:00:00Z (Unix 1795953600).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_953_600)) { current = Mutex(start) }

    /// The current time of this clock.
    public func now() -> Date { current.withLockVisibleToTSan { $0 } }

    /// Sets the clock.
    /// - Parameter date: the new "now".
    public func set(_ date: Date) { current.withLockVisibleToTSan { $0 = date } }

    /// Moves the clock.
    /// - Parameter seconds: how far; negative moves it back.
    public func advance(_ seconds: TimeInterval) {
        current.withLockVisibleToTSan { $0 = $0.addingTimeInterval(seconds) }
    }
}
