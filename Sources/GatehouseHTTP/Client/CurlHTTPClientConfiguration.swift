extension CurlHTTPClient {
    /// Limits and trust settings of a `CurlHTTPClient`. TLS certificate and host name verification are always on
    /// and are deliberately not configurable.
    public struct Configuration: Sendable, Equatable {
        /// The limit for the whole request, redirects included (default 10 s).
        public var totalTimeout: Duration
        /// The limit for each connection to be established (default 5 s).
        public var connectTimeout: Duration
        /// The largest response header section or body accepted, in bytes (default 1 MiB); the transfer is
        /// aborted as soon as it is exceeded.
        public var maxResponseBytes: Int
        /// A PEM file of the CAs to trust instead of the system store (`CURLOPT_CAINFO`); `nil` for the system
        /// store.
        public var caBundlePath: String?
        /// How many redirects are followed (default 3). Each target must be https, or http to a loopback host
        /// when every server so far was reached on loopback; after a server that is not on this machine, no target
        /// may lead to loopback at all.
        public var maxRedirects: Int
        /// The `User-Agent` sent (default "Gatehouse/0.1").
        public var userAgent: String

        /// Creates a configuration.
        /// - Parameters:
        ///   - totalTimeout: the limit for the whole request, redirects included.
        ///   - connectTimeout: the limit for each connection to be established.
        ///   - maxResponseBytes: the largest header section or body accepted.
        ///   - caBundlePath: a PEM file of CAs to trust instead of the system store.
        ///   - maxRedirects: how many redirects are followed.
        ///   - userAgent: the `User-Agent` sent.
        public init(
            totalTimeout: Duration = .seconds(10), connectTimeout: Duration = .seconds(5),
            maxResponseBytes: Int = 1 << 20, caBundlePath: String? = nil, maxRedirects: Int = 3,
            userAgent: String = "Gatehouse/0.1"
        ) {
            self.totalTimeout = totalTimeout
            self.connectTimeout = connectTimeout
            self.maxResponseBytes = maxResponseBytes
            self.caBundlePath = caBundlePath
            self.maxRedirects = maxRedirects
            self.userAgent = userAgent
        }
    }
}
