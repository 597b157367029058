import ReviewLog

/// Which events `review export` writes: `--app` (repeatable), `--platform`, `--since` and `--until`. Every part
/// left out lets every event through.
package struct EventFilter: Sendable, Equatable {
    /// `--app NAME|BUNDLE_ID`, as typed: an app's name (case-insensitive) or its bundle ID; empty for every app.
    package var apps: [String]
    /// `--platform P`.
    package var platform: Platform?
    /// `--since TIME`: events at or after it.
    package var since: Timestamp?
    /// `--until TIME`: events before it (exclusive).
    package var until: Timestamp?

    /// Creates a filter.
    /// - Parameters:
    ///   - apps: names or bundle IDs, as typed.
    ///   - platform: the platform, if any.
    ///   - since: the first instant included.
    ///   - until: the first instant left out.
    package init(apps: [String] = [], platform: Platform? = nil, since: Timestamp? = nil, until: Timestamp? = nil) {
        self.apps = apps
        self.platform = platform
        self.since = since
        self.until = until
    }

    /// Whether an event passes the platform and time parts (the apps are resolved against the store first).
    /// - Returns: whether it is written.
    package func includes(_ event: ReviewEvent) -> Bool {
        if let platform, event.platform != platform { return false }
        if let since, event.at < since { return false }
        if let until, event.at >= until { return false }
        return true
    }
}
