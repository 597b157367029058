public import GatehouseFoundation

extension AppleKeySetProvider {
    /// Where Apple's key set comes from and how long copies are trusted.
    public struct Configuration: Sendable {
        /// Apple's key set URL, `https://appleid.apple.com/auth/keys`.
        public static let appleKeysURL = "https://appleid.apple.com/auth/keys"

        /// The key set URL.
        public var url: String
        /// The least time between two fetches, in seconds (default 60): a token with an unknown `kid` triggers a
        /// fetch at once, but never more often than this, whatever the number of such tokens.
        public var minimumRefetchInterval: TimeInterval
        /// The shortest freshness taken from `Cache-Control: max-age` (default 300 s).
        public var minimumFreshness: TimeInterval
        /// The longest freshness taken from `Cache-Control: max-age` (default 86,400 s).
        public var maximumFreshness: TimeInterval
        /// The freshness when the response has no usable `max-age` (default 3,600 s).
        public var defaultFreshness: TimeInterval
        /// How long after its freshness ends a cached set is still served while fetches fail (default 86,400 s).
        public var staleLimit: TimeInterval
        /// An on-disk copy, so a short-lived process starts warm; nil for none (the default).
        public var diskCache: KeySetDiskCache?

        /// Creates a configuration.
        /// - Parameters:
        ///   - url: the key set URL (https, or http to a loopback host for tests).
        ///   - minimumRefetchInterval: least seconds between fetches.
        ///   - minimumFreshness: floor for `max-age`.
        ///   - maximumFreshness: ceiling for `max-age`.
        ///   - defaultFreshness: freshness without `max-age`.
        ///   - staleLimit: how long a set is served past its freshness while fetches fail.
        ///   - diskCache: an on-disk copy, or nil.
        public init(
            url: String = appleKeysURL, minimumRefetchInterval: TimeInterval = 60, minimumFreshness: TimeInterval = 300,
            maximumFreshness: TimeInterval = 86_400, defaultFreshness: TimeInterval = 3_600,
            staleLimit: TimeInterval = 86_400, diskCache: KeySetDiskCache? = nil
        ) {
            self.url = url
            self.minimumRefetchInterval = minimumRefetchInterval
            self.minimumFreshness = minimumFreshness
            self.maximumFreshness = maximumFreshness
            self.defaultFreshness = defaultFreshness
            self.staleLimit = staleLimit
            self.diskCache = diskCache
        }
    }
}
