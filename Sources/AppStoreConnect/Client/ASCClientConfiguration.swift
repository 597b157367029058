/// The limits of an `ASCClient`: page sizes, the response byte cap, and the bounds of retries, back-off and
/// rate-limit pacing. The defaults suit `review sync`; each value is checked when the client is made.
public struct ASCClientConfiguration: Sendable, Equatable {
    /// `limit` of every list request: 1 to 200, default 200 (fewest requests against the hourly budget).
    public var pageSize: Int
    /// `limit[items]` of review submission requests: 1 to 50, default 50. A submission with more items has them
    /// fetched from `/v1/reviewSubmissions/{id}/items`.
    public var itemsPerSubmission: Int
    /// `limit[certificates]` of provisioning profile requests: 1 to 50, default 50. A profile with more
    /// certificates has them fetched from `/v1/profiles/{id}/certificates`.
    public var certificatesPerProfile: Int
    /// The most pages one listing follows before it fails with `paginationFailure`: default 500.
    public var maximumPages: Int
    /// The largest response body accepted, in bytes: default 8 MiB. With the sparse fieldsets the client asks
    /// for, a page of 200 review submissions with 50 items each is about 4 MiB; a typical page is under 300 KiB.
    /// The default HTTP client aborts a larger transfer; with an injected one, the size is checked on arrival.
    public var maximumResponseBytes: Int
    /// The limit for each request, connection included (default HTTP client only): default 30 s.
    public var requestTimeout: Duration
    /// Retries after a 5xx or a network failure (connection refused or reset, timeout): default 3, so at most 4
    /// attempts.
    public var maximumRetries: Int
    /// The first back-off after a 5xx or a network failure, doubled each retry: default 1 s.
    public var retryBaseDelay: Duration
    /// The longest back-off after a 5xx or a network failure: default 30 s.
    public var maximumRetryDelay: Duration
    /// Retries after a 429: default 4.
    public var maximumRateLimitRetries: Int
    /// The first back-off after a 429 without `Retry-After`, doubled each retry: default 5 s.
    public var rateLimitBaseDelay: Duration
    /// The longest wait after a 429, `Retry-After` included (a longer `Retry-After` is cut to this): default 60 s.
    public var maximumRateLimitWait: Duration
    /// Pacing starts when `X-Rate-Limit` reports this fraction of the hourly limit left or less: default 0.2.
    public var slowDownFraction: Double
    /// While pacing, requests are spaced so the remaining budget would last this long: each request waits
    /// `slowDownHorizon / remaining` after the previous response: default 720 s (12 minutes, a fifth of the
    /// hour), so 1 s apart at 720 left (20 % of 3,600), 10 s apart at 72 left.
    public var slowDownHorizon: Duration
    /// The longest pacing wait before one request: default 60 s.
    public var maximumSlowDown: Duration

    /// Creates a configuration; see each property for its meaning and default.
    public init(
        pageSize: Int = 200, itemsPerSubmission: Int = 50, certificatesPerProfile: Int = 50, maximumPages: Int = 500,
        maximumResponseBytes: Int = 8 << 20, requestTimeout: Duration = .seconds(30), maximumRetries: Int = 3,
        retryBaseDelay: Duration = .seconds(1), maximumRetryDelay: Duration = .seconds(30),
        maximumRateLimitRetries: Int = 4, rateLimitBaseDelay: Duration = .seconds(5),
        maximumRateLimitWait: Duration = .seconds(60), slowDownFraction: Double = 0.2,
        slowDownHorizon: Duration = .seconds(720), maximumSlowDown: Duration = .seconds(60)
    ) {
        self.pageSize = pageSize
        self.itemsPerSubmission = itemsPerSubmission
        self.certificatesPerProfile = certificatesPerProfile
        self.maximumPages = maximumPages
        self.maximumResponseBytes = maximumResponseBytes
        self.requestTimeout = requestTimeout
        self.maximumRetries = maximumRetries
        self.retryBaseDelay = retryBaseDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.maximumRateLimitRetries = maximumRateLimitRetries
        self.rateLimitBaseDelay = rateLimitBaseDelay
        self.maximumRateLimitWait = maximumRateLimitWait
        self.slowDownFraction = slowDownFraction
        self.slowDownHorizon = slowDownHorizon
        self.maximumSlowDown = maximumSlowDown
    }

    /// Checks every value.
    /// - Throws: `AppStoreConnectError.invalidConfiguration` naming the value and its range.
    func validate() throws {
        func check(_ ok: Bool, _ text: String) throws {
            guard ok else { throw AppStoreConnectError(.invalidConfiguration, "ASCClientConfiguration: \(text)") }
        }
        try check(
            (1...ASCVocabulary.pageLimit.maximum).contains(pageSize),
            "pageSize is \(pageSize); App Store Connect takes 1 to \(ASCVocabulary.pageLimit.maximum)")
        try check(
            (1...ASCVocabulary.itemsLimit.maximum).contains(itemsPerSubmission),
            "itemsPerSubmission is \(itemsPerSubmission); App Store Connect takes 1 to \(ASCVocabulary.itemsLimit.maximum)"
        )
        try check(
            (1...ASCVocabulary.certificatesLimit.maximum).contains(certificatesPerProfile),
            "certificatesPerProfile is \(certificatesPerProfile); App Store Connect takes 1 to "
                + "\(ASCVocabulary.certificatesLimit.maximum)")
        try check(maximumPages >= 1, "maximumPages is \(maximumPages); it must be at least 1")
        try check(
            (1024...(1 << 30)).contains(maximumResponseBytes),
            "maximumResponseBytes is \(maximumResponseBytes); choose 1 KiB to 1 GiB")
        try check(requestTimeout > .zero, "requestTimeout is \(requestTimeout); it must be positive")
        try check((0...10).contains(maximumRetries), "maximumRetries is \(maximumRetries); choose 0 to 10")
        try check(
            (0...10).contains(maximumRateLimitRetries),
            "maximumRateLimitRetries is \(maximumRateLimitRetries); choose 0 to 10")
        for (name, value) in [
            ("retryBaseDelay", retryBaseDelay), ("maximumRetryDelay", maximumRetryDelay),
            ("rateLimitBaseDelay", rateLimitBaseDelay), ("maximumRateLimitWait", maximumRateLimitWait),
            ("slowDownHorizon", slowDownHorizon), ("maximumSlowDown", maximumSlowDown),
        ] {
            try check(
                value >= .zero && value <= .seconds(3600), "\(name) is \(value); choose 0 to 3600 seconds")
        }
        try check(
            slowDownFraction >= 0 && slowDownFraction <= 1, "slowDownFraction is \(slowDownFraction); choose 0 to 1")
    }
}
