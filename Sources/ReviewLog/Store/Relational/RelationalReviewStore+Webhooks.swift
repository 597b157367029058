extension RelationalReviewStore: WebhookDeliveryStore {
    public func webhookDeliveryStatus(id: String) throws(ReviewError) -> WebhookDeliveryStatus? {
        try database.read { (session: any SQLSession) throws(ReviewError) -> WebhookDeliveryStatus? in
            try session.with("SELECT kind, resolved_at, event_id FROM webhook_deliveries WHERE delivery_id = ?") {
                (statement: any SQLStatement) throws(ReviewError) -> WebhookDeliveryStatus? in
                try statement.bind([.text(id)])
                guard try statement.step() else { return nil }
                if statement.text(0) == Self.pingKind { return .ping }
                if statement.isNull(1) { return .pending }
                return .resolved(eventID: statement.isNull(2) ? nil : statement.int64(2))
            }
        }
    }

    public func recordWebhookDelivery(_ delivery: WebhookDelivery, version: WebhookVersion?) throws(ReviewError)
        -> WebhookOutcome
    {
        try database.write { (session: any SQLSession) throws(ReviewError) -> WebhookOutcome in
            var values: [SQLValue]
            switch delivery.kind {
            case .ping:
                values = [.text(delivery.id), .text(Self.pingKind), .null, .null, .null]
            case .stateChange(let versionID, let oldValue, let newValue):
                values = [
                    .text(delivery.id), .text(Self.stateChangeKind), .text(versionID), SQLValue(oldValue),
                    .text(newValue), .null,
                ]
            case .buildStateChange(let detailID, let oldValue, let newValue):
                values = [
                    .text(delivery.id), .text(Self.buildStateChangeKind), .null, SQLValue(oldValue), .text(newValue),
                    .text(detailID),
                ]
            }
            if case .ping = delivery.kind { values.append(.null) }
            let inserted = try session.insert(
                """
                INSERT INTO webhook_deliveries (delivery_id, kind, asc_version_id, old_value, new_value,
                    asc_build_detail_id, timestamp_ms, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (delivery_id) DO NOTHING RETURNING 1
                """,
                values + [.integer(delivery.timestampMilliseconds), .integer(delivery.receivedAt.secondsSince1970)])
            let isNew = inserted != nil
            if case .ping = delivery.kind {
                if isNew {
                    try session.run(
                        "UPDATE webhook_deliveries SET resolved_at = ? WHERE delivery_id = ?",
                        [.integer(delivery.receivedAt.secondsSince1970), .text(delivery.id)])
                }
                return isNew ? .ping : .duplicate
            }
            // A retry of a delivery still pending completes it when this attempt resolved the version.
            if !isNew {
                guard try isPending(delivery.id, in: session) else { return .duplicate }
            }
            guard let version else { return isNew ? .pending : .duplicate }
            return try resolve(delivery, version: version, at: delivery.receivedAt, in: session)
        }
    }

    public func pendingWebhookDeliveries(limit: Int) throws(ReviewError) -> [WebhookDelivery] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [WebhookDelivery] in
            try session.with(
                """
                SELECT delivery_id, asc_version_id, old_value, new_value, timestamp_ms, received_at, kind,
                    asc_build_detail_id
                FROM webhook_deliveries WHERE resolved_at IS NULL AND kind IN ('stateChange', 'buildStateChange')
                ORDER BY attempts, timestamp_ms, delivery_id LIMIT ?
                """
            ) { (statement: any SQLStatement) throws(ReviewError) -> [WebhookDelivery] in
                try statement.bind([.integer(Int64(max(0, limit)))])
                var deliveries: [WebhookDelivery] = []
                while try statement.step() { deliveries.append(Self.pending(from: statement)) }
                return deliveries
            }
        }
    }

    public func resolvePendingWebhookDelivery(_ delivery: WebhookDelivery, version: WebhookVersion, at now: Timestamp)
        throws(ReviewError) -> WebhookOutcome
    {
        try database.write { (session: any SQLSession) throws(ReviewError) -> WebhookOutcome in
            guard try isPending(delivery.id, in: session) else { return .duplicate }
            return try resolve(delivery, version: version, at: now, in: session)
        }
    }

    public func noteWebhookResolutionFailure(id: String, reason: String) throws(ReviewError) {
        try database.write { (session: any SQLSession) throws(ReviewError) in
            try session.run(
                "UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = ? WHERE delivery_id = ?",
                [.text(String(reason.prefix(500))), .text(id)])
        }
    }

    static let pingKind = "ping"
    static let stateChangeKind = "stateChange"
    static let buildStateChangeKind = "buildStateChange"

    private func isPending(_ id: String, in session: any SQLSession) throws(ReviewError) -> Bool {
        try session.with("SELECT 1 FROM webhook_deliveries WHERE delivery_id = ? AND resolved_at IS NULL") {
            (statement: any SQLStatement) throws(ReviewError) -> Bool in
            try statement.bind([.text(id)])
            return try statement.step()
        }
    }

    /// Records a pending state change's event (when its state is one this review knows and the version does not
    /// have it yet) and marks the delivery resolved, in the caller's transaction.
    private func resolve(
        _ delivery: WebhookDelivery, version: WebhookVersion, at now: Timestamp, in session: any SQLSession
    ) throws(ReviewError) -> WebhookOutcome {
        var event: ReviewEvent?
        var problem: String?
        let versionID: String?
        let state: ReviewState?
        switch delivery.kind {
        case .ping: return .duplicate
        case .stateChange(let id, _, let newValue):
            versionID = id
            state = ReviewState(apiString: newValue)
            if state == nil { problem = "the state \(newValue) is not one this review records" }
        case .buildStateChange(_, _, let newValue):
            // Only the four Beta App Review states are events; the other values (EXPIRED, IN_BETA_TESTING, ...) go to
            // the build's sync state, with no problem to report.
            versionID = nil
            state = WebhookDelivery.testFlightState(ofExternalBuildState: newValue)
            if let buildID = version.ascBuildID {
                try session.run(
                    "UPDATE sync_builds SET external_state = ?, last_changed_at = ? WHERE asc_build_id = ?",
                    [.text(newValue), .integer(now.secondsSince1970), .text(buildID)])
            }
        }
        if let state {
            problem = Validation.problem(
                app: version.appName, version: version.version, build: version.build, note: nil)
            if problem == nil {
                let (appID, _) = try resolveApp(
                    SyncedApp(
                        ascID: version.ascAppID, name: version.appName, bundleID: version.bundleID, fetchedAt: now,
                        versions: []), in: session)
                event = try insertWebhookEvent(
                    delivery, ascVersionID: versionID, state: state, appID: appID, version: version, in: session)
            }
        }
        try session.run(
            "UPDATE webhook_deliveries SET resolved_at = ?, event_id = ?, last_error = ? WHERE delivery_id = ?",
            [
                .integer(now.secondsSince1970), event.map { .integer($0.id) } ?? .null, SQLValue(problem),
                .text(delivery.id),
            ])
        return event.map { .recorded($0) } ?? .resolvedWithoutEvent
    }

    /// The one place a webhook's event is written (source `webhook`, exact time: the payload's timestamp truncated
    /// to the second), in the caller's transaction:
    /// - the version was already in this state just before (logged by hand, or the same change delivered under
    ///   another id): nothing is written;
    /// - a sync recorded this state when it first saw it (observed, after the webhook's time): that event takes the
    ///   webhook's exact time and source, so the state is not recorded twice;
    /// - otherwise a new event is inserted (a version that has this state at this time keeps its event).
    /// Returns the event inserted or made exact, or nil.
    func insertWebhookEvent(
        _ delivery: WebhookDelivery, ascVersionID: String?, state: ReviewState, appID: Int64, version: WebhookVersion,
        in session: any SQLSession
    ) throws(ReviewError) -> ReviewEvent? {
        let at = delivery.at.secondsSince1970
        // The version's events on its track (on TestFlight, the build's own).
        let cycleBuild = Self.cycleBuild(track: version.track, build: version.build)
        let key: [SQLValue] = [
            .integer(appID), .text(version.platform.rawValue), .text(version.version), .text(version.track.rawValue),
            .text(cycleBuild),
        ]
        let before = try session.with(
            "SELECT state FROM events WHERE app_id = ? AND platform = ? AND version = ? AND track = ? "
                + "AND cycle_build = ? AND at <= ? ORDER BY at DESC, id DESC LIMIT 1"
        ) { (statement: any SQLStatement) throws(ReviewError) -> String? in
            try statement.bind(key + [.integer(at)])
            return try statement.step() ? statement.text(0) : nil
        }
        if before == state.rawValue { return nil }
        let observed = try session.with(
            """
            SELECT id FROM events WHERE app_id = ? AND platform = ? AND version = ? AND track = ? AND cycle_build = ?
                AND state = ? AND observed = 1 AND at >= ? AND (observed_after IS NULL OR observed_after <= ?)
            ORDER BY at LIMIT 1
            """
        ) { (statement: any SQLStatement) throws(ReviewError) -> Int64? in
            try statement.bind(key + [.text(state.rawValue), .integer(at), .integer(at)])
            return try statement.step() ? statement.int64(0) : nil
        }
        if let observed {
            try session.run(
                "UPDATE events SET at = ?, source = ?, observed = 0, observed_after = NULL WHERE id = ?",
                [.integer(at), .text(EventSource.webhook.rawValue), .integer(observed)])
            return try event(id: observed, in: session)
        }
        let insert = """
            INSERT INTO events (id, app_id, platform, version, build, state, at, note, source, observed,
                observed_after, asc_version_id, asc_submission_id, track, cycle_build, asc_build_id)
            VALUES (\(nextID("events")), ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT \(Self.eventKey) DO NOTHING RETURNING id
            """
        func values(_ state: ReviewState, _ timing: EventTiming) -> [SQLValue] {
            [
                .integer(appID), .text(version.platform.rawValue), .text(version.version), SQLValue(version.build),
                .text(state.rawValue), .integer(at), .text(EventSource.webhook.rawValue),
            ] + Self.timingValues(timing, ascVersionID: ascVersionID, ascSubmissionID: nil)
                + [.text(version.track.rawValue), .text(cycleBuild), SQLValue(version.ascBuildID)]
        }
        // A version (or build) this store has no event of yet, leaving Waiting for Review or In Review: the payload
        // says so (issue 25 item 11), so that state is recorded first, at the change's time, its start unknown
        // (observed, after nothing), and not notified: "Cycle 1: not submitted" would be untrue of it. (A state before
        // the cycle, Prepare for Submission say, adds nothing to the cycle and is not recorded.)
        if before == nil, let left = Self.stateLeft(by: delivery), left != state,
            left == .waitingForReview || left == .inReview
        {
            let known = try session.with(
                "SELECT 1 FROM events WHERE app_id = ? AND platform = ? AND version = ? AND track = ? "
                    + "AND cycle_build = ? LIMIT 1"
            ) { (statement: any SQLStatement) throws(ReviewError) -> Bool in
                try statement.bind(key)
                return try statement.step()
            }
            if !known { _ = try session.insert(insert, values(left, .observed(after: nil))) }
        }
        let insertedID = try session.insert(insert, values(state, .exact))
        guard let id = insertedID else { return nil }
        // The event and its notifications commit together (the transactional outbox). An observation made exact
        // above is the same state change, already notified when `sync` recorded it.
        try enqueueNotifications(forEventID: id, in: session)
        let inserted = try event(id: id, in: session)
        if let ascVersionID {
            try reconsiderSkippedDeliveries(
                after: at, ascVersionID: ascVersionID, appID: appID, version: version, in: session)
        }
        return inserted
    }

    /// The state a delivery says its version or build left (`oldValue`, `oldExternalBuildState`), if it is one this
    /// review records.
    private static func stateLeft(by delivery: WebhookDelivery) -> ReviewState? {
        switch delivery.kind {
        case .stateChange(_, let oldValue?, _): ReviewState(apiString: oldValue)
        case .buildStateChange(_, let oldValue?, _): WebhookDelivery.testFlightState(ofExternalBuildState: oldValue)
        default: nil
        }
    }

    /// A state-change delivery from a row of delivery_id, asc_version_id, old_value, new_value, timestamp_ms and
    /// received_at.
    private static func stateChange(from row: any SQLStatement) -> WebhookDelivery {
        WebhookDelivery(
            id: row.text(0) ?? "",
            kind: .stateChange(ascVersionID: row.text(1) ?? "", oldValue: row.text(2), newValue: row.text(3) ?? ""),
            timestampMilliseconds: row.int64(4), receivedAt: Timestamp(secondsSince1970: row.int64(5)))
    }

    /// A pending delivery from a row of the columns of `stateChange(from:)`, then kind and asc_build_detail_id.
    private static func pending(from row: any SQLStatement) -> WebhookDelivery {
        guard row.text(6) == buildStateChangeKind else { return stateChange(from: row) }
        return WebhookDelivery(
            id: row.text(0) ?? "",
            kind: .buildStateChange(
                buildBetaDetailID: row.text(7) ?? "", oldValue: row.text(2), newValue: row.text(3) ?? ""),
            timestampMilliseconds: row.int64(4), receivedAt: Timestamp(secondsSince1970: row.int64(5)))
    }

    /// Deliveries arrive in any order. One skipped because its state was the version's state at its time (Waiting
    /// for Review at 03:00 after Waiting at 01:00) is a change after all once an earlier change arrives (Rejected at
    /// 02:00): each delivery of the version skipped so, later than the event just inserted, is looked at again, oldest
    /// first, and recorded when it now changes the state (its row then names the event). In the caller's transaction.
    private func reconsiderSkippedDeliveries(
        after at: Int64, ascVersionID: String, appID: Int64, version: WebhookVersion, in session: any SQLSession
    ) throws(ReviewError) {
        // Skipped: resolved without an event and without a problem (a state this review does not know has one).
        let skipped = try session.with(
            """
            SELECT delivery_id, asc_version_id, old_value, new_value, timestamp_ms, received_at FROM webhook_deliveries
            WHERE kind = 'stateChange' AND asc_version_id = ? AND resolved_at IS NOT NULL AND event_id IS NULL
                AND last_error IS NULL AND timestamp_ms >= ?
            ORDER BY timestamp_ms, delivery_id
            """
        ) { (statement: any SQLStatement) throws(ReviewError) -> [WebhookDelivery] in
            try statement.bind([.text(ascVersionID), .integer((at + 1) * 1000)])
            var deliveries: [WebhookDelivery] = []
            while try statement.step() { deliveries.append(Self.stateChange(from: statement)) }
            return deliveries
        }
        for delivery in skipped {
            guard case .stateChange(_, _, let newValue) = delivery.kind, let state = ReviewState(apiString: newValue),
                let recorded = try insertWebhookEvent(
                    delivery, ascVersionID: ascVersionID, state: state, appID: appID, version: version, in: session)
            else { continue }
            try session.run(
                "UPDATE webhook_deliveries SET event_id = ? WHERE delivery_id = ?",
                [.integer(recorded.id), .text(delivery.id)])
        }
    }
}
