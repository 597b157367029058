/// What merging one app into another moved (`ReviewStore.mergeApp(_:into:)`).
public struct AppMerge: Sendable, Hashable {
    /// The app merged, which no longer exists.
    public var from: App
    /// The app that holds everything now, with any identifier it lacked taken from `from`.
    public var into: App
    /// Events moved.
    public var events: Int
    /// Other rows moved, by table (`sync_apps`, `sync_versions`, and any later table that refers to an app), only
    /// tables with rows moved.
    public var otherRows: [String: Int]

    /// Creates a merge result.
    /// - Parameters:
    ///   - from: the app merged.
    ///   - into: the app kept.
    ///   - events: events moved.
    ///   - otherRows: other rows moved, by table.
    public init(from: App, into: App, events: Int, otherRows: [String: Int]) {
        self.from = from
        self.into = into
        self.events = events
        self.otherRows = otherRows
    }
}
