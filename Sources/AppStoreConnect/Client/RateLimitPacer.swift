import GatehouseFoundation

/// Remembers the latest `X-Rate-Limit` a client saw and says how long to wait before the next request: nothing
/// while more than `slowDownFraction` of the hourly limit is left; then `slowDownHorizon / remaining` after the
/// previous response (at most `maximumSlowDown`), so the rest of the budget is spread out instead of spent in a
/// burst that ends in 429s.
actor RateLimitPacer {
    private(set) var latest: ASCRateLimit?
    private var latestAt: Date?

    /// Records the budget a response reported (responses without the header change nothing).
    func record(_ rateLimit: ASCRateLimit?, at time: Date) {
        guard let rateLimit else { return }
        latest = rateLimit
        latestAt = time
    }

    /// How long to wait before the next request.
    func pause(now: Date, configuration: ASCClientConfiguration) -> Duration {
        guard let latest, let latestAt, latest.limit > 0,
            Double(latest.remaining) <= configuration.slowDownFraction * Double(latest.limit)
        else { return .zero }
        let spacing = min(
            configuration.maximumSlowDown, configuration.slowDownHorizon / max(latest.remaining, 1))
        let elapsed = now.timeIntervalSince(latestAt)
        let left = spacing - .milliseconds(Int64((max(0, elapsed) * 1000).rounded(.down)))
        return max(.zero, left)
    }
}
