extension RelationalReviewStore {
    /// Records what one look at App Store Connect saw for one app, in one `BEGIN IMMEDIATE` transaction, as
    /// ``ReviewStore/applySync(_:)`` describes.
    /// - Parameter synced: what the look saw.
    /// - Returns: the versions whose state changed.
    /// - Throws: `ReviewError` store errors.
    public func applySync(_ synced: SyncedApp) throws(ReviewError) -> [SyncChange] {
        // The storage rule holds for a sync too (`Validation`; `SyncPass` skips such a value with a warning first).
        if let problem = Validation.problem(synced: synced) {
            throw ReviewError(.invalidValue, "App Store Connect app \(synced.ascID): \(problem)")
        }
        return try database.write { (session: any SQLSession) throws(ReviewError) -> [SyncChange] in
            let (appID, app) = try resolveApp(synced, in: session)
            // The previous successful look at this app: the start of every window this look observes.
            let previousLook = try session.with("SELECT last_fetched_at FROM sync_apps WHERE app_id = ?") {
                (statement: any SQLStatement) throws(ReviewError) -> Timestamp? in
                try statement.bind([.integer(appID)])
                return try statement.step() ? Timestamp(secondsSince1970: statement.int64(0)) : nil
            }
            var changes: [SyncChange] = []
            for version in synced.versions {
                if let change = try apply(
                    version, app: app, appID: appID, at: synced.fetchedAt, previousLook: previousLook, in: session)
                {
                    changes.append(change)
                }
            }
            // The TestFlight builds, when the look read them (their previous look is their own: a pass that could not
            // read them leaves it as it was).
            if let testFlight = synced.testFlight {
                changes += try apply(testFlight, appID: appID, app: app, at: synced.fetchedAt, in: session)
            }
            try session.run(
                """
                INSERT INTO sync_apps (app_id, asc_app_id, profile, last_fetched_at, last_changed_at, builds_fetched_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (app_id) DO UPDATE SET asc_app_id = excluded.asc_app_id, profile = excluded.profile,
                    last_fetched_at = excluded.last_fetched_at,
                    last_changed_at = coalesce(excluded.last_changed_at, sync_apps.last_changed_at),
                    builds_fetched_at = coalesce(excluded.builds_fetched_at, sync_apps.builds_fetched_at)
                """,
                [
                    .integer(appID), .text(synced.ascID), SQLValue(synced.profile),
                    .integer(synced.fetchedAt.secondsSince1970),
                    changes.isEmpty ? .null : .integer(synced.fetchedAt.secondsSince1970),
                    synced.testFlight == nil ? .null : .integer(synced.fetchedAt.secondsSince1970),
                ])
            return changes
        }
    }

    public func syncedApps() throws(ReviewError) -> [SyncedAppState] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [SyncedAppState] in
            try session.with(
                """
                SELECT a.name, a.bundle_id, a.app_store_id, s.profile, s.last_fetched_at, s.last_changed_at
                FROM sync_apps s JOIN apps a ON a.id = s.app_id ORDER BY \(database.dialect.nameOrder("a.name"))
                """
            ) { (statement: any SQLStatement) throws(ReviewError) -> [SyncedAppState] in
                var states: [SyncedAppState] = []
                while try statement.step() {
                    states.append(
                        SyncedAppState(
                            app: App(
                                name: statement.text(0) ?? "", bundleID: statement.text(1),
                                appStoreID: statement.text(2)),
                            profile: statement.text(3), lastFetchedAt: Timestamp(secondsSince1970: statement.int64(4)),
                            lastChangedAt: statement.isNull(5) ? nil : Timestamp(secondsSince1970: statement.int64(5))))
                }
                return states
            }
        }
    }

    /// The app a look is about: by its App Store Connect id (a synced app renamed in App Store Connect keeps its
    /// history), else by bundle ID, else by name case-insensitively (an app logged by hand), else a new app under
    /// its App Store Connect name. Missing identifiers are filled in.
    func resolveApp(_ synced: SyncedApp, in session: any SQLSession) throws(ReviewError) -> (Int64, App) {
        let lookups: [(String, SQLValue)] = [
            ("SELECT app_id FROM sync_apps WHERE asc_app_id = ?", .text(synced.ascID)),
            ("SELECT id FROM apps WHERE app_store_id = ?", .text(synced.ascID)),
            ("SELECT id FROM apps WHERE bundle_id = ?", .text(synced.bundleID)),
            ("SELECT id FROM apps WHERE " + database.dialect.nameEquals("name"), .text(synced.name)),
        ]
        var found: Int64?
        for (sql, value) in lookups where found == nil {
            found = try session.with(sql) { (statement: any SQLStatement) throws(ReviewError) -> Int64? in
                try statement.bind([value])
                return try statement.step() ? statement.int64(0) : nil
            }
        }
        let appID: Int64
        if let found {
            appID = found
            try session.run(
                "UPDATE apps SET bundle_id = coalesce(bundle_id, ?), app_store_id = coalesce(app_store_id, ?) WHERE id = ?",
                [.text(synced.bundleID), .text(synced.ascID), .integer(appID)])
        } else {
            guard
                let id = try session.insert(
                    "INSERT INTO apps (id, name, bundle_id, app_store_id) VALUES (\(nextID("apps")), ?, ?, ?) RETURNING id",
                    [.text(synced.name), .text(synced.bundleID), .text(synced.ascID)])
            else { throw ReviewError(.storeFailure, "the app \(synced.name) was not added to \(location)") }
            appID = id
        }
        let app = try session.with("SELECT name, bundle_id, app_store_id FROM apps WHERE id = ?") {
            (statement: any SQLStatement) throws(ReviewError) -> App in
            try statement.bind([.integer(appID)])
            _ = try statement.step()
            return App(
                name: statement.text(0) ?? synced.name, bundleID: statement.text(1), appStoreID: statement.text(2))
        }
        return (appID, app)
    }

    /// One version: nothing when its state is the one the last look saw; else an event (unless the version's latest
    /// event already has the state) and the new sync state.
    private func apply(
        _ version: SyncedVersion, app: App, appID: Int64, at fetchedAt: Timestamp, previousLook: Timestamp?,
        in session: any SQLSession
    ) throws(ReviewError) -> SyncChange? {
        let known = try session.with("SELECT state FROM sync_versions WHERE asc_version_id = ?") {
            (statement: any SQLStatement) throws(ReviewError) -> String? in
            try statement.bind([.text(version.ascID)])
            return try statement.step() ? statement.text(0) : nil
        }
        try session.run(
            """
            INSERT INTO sync_versions (asc_version_id, app_id, platform, version, state, build, last_changed_at,
                last_fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (asc_version_id) DO UPDATE SET version = excluded.version, build = excluded.build,
                state = excluded.state, last_fetched_at = excluded.last_fetched_at,
                last_changed_at = CASE WHEN sync_versions.state = excluded.state THEN sync_versions.last_changed_at
                    ELSE excluded.last_changed_at END
            """,
            [
                .text(version.ascID), .integer(appID), .text(version.platform.rawValue), .text(version.version),
                .text(version.state), SQLValue(version.build), .integer(fetchedAt.secondsSince1970),
                .integer(fetchedAt.secondsSince1970),
            ])
        if let known, known == version.state { return nil }
        let key = VersionKey(app: app.name, platform: version.platform, version: version.version)
        guard let state = version.reviewState else {
            // A value this review does not know: kept in the sync state and shown, never recorded as an event.
            return SyncChange(
                key: key, from: known, to: version.state, event: nil, previousSeconds: nil, previousPrecision: .unknown)
        }
        let latest = try session.with(
            Self.eventColumns
                + " WHERE e.app_id = ? AND e.platform = ? AND e.version = ? AND e.track = 'app-store'"
                + " ORDER BY e.at DESC, e.id DESC LIMIT 1"
        ) { (statement: any SQLStatement) throws(ReviewError) -> ReviewEvent? in
            try statement.bind([.integer(appID), .text(version.platform.rawValue), .text(version.version)])
            return try statement.step() ? try event(from: statement) : nil
        }
        if let latest, latest.state == state {
            // Already the version's state (logged by hand, or by an earlier sync of another profile): not twice.
            return SyncChange(
                key: key, from: known, to: version.state, event: nil, previousSeconds: nil, previousPrecision: .unknown)
        }
        var at = fetchedAt
        var timing = EventTiming.observed(after: previousLook)
        var submissionID: String?
        var ignoredSubmittedAt: Timestamp?
        if state == .waitingForReview, let submission = version.submission {
            if latest.map({ submission.submittedAt >= $0.at }) ?? true {
                // The only exact per-state time the API gives (the latest submission's, for a resubmission).
                at = submission.submittedAt
                timing = .exact
                submissionID = submission.ascID
            } else {
                // Before what is already recorded: observed at this look instead, and said (issue 25 item 12).
                ignoredSubmittedAt = submission.submittedAt
            }
        }
        let insertedID = try session.insert(
            """
            INSERT INTO events (id, app_id, platform, version, build, state, at, note, source, observed,
                observed_after, asc_version_id, asc_submission_id)
            VALUES (\(nextID("events")), ?, ?, ?, ?, ?, ?, NULL, 'sync', ?, ?, ?, ?)
            ON CONFLICT \(Self.eventKey) DO NOTHING RETURNING id
            """,
            [
                .integer(appID), .text(version.platform.rawValue), .text(version.version), SQLValue(version.build),
                .text(state.rawValue), .integer(at.secondsSince1970),
            ]
                + Self.timingValues(timing, ascVersionID: version.ascID, ascSubmissionID: submissionID))
        let inserted = try insertedID.flatMap { (id: Int64) throws(ReviewError) -> ReviewEvent? in
            try event(id: id, in: session)
        }
        if let inserted { try enqueueNotifications(forEventID: inserted.id, in: session) }
        var previousSeconds: Int64?
        var precision = DurationPrecision.unknown
        if let latest, let inserted {
            previousSeconds = max(0, latest.at.seconds(until: inserted.at))
            precision = DurationPrecision(from: latest.timing, to: inserted.timing)
        }
        var change = SyncChange(
            key: key, from: known ?? latest?.state.apiString, to: version.state, event: inserted,
            previousSeconds: previousSeconds, previousPrecision: precision)
        // Said once: only when this look records the event (a later look finds the state recorded).
        if inserted != nil { change.ignoredSubmittedAt = ignoredSubmittedAt }
        return change
    }
}
