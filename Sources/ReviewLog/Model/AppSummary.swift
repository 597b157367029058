/// One app of a store and what it holds: what `review apps` lists.
public struct AppSummary: Sendable, Hashable {
    /// The app.
    public var app: App
    /// How many events it has.
    public var events: Int
    /// How many versions it has (a version on two platforms counts twice).
    public var versions: Int
    /// The platforms of its events, in `Platform.allCases` order.
    public var platforms: [Platform]
    /// Its earliest event's time, if it has events.
    public var firstEventAt: Timestamp?
    /// Its latest event's time, if it has events.
    public var lastEventAt: Timestamp?
    /// Whether `review sync` has seen it in App Store Connect.
    public var isSynced: Bool

    /// Creates a summary.
    /// - Parameters:
    ///   - app: the app, with its identifiers.
    ///   - events: its event count.
    ///   - versions: its version count.
    ///   - platforms: the platforms of its events, in `Platform.allCases` order.
    ///   - firstEventAt: its earliest event's time.
    ///   - lastEventAt: its latest event's time.
    ///   - isSynced: whether it is synced.
    public init(
        app: App, events: Int, versions: Int, platforms: [Platform], firstEventAt: Timestamp?,
        lastEventAt: Timestamp?, isSynced: Bool
    ) {
        self.app = app
        self.events = events
        self.versions = versions
        self.platforms = platforms
        self.firstEventAt = firstEventAt
        self.lastEventAt = lastEventAt
        self.isSynced = isSynced
    }
}
