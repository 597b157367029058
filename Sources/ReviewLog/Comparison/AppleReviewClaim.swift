/// Apple's published statements on how long App Review takes, quoted as Apple wrote them, so that every output
/// (`stats`, `status`, notifications, the HTML report) compares the user's own figures with the same words.
public enum AppleReviewClaim {
    /// Apple's App Review page today (developer.apple.com/distribute/app-review/): the claim a long wait is held
    /// against.
    public static let today = "On average, 90% of submissions are reviewed in less than 24 hours"
    /// Apple's earlier wording (App Review page, 2020).
    public static let earlier = "50% of apps are reviewed in 24 hours and over 90% in 48 hours"
    /// The share of submissions `today` says are reviewed within `todayWithinSeconds`.
    public static let todayShare = 0.9
    /// The bound of `today`: 24 hours.
    public static let todayWithinSeconds: Int64 = 86_400
    /// The bound past which a wait is long by any of Apple's statements (the 48 hours of `earlier`), and past which
    /// an expedited review request is worth considering.
    public static let longWaitSeconds: Int64 = 172_800

    /// Apple's page for asking an expedited review (App Store Connect help, "Request an expedited App Review"): where
    /// `OpenCycleComparison.suggestsExpedite` sends the user.
    public static let expediteRequestURL = "https://developer.apple.com/contact/app-store/?topic=expedite"

    /// One figure of Apple's statements: a share of submissions reviewed within a time, from one source, so that a
    /// user's own figure can be set beside it on one line ("you: 71% decided within 48 h; Apple (2020): over 90%").
    public struct Statement: Sendable, Hashable {
        /// Where the figure comes from: "Apple (today)", "Apple (2020)".
        public var source: String
        /// The share claimed, from 0 to 1.
        public var share: Double
        /// Whether Apple says "over" the share rather than the share itself.
        public var isLowerBound: Bool
        /// The bound, in seconds.
        public var withinSeconds: Int64
        /// The statement it is taken from, quoted (`today` or `earlier`).
        public var quote: String

        /// The figure as Apple put it: "90% within 24 hours", "over 90% within 48 hours".
        public var wording: String {
            (isLowerBound ? "over " : "") + "\(PercentFormat.string(share: share)) within \(withinSeconds / 3600) hours"
        }
    }

    /// The figures of `today` and `earlier`, one per share and bound, in the order `stats` compares them: 90% within
    /// 24 hours (today), 50% within 24 hours and over 90% within 48 hours (2020).
    public static let statements = [
        Statement(source: "Apple (today)", share: todayShare, isLowerBound: false, withinSeconds: 86_400, quote: today),
        Statement(source: "Apple (2020)", share: 0.5, isLowerBound: false, withinSeconds: 86_400, quote: earlier),
        Statement(source: "Apple (2020)", share: 0.9, isLowerBound: true, withinSeconds: 172_800, quote: earlier),
    ]
}
