import CommandLineKit

/// What `jwtcheck` takes from the outside world, injected so tests pin it: the clock and standard input.
public struct ToolEnvironment: Sendable {
    /// The current time, Unix seconds.
    public var now: @Sendable () -> Int64
    /// Standard input's bytes, or `nil` when it is larger than the cap given.
    public var readStandardInput: @Sendable (_ maxBytes: Int) -> [UInt8]?

    /// Creates an environment.
    /// - Parameters:
    ///   - now: the clock.
    ///   - readStandardInput: the standard input reader.
    public init(
        now: @escaping @Sendable () -> Int64, readStandardInput: @escaping @Sendable (_ maxBytes: Int) -> [UInt8]?
    ) {
        self.now = now
        self.readStandardInput = readStandardInput
    }

    /// The real clock and the process's standard input.
    public static let system = ToolEnvironment(
        now: { WallClock.now() }, readStandardInput: { InputFile.readStandardInput(maxBytes: $0) })
}
