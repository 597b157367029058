public import ReviewLog

/// When a failed delivery is tried again: exponential backoff from `firstDelay`, doubling up to `maximumDelay`, for
/// `giveUpAfter` seconds from the first try; then the notification is failed and `review notify list` says so.
public struct RetryPolicy: Sendable, Hashable {
    /// The wait after the first failure (default 30 s).
    public var firstDelay: Int64
    /// The longest wait (default 1 h).
    public var maximumDelay: Int64
    /// How long after the first try it is given up (default a day).
    public var giveUpAfter: Int64

    /// Creates a policy.
    /// - Parameters:
    ///   - firstDelay: seconds after the first failure.
    ///   - maximumDelay: the longest wait in seconds.
    ///   - giveUpAfter: seconds from the first try to giving up.
    public init(firstDelay: Int64 = 30, maximumDelay: Int64 = 3600, giveUpAfter: Int64 = 86_400) {
        self.firstDelay = max(1, firstDelay)
        self.maximumDelay = max(self.firstDelay, maximumDelay)
        self.giveUpAfter = giveUpAfter
    }

    /// When to try again after a failure, or `nil` to give up.
    /// - Parameters:
    ///   - attempts: tries so far, this one included (1 after the first).
    ///   - firstAttemptAt: the first try.
    ///   - now: this try.
    /// - Returns: the next try's time, or `nil` once `giveUpAfter` has passed.
    public func retryAt(attempts: Int, firstAttemptAt: Timestamp, now: Timestamp) -> Timestamp? {
        guard firstAttemptAt.seconds(until: now) < giveUpAfter else { return nil }
        let doublings = Int64(min(max(attempts - 1, 0), 40))
        let delay = doublings >= 40 ? maximumDelay : min(maximumDelay, firstDelay << doublings)
        return Timestamp(secondsSince1970: now.secondsSince1970 + delay)
    }
}
