/// TestFlight builds from a sync (issue 24): each build's sync state, and its Beta App Review states as events of the
/// TestFlight track.
extension RelationalReviewStore {
    /// Where an app's TestFlight builds stood at the last look, by the app's App Store Connect id.
    /// - Parameter ascAppID: the app's App Store Connect id.
    /// - Returns: the last look's time (nil before the first) and the builds it saw in Beta App Review.
    /// - Throws: `ReviewError` store errors.
    public func testFlightLook(ascAppID: String) throws(ReviewError) -> TestFlightLook {
        try database.read { (session: any SQLSession) throws(ReviewError) -> TestFlightLook in
            let lastLook = try session.with("SELECT builds_fetched_at FROM sync_apps WHERE asc_app_id = ?") {
                (statement: any SQLStatement) throws(ReviewError) -> Timestamp? in
                try statement.bind([.text(ascAppID)])
                guard try statement.step(), !statement.isNull(0) else { return nil }
                return Timestamp(secondsSince1970: statement.int64(0))
            }
            let open = try session.with(
                """
                SELECT b.asc_build_id, b.review_state, b.external_state FROM sync_builds b
                JOIN sync_apps s ON s.app_id = b.app_id WHERE s.asc_app_id = ? ORDER BY b.asc_build_id
                """
            ) { (statement: any SQLStatement) throws(ReviewError) -> [String] in
                try statement.bind([.text(ascAppID)])
                var ids: [String] = []
                while try statement.step() {
                    let state = SyncedBuild.observedState(
                        reviewState: statement.text(1), externalState: statement.text(2))
                    if SyncedBuild.isOpen(state), let id = statement.text(0) { ids.append(id) }
                }
                return ids
            }
            return TestFlightLook(lastLook: lastLook, openBuildIDs: open)
        }
    }

    /// Every TestFlight build's sync state: what the last look saw (unknown future values kept as sent), for
    /// `status`.
    /// - Returns: the builds, by app name, platform, pre-release version and build.
    /// - Throws: `ReviewError` store errors.
    public func syncedBuilds() throws(ReviewError) -> [SyncedBuildState] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [SyncedBuildState] in
            try session.with(
                """
                SELECT a.name, b.asc_build_id, b.platform, b.version, b.build, b.uploaded_at, b.review_state,
                    b.external_state, b.last_changed_at, b.last_fetched_at
                FROM sync_builds b JOIN apps a ON a.id = b.app_id
                ORDER BY \(database.dialect.nameOrder("a.name")), b.platform, b.version, b.build
                """
            ) { (statement: any SQLStatement) throws(ReviewError) -> [SyncedBuildState] in
                var builds: [SyncedBuildState] = []
                while try statement.step() {
                    let platformText = statement.text(2) ?? ""
                    guard let platform = Platform(rawValue: platformText) else {
                        throw ReviewError(
                            .corruptDatabase,
                            "a TestFlight build in \(location) has platform \"\(platformText)\", not one this review "
                                + "knows; it was not modified")
                    }
                    builds.append(
                        SyncedBuildState(
                            app: statement.text(0) ?? "",
                            build: SyncedBuild(
                                ascID: statement.text(1) ?? "", platform: platform, version: statement.text(3) ?? "",
                                build: statement.text(4) ?? "",
                                uploadedAt: statement.isNull(5) ? nil : Timestamp(secondsSince1970: statement.int64(5)),
                                reviewState: statement.text(6), externalState: statement.text(7)),
                            lastChangedAt: Timestamp(secondsSince1970: statement.int64(8)),
                            lastFetchedAt: Timestamp(secondsSince1970: statement.int64(9))))
                }
                return builds
            }
        }
    }

    /// The builds of one look, in the caller's transaction (`applySync`): each build's sync state, and its state as
    /// an event of the TestFlight track when it changed since the last look.
    /// - Parameters:
    ///   - testFlight: what the look saw.
    ///   - appID: the app's row.
    ///   - app: the app.
    ///   - fetchedAt: the look's time.
    ///   - session: the transaction.
    /// - Returns: the builds whose state changed.
    func apply(
        _ testFlight: SyncedTestFlight, appID: Int64, app: App, at fetchedAt: Timestamp, in session: any SQLSession
    ) throws(ReviewError) -> [SyncChange] {
        let previousLook = try session.with("SELECT builds_fetched_at FROM sync_apps WHERE app_id = ?") {
            (statement: any SQLStatement) throws(ReviewError) -> Timestamp? in
            try statement.bind([.integer(appID)])
            guard try statement.step(), !statement.isNull(0) else { return nil }
            return Timestamp(secondsSince1970: statement.int64(0))
        }
        var changes: [SyncChange] = []
        for build in testFlight.builds {
            if let change = try apply(
                build, app: app, appID: appID, at: fetchedAt, previousLook: previousLook, in: session)
            {
                changes.append(change)
            }
        }
        return changes
    }

    /// One build: nothing when its states are those the last look saw; else the new sync state and, when the state
    /// is a Beta App Review one the build's latest event does not have, its events.
    ///
    /// Waiting for Review is recorded at the submission's `submittedDate`, exactly (the only exact time the API
    /// gives), also when the build is first seen past it: a build first seen in review or decided gets its Waiting for
    /// Review at that time, then the state seen, observed after the previous look (its start unknown on the first
    /// look). A build first seen approved without a submission is one Approved event, observed: approved without
    /// review (`SubmissionCycle.isApprovedWithoutReview`). A state that came and went between two looks is never
    /// invented.
    private func apply(
        _ build: SyncedBuild, app: App, appID: Int64, at fetchedAt: Timestamp, previousLook: Timestamp?,
        in session: any SQLSession
    ) throws(ReviewError) -> SyncChange? {
        let known = try session.with("SELECT review_state, external_state FROM sync_builds WHERE asc_build_id = ?") {
            (statement: any SQLStatement) throws(ReviewError) -> (review: String?, external: String?)? in
            try statement.bind([.text(build.ascID)])
            return try statement.step() ? (statement.text(0), statement.text(1)) : nil
        }
        try session.run(
            """
            INSERT INTO sync_builds (asc_build_id, app_id, platform, version, build, uploaded_at, review_state,
                external_state, asc_submission_id, last_changed_at, last_fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (asc_build_id) DO UPDATE SET version = excluded.version, build = excluded.build,
                uploaded_at = excluded.uploaded_at, review_state = excluded.review_state,
                external_state = excluded.external_state, asc_submission_id = excluded.asc_submission_id,
                last_fetched_at = excluded.last_fetched_at,
                last_changed_at = CASE WHEN coalesce(sync_builds.review_state, '') = coalesce(excluded.review_state, '')
                    AND coalesce(sync_builds.external_state, '') = coalesce(excluded.external_state, '')
                    THEN sync_builds.last_changed_at ELSE excluded.last_changed_at END
            """,
            [
                .text(build.ascID), .integer(appID), .text(build.platform.rawValue), .text(build.version),
                .text(build.build), build.uploadedAt.map { .integer($0.secondsSince1970) } ?? .null,
                SQLValue(build.reviewState), SQLValue(build.externalState), SQLValue(build.submission?.ascID),
                .integer(fetchedAt.secondsSince1970), .integer(fetchedAt.secondsSince1970),
            ])
        if let known, known.review == build.reviewState, known.external == build.externalState { return nil }
        let key = VersionKey(app: app.name, platform: build.platform, version: build.version, track: .testFlight)
        let shownBefore = known.map { $0.review ?? $0.external ?? "" }
        let shownNow = build.reviewState ?? build.externalState ?? ""
        var change = SyncChange(
            key: key, from: shownBefore, to: shownNow, event: nil, previousSeconds: nil, previousPrecision: .unknown)
        change.build = build.build
        // A value this review does not record (EXPIRED, READY_FOR_BETA_SUBMISSION, one Apple adds later): kept in
        // the sync state and shown, never an event.
        guard let state = build.observedState else { return change }
        // On the app's first look at TestFlight, what is already decided happened at some unknown time, maybe long
        // ago: it is recorded, and notified only for a build in review now (a first sync would otherwise announce
        // every approved build of the page).
        let notify = previousLook != nil || build.isOpen
        let latest = try session.with(
            Self.eventColumns
                + """
                 WHERE e.app_id = ? AND e.platform = ? AND e.version = ? AND e.track = 'testflight'
                    AND e.cycle_build = ? ORDER BY e.at DESC, e.id DESC LIMIT 1
                """
        ) { (statement: any SQLStatement) throws(ReviewError) -> ReviewEvent? in
            try statement.bind([
                .integer(appID), .text(build.platform.rawValue), .text(build.version), .text(build.build),
            ])
            return try statement.step() ? try event(from: statement) : nil
        }
        if let latest, latest.state == state { return change }
        var recorded: [ReviewEvent] = []
        let exactWaiting = build.submission.map { submission in latest.map { submission.submittedAt >= $0.at } ?? true }
        if exactWaiting == true, let submission = build.submission {
            // The submission's time, exactly: Waiting for Review itself, or before the state first seen past it.
            if let waiting = try insertTestFlightEvent(
                build, state: .waitingForReview, at: submission.submittedAt, timing: .exact, appID: appID,
                notify: notify, in: session)
            {
                recorded.append(waiting)
            }
        }
        if state != .waitingForReview || exactWaiting != true {
            if let seen = try insertTestFlightEvent(
                build, state: state, at: max(fetchedAt, recorded.last?.at ?? fetchedAt),
                timing: .observed(after: previousLook), appID: appID, notify: notify, in: session)
            {
                recorded.append(seen)
            }
        }
        change.event = recorded.last
        if let before = latest ?? (recorded.count > 1 ? recorded.first : nil), let last = recorded.last,
            before.id != last.id
        {
            change.previousSeconds = max(0, before.at.seconds(until: last.at))
            change.previousPrecision = DurationPrecision(from: before.timing, to: last.timing)
        }
        return change
    }

    /// Inserts one TestFlight event of a synced build (source `sync`), with its outbox rows when `notify`; nil when the
    /// build has that state at that time already.
    private func insertTestFlightEvent(
        _ build: SyncedBuild, state: ReviewState, at: Timestamp, timing: EventTiming, appID: Int64, notify: Bool,
        in session: any SQLSession
    ) throws(ReviewError) -> ReviewEvent? {
        let insertedID = try session.insert(
            """
            INSERT INTO events (id, app_id, platform, version, build, state, at, note, source, observed,
                observed_after, asc_version_id, asc_submission_id, track, cycle_build, asc_build_id)
            VALUES (\(nextID("events")), ?, ?, ?, ?, ?, ?, NULL, 'sync', ?, ?, ?, ?, 'testflight', ?, ?)
            ON CONFLICT \(Self.eventKey) DO NOTHING RETURNING id
            """,
            [
                .integer(appID), .text(build.platform.rawValue), .text(build.version), .text(build.build),
                .text(state.rawValue), .integer(at.secondsSince1970),
            ]
                + Self.timingValues(timing, ascVersionID: nil, ascSubmissionID: build.submission?.ascID)
                + [.text(build.build), .text(build.ascID)])
        guard let id = insertedID else { return nil }
        if notify { try enqueueNotifications(forEventID: id, in: session) }
        return try event(id: id, in: session)
    }
}

/// A TestFlight build's sync state: what the last look saw of it.
public struct SyncedBuildState: Sendable, Hashable {
    /// The app's name.
    public var app: String
    /// The build as last seen.
    public var build: SyncedBuild
    /// When a look last saw its states change.
    public var lastChangedAt: Timestamp
    /// When it was last seen.
    public var lastFetchedAt: Timestamp

    /// Creates a state.
    /// - Parameters:
    ///   - app: the app's name.
    ///   - build: the build.
    ///   - lastChangedAt: the last change seen.
    ///   - lastFetchedAt: the last look.
    public init(app: String, build: SyncedBuild, lastChangedAt: Timestamp, lastFetchedAt: Timestamp) {
        self.app = app
        self.build = build
        self.lastChangedAt = lastChangedAt
        self.lastFetchedAt = lastFetchedAt
    }
}
