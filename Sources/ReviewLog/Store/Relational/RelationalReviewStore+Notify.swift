extension RelationalReviewStore: NotificationOutbox {
    static let channelColumns = "SELECT id, kind, url, secret_file, apps, states, signing, tracks FROM notify_channels"

    static let outboxColumns = """
        SELECT o.id, o.event_id, o.kind, o.status, o.attempts, o.first_attempt_at, o.next_attempt_at, o.last_error,
        o.delivered_at, c.id, c.kind, c.url, c.secret_file, c.apps, c.states, c.signing, c.tracks
        FROM notify_outbox o JOIN notify_channels c ON c.id = o.channel_id
        """

    public func addChannel(_ channel: NotificationChannel) throws(ReviewError) -> NotificationChannel {
        try database.write { (session: any SQLSession) throws(ReviewError) -> NotificationChannel in
            let id = try session.insert(
                "INSERT INTO notify_channels (id, kind, url, secret_file, apps, states, signing, tracks) VALUES "
                    + "(\(nextID("notify_channels")), ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                [
                    .text(channel.kind.rawValue), .text(channel.url), SQLValue(channel.secretFile),
                    channel.apps.isEmpty ? .null : .text(channel.apps.joined(separator: "\n")),
                    channel.states.isEmpty ? .null : .text(channel.states.map(\.apiString).joined(separator: ",")),
                    .integer(channel.takesSigningAlerts ? 1 : 0),
                    channel.tracks.isEmpty ? .null : .text(channel.tracks.map(\.rawValue).joined(separator: ",")),
                ])
            guard let id else { throw ReviewError(.storeFailure, "the channel was not added to \(location)") }
            var added = channel
            added.id = id
            return added
        }
    }

    public func channels() throws(ReviewError) -> [NotificationChannel] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [NotificationChannel] in
            try channels(in: session)
        }
    }

    public func removeChannel(id: Int64) throws(ReviewError) -> NotificationChannel {
        try database.write { (session: any SQLSession) throws(ReviewError) -> NotificationChannel in
            guard let channel = try channels(in: session).first(where: { $0.id == id }) else {
                throw ReviewError(.channelNotFound, "no notification channel has id \(id) in \(location)")
            }
            try session.run("DELETE FROM notify_channels WHERE id = ?", [.integer(id)])
            return channel
        }
    }

    public func notifications(statuses: Set<OutboxNotification.Status>) throws(ReviewError) -> [OutboxNotification] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [OutboxNotification] in
            try session.with(Self.outboxColumns + " ORDER BY o.id") {
                (statement: any SQLStatement) throws(ReviewError) -> [OutboxNotification] in
                var found: [OutboxNotification] = []
                while try statement.step() {
                    let notification = try outboxNotification(from: statement)
                    if statuses.isEmpty || statuses.contains(notification.status) { found.append(notification) }
                }
                return found
            }
        }
    }

    public func claimDueNotifications(now: Timestamp, lease: Int64, ignoringBackoff: Bool, eventIDs: [Int64]?)
        throws(ReviewError)
        -> [OutboxNotification]
    {
        try database.write { (session: any SQLSession) throws(ReviewError) -> [OutboxNotification] in
            let due = try session.with(Self.outboxColumns + OutboxDelivery.claimCondition) {
                (statement: any SQLStatement) throws(ReviewError) -> [OutboxNotification] in
                try statement.bind(OutboxDelivery.claimParameters(now: now, ignoringBackoff: ignoringBackoff))
                var found: [OutboxNotification] = []
                while try statement.step() {
                    let notification = try outboxNotification(from: statement)
                    if eventIDs.map({ $0.contains(notification.eventID) }) ?? true { found.append(notification) }
                }
                return found
            }
            try OutboxDelivery.hold(
                due.map(\.id), in: .notifications, now: now, lease: lease, ignoringBackoff: ignoringBackoff,
                session: session)
            return due
        }
    }

    public func events(ofAppsOfEvents eventIDs: [Int64]) throws(ReviewError) -> [ReviewEvent] {
        let ids = Set(eventIDs).sorted()
        guard !ids.isEmpty else { return [] }
        // One statement per 500 ids (SQLite allows 32766 parameters since 3.32, older builds 999); in one snapshot, so
        // the chunks of a large flush read the same store.
        let chunkSize = 500
        return try database.readSnapshot { (session: any SQLSession) throws(ReviewError) -> [ReviewEvent] in
            var byID: [Int64: ReviewEvent] = [:]
            var apps: [Int64: App] = [:]
            for start in stride(from: 0, to: ids.count, by: chunkSize) {
                let chunk = ids[start..<min(start + chunkSize, ids.count)]
                let sql =
                    Self.eventColumns + " WHERE e.app_id IN (SELECT app_id FROM events WHERE id IN ("
                    + Array(repeating: "?", count: chunk.count).joined(separator: ", ") + ")) ORDER BY e.id"
                try session.with(sql) { (statement: any SQLStatement) throws(ReviewError) in
                    try statement.bind(chunk.map { .integer($0) })
                    while try statement.step() {
                        let event = try event(from: statement, apps: &apps)
                        byID[event.id] = event
                    }
                }
            }
            return byID.values.sorted { $0.id < $1.id }
        }
    }

    public func markDelivered(id: Int64, at: Timestamp) throws(ReviewError) {
        try database.write { (session: any SQLSession) throws(ReviewError) in
            try OutboxDelivery.markDelivered(id, in: .notifications, at: at, session: session)
        }
    }

    public func markFailedAttempt(id: Int64, at: Timestamp, error: String, retryAt: Timestamp?) throws(ReviewError) {
        try database.write { (session: any SQLSession) throws(ReviewError) in
            try OutboxDelivery.markFailed(
                id, in: .notifications, at: at, error: error, retryAt: retryAt, session: session)
        }
    }

    public func recordReminders(now: Timestamp) throws(ReviewError) -> Int {
        try database.write { (session: any SQLSession) throws(ReviewError) -> Int in
            // The App Store track's cycles: Apple's 24/48-hour claim and the user's decided App Store cycles are what
            // a reminder compares with, and Beta App Review has neither.
            let events = try session.with(Self.eventColumns + " WHERE e.track = 'app-store' ORDER BY e.id") {
                (statement: any SQLStatement) throws(ReviewError) -> [ReviewEvent] in
                var events: [ReviewEvent] = []
                while try statement.step() { events.append(try event(from: statement)) }
                return events
            }
            let timelines = VersionTimeline.timelines(of: events, now: now)
            let decided = OpenCycleComparison.decidedSeconds(in: timelines)
            var recorded = 0
            for timeline in timelines {
                guard let cycle = timeline.cycles.last,
                    let comparison = OpenCycleComparison(cycle: cycle, now: now, decidedSeconds: decided),
                    comparison.state == .waitingForReview || comparison.state == .inReview,
                    let opening = cycle.spans.first(where: { $0.state == .waitingForReview })?.event,
                    let current = cycle.spans.last?.event
                else { continue }
                let due: [(OutboxNotification.Kind, Bool)] = [
                    (.reminderOwnP90, comparison.isPastOwnP90), (.reminderLongWait, comparison.isPastLongWait),
                ]
                var crossed: [OutboxNotification.Kind] = []
                for (kind, isDue) in due where isDue {
                    let added = try session.insert(
                        """
                        INSERT INTO notify_reminders (cycle_event_id, threshold, event_id) VALUES (?, ?, ?)
                        ON CONFLICT (cycle_event_id, threshold) DO NOTHING RETURNING cycle_event_id
                        """, [.integer(opening.id), .text(kind.rawValue), .integer(current.id)])
                    if added != nil { crossed.append(kind) }
                }
                // Both thresholds crossed at once (a first check late, or a p90 past 48 hours): one reminder, the one
                // that matters most, the 48 hours' (it carries the expedite advice and says the p90 is past too);
                // both are recorded, so the other never follows.
                guard let kind = crossed.contains(.reminderLongWait) ? .reminderLongWait : crossed.first else {
                    continue
                }
                recorded += 1
                try enqueueNotifications(forEventID: current.id, kind: kind, in: session)
            }
            return recorded
        }
    }

    /// Writes the outbox rows of one event, one per channel that wants its app and state, inside the caller's
    /// transaction: every path that inserts an event calls this before its transaction commits (`record`, `applySync`,
    /// `importEvents(_:notify: true)`, and the webhook delivery insert of `review serve`), so an event is never
    /// committed without its notifications. Idempotent per channel, event and kind.
    /// - Parameters:
    ///   - eventID: the event just inserted (or, for a reminder, the cycle's current event).
    ///   - kind: a state change (default) or a reminder.
    ///   - session: the open write transaction.
    /// - Throws: `ReviewError` store errors; the caller's transaction then rolls back, event included.
    func enqueueNotifications(
        forEventID eventID: Int64, kind: OutboxNotification.Kind = .stateChange, in session: any SQLSession
    ) throws(ReviewError) {
        guard let event = try event(id: eventID, in: session) else {
            throw ReviewError(.storeFailure, "event \(eventID) to notify is not in \(location)")
        }
        for channel in try channels(in: session) where channel.wants(event.app, state: event.state, track: event.track)
        {
            try session.run(
                """
                INSERT INTO notify_outbox (id, channel_id, event_id, kind) VALUES (\(nextID("notify_outbox")), ?, ?, ?)
                ON CONFLICT (channel_id, event_id, kind) DO NOTHING
                """, [.integer(channel.id), .integer(eventID), .text(kind.rawValue)])
        }
    }

    func channels(in session: any SQLSession) throws(ReviewError) -> [NotificationChannel] {
        try session.with(Self.channelColumns + " ORDER BY id") {
            (statement: any SQLStatement) throws(ReviewError) -> [NotificationChannel] in
            var channels: [NotificationChannel] = []
            while try statement.step() { channels.append(try channel(from: statement, at: 0)) }
            return channels
        }
    }

    /// Reads a channel from eight columns starting at `first`: id, kind, url, secret_file, apps, states, signing,
    /// tracks.
    func channel(from row: any SQLStatement, at first: Int32) throws(ReviewError) -> NotificationChannel {
        let id = row.int64(first)
        let kindText = row.text(first + 1) ?? ""
        let stateTexts = (row.text(first + 5) ?? "").split(separator: ",").map(String.init)
        let states = stateTexts.compactMap(ReviewState.init(apiString:))
        let trackTexts = (row.text(first + 7) ?? "").split(separator: ",").map(String.init)
        let tracks = trackTexts.compactMap(ReviewTrack.init(rawValue:))
        guard let kind = NotificationChannel.Kind(rawValue: kindText), states.count == stateTexts.count,
            tracks.count == trackTexts.count
        else {
            throw ReviewError(
                .corruptDatabase,
                "notification channel \(id) in \(location) has kind \"\(kindText)\" and states \"\(stateTexts)\", not all "
                    + "known to this review; it was not modified")
        }
        return NotificationChannel(
            id: id, kind: kind, url: row.text(first + 2) ?? "", secretFile: row.text(first + 3),
            apps: (row.text(first + 4) ?? "").split(separator: "\n").map(String.init), states: states,
            takesSigningAlerts: row.int64(first + 6) != 0, tracks: tracks)
    }

    private func outboxNotification(from row: any SQLStatement) throws(ReviewError) -> OutboxNotification {
        let id = row.int64(0)
        guard let kind = OutboxNotification.Kind(rawValue: row.text(2) ?? ""),
            let status = OutboxNotification.Status(rawValue: row.text(3) ?? "")
        else {
            throw ReviewError(
                .corruptDatabase,
                "notification \(id) in \(location) has kind \"\(row.text(2) ?? "")\" and status \"\(row.text(3) ?? "")\", "
                    + "not known to this review; it was not modified")
        }
        func time(_ column: Int32) -> Timestamp? {
            row.isNull(column) ? nil : Timestamp(secondsSince1970: row.int64(column))
        }
        return OutboxNotification(
            id: id, channel: try channel(from: row, at: 9), eventID: row.int64(1), kind: kind, status: status,
            attempts: Int(row.int64(4)), firstAttemptAt: time(5),
            nextAttemptAt: Timestamp(secondsSince1970: row.int64(6)), lastError: row.text(7), deliveredAt: time(8))
    }
}
