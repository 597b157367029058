public import GatehouseFoundation

/// Where "now" comes from, injected as one thing: verifiers, key set providers, token clients, the App Store Connect
/// client, the sync pass and the notification deliverer take a `TimeSource` instead of reading the system clock deep
/// inside, so tests pin the time.
///
/// `.system` is the default everywhere; tests pass a fixed or manual source (`GatehouseTesting.ManualClock`
/// conforms in the test targets). Public, not `package`, like ``CodedError``: the libraries' public initialisers
/// take one, and the `JWT` and `AppleSignIn` products name it for their users (`JWT/Time/TimeSource.swift` says how).
public protocol TimeSource: Sendable {
    /// The current time.
    func now() -> Date
}

/// The system's wall clock.
public struct SystemTimeSource: TimeSource {
    /// Creates the system time source.
    public init() {}

    /// `Date()`.
    public func now() -> Date { Date() }
}

/// A time that does not move: for reproducible checks (`jwtcheck --now`) and tests.
public struct FixedTimeSource: TimeSource {
    /// The time returned.
    public let date: Date

    /// A source that always answers `date`.
    public init(_ date: Date) { self.date = date }

    /// `date`.
    public func now() -> Date { date }
}

extension TimeSource where Self == SystemTimeSource {
    /// The system's wall clock: `.system`.
    public static var system: SystemTimeSource { SystemTimeSource() }
}

extension TimeSource where Self == FixedTimeSource {
    /// A time that does not move: `.fixed(date)`.
    public static func fixed(_ date: Date) -> FixedTimeSource { FixedTimeSource(date) }
}
