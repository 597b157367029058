// The clock protocol lives in GatehouseCore, beside the other rules every module shares, so that modules with no use
// for JOSE (the review sync, the notification deliverer) take a clock without importing JWT. GatehouseCore is not a
// product, so the JWT product names it for its users, in two ways:
// - the scoped `@_exported` imports below make the three declarations themselves visible to `import JWT`, with the
//   extensions that give `.system` and `.fixed(_:)`, also where the compiler requires the declaring module to be
//   imported (a public function's default argument `clock: any TimeSource = .system`); scoped, so that JWT exports
//   these three names and not every public name of GatehouseCore;
// - the typealiases give the JWT documentation its pages for them (swift-symbolgraph-extract leaves re-exported
//   declarations out of a module's symbol graph). They name the same types, so nothing is ambiguous.
@_exported public import struct GatehouseCore.FixedTimeSource
@_exported public import struct GatehouseCore.SystemTimeSource
@_exported public import protocol GatehouseCore.TimeSource

/// Where "now" comes from: the protocol every verifier, key set provider and token client takes instead of reading
/// the system clock. `.system` is the default everywhere, `.fixed(date)` a time that does not move; a type of your
/// own conforms with `func now() -> Date`.
public typealias TimeSource = GatehouseCore.TimeSource

/// The system's wall clock: `.system`.
public typealias SystemTimeSource = GatehouseCore.SystemTimeSource

/// A time that does not move: `.fixed(date)`, for reproducible checks (`jwtcheck --now`) and tests.
public typealias FixedTimeSource = GatehouseCore.FixedTimeSource
