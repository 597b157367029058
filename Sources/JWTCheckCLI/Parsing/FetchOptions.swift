import CommandLineKit

/// How a key set URL or Apple endpoint is reached: the on-disk key set copy and the trusted CAs.
public struct FetchOptions: Sendable, Equatable {
    /// `--no-cache`: neither read nor write the on-disk key set copy.
    public var noCache = false
    /// `--cache-dir DIR`: the on-disk copy's directory instead of `$XDG_CACHE_HOME/gatehouse`.
    public var cacheDirectory: String?
    /// `--cacert FILE`: a PEM bundle of CAs to trust instead of the system store.
    public var caBundlePath: String?

    /// No cache options and the system CAs.
    public init() {}

    /// The options every fetching command accepts.
    static let specs: [OptionSpec] = [.value("cache-dir"), .flag("no-cache"), .value("cacert")]
}
