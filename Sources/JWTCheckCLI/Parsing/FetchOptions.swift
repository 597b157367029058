import CommandLineKit

/// How a key set URL or Apple endpoint is reached: the on-disk key set copy and the trusted CAs. An option group
/// (swift-argument-parser's `@OptionGroup`): every command that fetches reads it the same way.
package struct FetchOptions: Sendable, Equatable {
    /// `--no-cache`: neither read nor write the on-disk key set copy.
    package var noCache = false
    /// `--cache-dir DIR`: the on-disk copy's directory instead of `$XDG_CACHE_HOME/gatehouse`.
    package var cacheDirectory: String?
    /// `--cacert FILE`: a PEM bundle of CAs to trust instead of the system store.
    package var caBundlePath: String?

    /// No cache options and the system CAs.
    package init() {}

    /// Reads `--no-cache`, `--cache-dir` and `--cacert`; the first two exclude each other.
    /// - Throws: `CommandFailure` (usage) when both `--no-cache` and `--cache-dir` are given.
    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        noCache = arguments.has(JWTCheckOptions.noCache)
        cacheDirectory = try arguments.value(JWTCheckOptions.cacheDirectory)
        caBundlePath = try arguments.value(JWTCheckOptions.caBundle)
        if noCache, cacheDirectory != nil {
            throw .usage("--no-cache and --cache-dir exclude each other: give one")
        }
    }
}
