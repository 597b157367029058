// As in the JWT module (JWT/Time/TimeSource.swift, which says why both an export and a typealias): GatehouseCore's
// clock, named by the AppleSignIn product, so that `import AppleSignIn` alone names the `clock:` its initialisers
// take (`.fixed(now)` in the README's injected setup, a `TimeSource` of the caller's own).
@_exported public import struct GatehouseCore.FixedTimeSource
@_exported public import struct GatehouseCore.SystemTimeSource
@_exported public import protocol GatehouseCore.TimeSource

/// Where "now" comes from: the protocol ``AppleKeySetProvider``, ``AppleIdentityTokenVerifier`` and
/// ``AppleTokenClient`` take (the JWT module's `TimeSource`, the same type). `.system` is the default, `.fixed(date)`
/// a time that does not move; a type of your own conforms with `func now() -> Date`.
public typealias TimeSource = GatehouseCore.TimeSource

/// The system's wall clock: `.system`.
public typealias SystemTimeSource = GatehouseCore.SystemTimeSource

/// A time that does not move: `.fixed(date)`.
public typealias FixedTimeSource = GatehouseCore.FixedTimeSource
