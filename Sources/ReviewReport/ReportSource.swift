package import ReviewLog

/// What a report is made from, as read from a store: the events and the signing tracker's items with its alert days.
/// `review report` writes the page of one; `review serve --report-listen` makes one on a request and compares it with
/// the one its cached page was made from, so two equal sources at the same instant make the same page, byte for byte.
package struct ReportSource: Sendable, Hashable {
    /// The events, every track (the App Store's make the tiles, bars and figures; TestFlight's a section of its own).
    package var events: [ReviewEvent]
    /// The signing tracker's items.
    package var signingItems: [SigningItem]
    /// The signing alert thresholds in days (`SigningStore.signingAlertDays()`): the largest says "expiring".
    package var signingAlertDays: [Int64]

    /// Creates a source.
    /// - Parameters:
    ///   - events: the events.
    ///   - signingItems: the signing items (the team's, not an app's: a report of one app shows them too).
    ///   - signingAlertDays: the alert thresholds in days.
    package init(events: [ReviewEvent], signingItems: [SigningItem], signingAlertDays: [Int64]) {
        self.events = events
        self.signingItems = signingItems
        self.signingAlertDays = signingAlertDays
    }

    /// Reads what the report of `events` needs besides them from `store`.
    /// - Parameters:
    ///   - events: the events to report (every app's, or one app's).
    ///   - store: the store holding the signing items.
    /// - Throws: `ReviewError` store errors.
    package init(events: [ReviewEvent], signingFrom store: any SigningStore) throws(ReviewError) {
        let items = try store.signingItems()
        self.init(
            events: events, signingItems: items, signingAlertDays: items.isEmpty ? [] : try store.signingAlertDays())
    }

    /// Reads everything: every app's events and the signing items.
    /// - Parameter store: the store.
    /// - Throws: `ReviewError` store errors.
    package init(store: any ReviewStore & SigningStore) throws(ReviewError) {
        try self.init(events: try store.events(app: nil), signingFrom: store)
    }

    /// The signing items' statuses at `now`, soonest expiry first: an item is "expiring" within the largest alert
    /// threshold (the default thresholds' largest when none is set).
    /// - Parameter now: the instant.
    /// - Returns: the statuses; none without items.
    package func signingStatuses(at now: Timestamp) -> [SigningItemStatus] {
        guard !signingItems.isEmpty else { return [] }
        return SigningItemStatus.of(signingItems, at: now, alertDays: signingAlertDays)
    }

    /// The report of this source at `now`.
    /// - Parameters:
    ///   - now: the instant: open cycles and current states run to it.
    ///   - formatTime: how an instant is shown.
    /// - Returns: the report (`render()` makes the page).
    package func report(now: Timestamp, formatTime: @escaping @Sendable (Timestamp) -> String) -> HTMLReport {
        // The App Store track's versions: the report's tiles, bars and figures are App Review's; TestFlight's have a
        // section of their own.
        var report = HTMLReport(
            timelines: VersionTimeline.timelines(of: events.filter { $0.track == .appStore }, now: now), now: now,
            signing: signingStatuses(at: now), formatTime: formatTime)
        report.testFlight = VersionTimeline.timelines(of: events.filter { $0.track == .testFlight }, now: now)
        return report
    }
}
