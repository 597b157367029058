/// A loopback test server could not be started: the reason names the failed step.
public struct LoopbackServerError: Error, CustomStringConvertible {
    /// What failed.
    public let reason: String

    init(_ reason: String) { self.reason = reason }

    public var description: String { "LoopbackServerError: \(reason)" }
}
