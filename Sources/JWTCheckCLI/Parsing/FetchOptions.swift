/// How a key set URL or Apple endpoint is reached: the on-disk key set copy and the trusted CAs.
package struct FetchOptions: Sendable, Equatable {
    /// `--no-cache`: neither read nor write the on-disk key set copy.
    package var noCache = false
    /// `--cache-dir DIR`: the on-disk copy's directory instead of `$XDG_CACHE_HOME/gatehouse`.
    package var cacheDirectory: String?
    /// `--cacert FILE`: a PEM bundle of CAs to trust instead of the system store.
    package var caBundlePath: String?

    /// No cache options and the system CAs.
    package init() {}
}
