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
}
