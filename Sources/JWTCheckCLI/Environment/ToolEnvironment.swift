import AppleSignIn
import CommandLineKit
import GatehouseFoundation
import JWT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `jwtcheck` takes from the outside world, injected so tests pin it: the clock and standard input.
package struct ToolEnvironment: Sendable {
    /// The current time, Unix seconds.
    package var now: @Sendable () -> Int64
    /// Standard input's bytes, or `nil` when it is larger than the cap given.
    package var readStandardInput: @Sendable (_ maxBytes: Int) -> [UInt8]?
    /// The default directory of the on-disk key set copy (`--cache-dir` overrides it); nil for no copy.
    package var cacheDirectory: String?

    /// Creates an environment.
    /// - Parameters:
    ///   - now: the clock.
    ///   - readStandardInput: the standard input reader.
    ///   - cacheDirectory: the default key set cache directory; nil (the default) for none.
    package init(
        now: @escaping @Sendable () -> Int64, readStandardInput: @escaping @Sendable (_ maxBytes: Int) -> [UInt8]?,
        cacheDirectory: String? = nil
    ) {
        self.now = now
        self.readStandardInput = readStandardInput
        self.cacheDirectory = cacheDirectory
    }

    /// The real clock, the process's standard input, and the per-user cache directory
    /// (`$XDG_CACHE_HOME/gatehouse`, else `~/.cache/gatehouse`).
    package static let system = ToolEnvironment(
        now: { WallClock.now() }, readStandardInput: { InputFile.readStandardInput(maxBytes: $0) },
        cacheDirectory: KeySetDiskCache.defaultDirectory(environment: cacheVariables()))

    /// `now` as the libraries' time source (whole seconds).
    var clock: any TimeSource { SecondsClock(seconds: now) }

    private struct SecondsClock: TimeSource {
        let seconds: @Sendable () -> Int64
        func now() -> Date { Date(timeIntervalSince1970: TimeInterval(seconds())) }
    }

    /// The variables the cache directory depends on, read with getenv: `ProcessInfo.processInfo.environment`
    /// builds a dictionary of the whole environment, a measurable part of the process's start-up.
    private static func cacheVariables() -> [String: String] {
        var variables: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}
