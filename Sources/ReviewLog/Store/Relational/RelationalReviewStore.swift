import Dispatch

/// The review store: its logic written once in SQL that SQLite and PostgreSQL both accept (where they differ, a
/// `SQLDialect` fragment), over a driver's serialized sessions (`SQLDatabase`). Open one on a file with
/// `init(sqlitePath:busyTimeoutMilliseconds:)`, or on a server with ReviewPostgreSQL's `init(postgreSQLURL:)`: the
/// same type on either driver, so the two give the same answers to the same calls, and every capability
/// (`ReviewStore`, `WebhookDeliveryStore`, `NotificationOutbox`, `RoleLeasing`) is there on both.
///
/// Every write is one transaction holding the store's write lock from its first statement (writers queue; readers
/// never wait), so a read-then-write inside it (the app a log names, the event before it) sees every committed
/// write and races with none. Every method throws `ReviewError` only.
///
/// Thread-safe: the driver serializes the use of its one connection, so one store object serves concurrent callers
/// (`review serve`); async callers reach it through ``offload(_:)``, on the store's own queue.
public final class RelationalReviewStore: ReviewStore, Sendable {
    /// Where the store is, for messages: a file's path, or a server URL without its password.
    public let location: String
    package let database: any SQLDatabase
    /// Where offloaded calls run: one serial queue per store, a thread of libdispatch's, never one of the cooperative
    /// pool's (a serial queue created without a target runs on an overcommitting root queue, which starts a thread
    /// when its others are blocked: a call waiting 30 s for a lock here starves nothing else). Serial because the
    /// connection runs one call at a time anyway: a second queue thread would only wait for the first's lock.
    private let queue: DispatchQueue

    package init(database: any SQLDatabase, location: String) {
        self.database = database
        self.location = location
        queue = DispatchQueue(label: "Gatehouse.RelationalReviewStore")
    }

    /// Runs `calls` on the store's own queue and suspends the calling task until they return, as GRDB's async
    /// `write` runs its body on the database's serial queue: the wait for the database (a PostgreSQL writer waits up
    /// to 30 s for the writers' lock) holds a queue thread, never a cooperative one.
    /// - Parameter calls: synchronous calls on this store.
    /// - Returns: what `calls` returned.
    /// - Throws: what `calls` threw.
    public func offload<T: Sendable>(_ calls: @escaping @Sendable () throws(ReviewError) -> T) async throws(ReviewError)
        -> T
    {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<T, ReviewError>, Never>) in
            queue.async {
                continuation.resume(returning: Result { () throws(ReviewError) -> T in try calls() })
            }
        }
        return try result.get()
    }

    /// The database's own check of its pages: SQLite's full `PRAGMA integrity_check` (the open checks only the
    /// schema's pages, and a command the pages it reads).
    /// - Returns: `"ok"` for a sound file, else SQLite's first complaint; nil on PostgreSQL, which has no such check
    ///   (the server checks its pages as it reads them).
    /// - Throws: `ReviewError` store errors.
    public func integrityCheck() throws(ReviewError) -> String? {
        try database.integrityCheck()
    }

    static let eventColumns = """
        SELECT e.id, a.name, a.bundle_id, a.app_store_id, e.platform, e.version, e.build, e.state, e.at, e.note,
        e.source, e.app_id, e.observed, e.observed_after, e.asc_version_id, e.asc_submission_id, e.track,
        e.asc_build_id
        FROM events e JOIN apps a ON a.id = e.app_id
        """

    /// The events' key (schema step 8): two events with these values are one, so recording one twice stores it once.
    static let eventKey = "(app_id, track, platform, version, cycle_build, state, at)"

    /// The `cycle_build` of an event: its build on TestFlight, where a build is a cycle and part of the event's
    /// identity; '' on the App Store, whose key is app, platform, version, state and time as before tracks.
    static func cycleBuild(track: ReviewTrack, build: String?) -> String {
        track == .testFlight ? build ?? "" : ""
    }

    /// Reads an event row; `apps` caches the `App` of each app id, so a long read builds each app's strings once.
    func event(from row: any SQLStatement, apps: inout [Int64: App]) throws(ReviewError) -> ReviewEvent {
        let appID = row.int64(11)
        let app: App
        if let cached = apps[appID] {
            app = cached
        } else {
            app = App(name: row.text(1) ?? "", bundleID: row.text(2), appStoreID: row.text(3))
            apps[appID] = app
        }
        return try event(from: row, app: app)
    }

    func event(from row: any SQLStatement) throws(ReviewError) -> ReviewEvent {
        try event(from: row, app: App(name: row.text(1) ?? "", bundleID: row.text(2), appStoreID: row.text(3)))
    }

    private func event(from row: any SQLStatement, app: App) throws(ReviewError) -> ReviewEvent {
        let id = row.int64(0)
        let platformText = row.text(4) ?? ""
        let stateText = row.text(7) ?? ""
        let sourceText = row.text(10) ?? ""
        let trackText = row.text(16) ?? ""
        guard let platform = Platform(rawValue: platformText), let state = ReviewState(rawValue: stateText),
            let source = EventSource(rawValue: sourceText), let track = ReviewTrack(rawValue: trackText)
        else {
            throw ReviewError(
                .corruptDatabase,
                "event \(id) in \(location) has platform \"\(platformText)\", state \"\(stateText)\", source "
                    + "\"\(sourceText)\", track \"\(trackText)\", not all known to this review; it was not modified")
        }
        return ReviewEvent(
            id: id, app: app,
            platform: platform, version: row.text(5) ?? "", build: row.text(6), state: state,
            at: Timestamp(secondsSince1970: row.int64(8)), note: row.text(9), source: source,
            timing: row.int64(12) == 0
                ? .exact : .observed(after: row.isNull(13) ? nil : Timestamp(secondsSince1970: row.int64(13))),
            ascVersionID: row.text(14), ascSubmissionID: row.text(15), track: track, ascBuildID: row.text(17))
    }

    func appRow(named name: String, in session: any SQLSession) throws(ReviewError) -> (id: Int64, app: App)? {
        try session.with(
            "SELECT id, name, bundle_id, app_store_id FROM apps WHERE " + database.dialect.nameEquals("name")
        ) {
            (statement: any SQLStatement) throws(ReviewError) -> (id: Int64, app: App)? in
            try statement.bind([.text(name)])
            guard try statement.step() else { return nil }
            return (
                statement.int64(0),
                App(name: statement.text(1) ?? "", bundleID: statement.text(2), appStoreID: statement.text(3))
            )
        }
    }

    func event(id: Int64, in session: any SQLSession) throws(ReviewError) -> ReviewEvent? {
        try session.with(Self.eventColumns + " WHERE e.id = ?") {
            (statement: any SQLStatement) throws(ReviewError) -> ReviewEvent? in
            try statement.bind([.integer(id)])
            guard try statement.step() else { return nil }
            return try event(from: statement)
        }
    }

    public func record(_ request: LogRequest) throws(ReviewError) -> LogResult {
        if let problem = Validation.problem(
            app: request.app, version: request.version, build: request.build, note: request.note)
        {
            throw ReviewError(.invalidValue, problem)
        }
        if let problem = request.track.problem(recording: request.state, build: request.build) {
            throw ReviewError(.invalidValue, problem)
        }
        let cycleBuild = Self.cycleBuild(track: request.track, build: request.build)
        return try database.write { (session: any SQLSession) throws(ReviewError) -> LogResult in
            let existingApp = try appRow(named: request.app, in: session)
            let version: String
            if let given = request.version {
                version = given
            } else {
                guard let existingApp else {
                    throw ReviewError(
                        .versionRequired,
                        "\(request.app) has no events yet, so there is no latest version to use")
                }
                let found = try session.with(
                    "SELECT version FROM events WHERE app_id = ? AND platform = ? AND track = ? "
                        + "ORDER BY at DESC, id DESC LIMIT 1"
                ) { (latest: any SQLStatement) throws(ReviewError) -> String? in
                    try latest.bind([
                        .integer(existingApp.id), .text(request.platform.rawValue), .text(request.track.rawValue),
                    ])
                    return try latest.step() ? latest.text(0) : nil
                }
                guard let found else {
                    let events = request.track == .appStore ? "events" : "TestFlight events"
                    throw ReviewError(
                        .versionRequired,
                        "\(existingApp.app.name) has no \(request.platform.name) \(events) yet, so there is no latest "
                            + "version to use")
                }
                version = found
            }
            let appID: Int64
            if let existingApp {
                appID = existingApp.id
            } else {
                appID = try insertApp(named: request.app, in: session)
            }
            try reconcileLogged(
                App(name: request.app, bundleID: request.bundleID, appStoreID: request.appStoreID), appID: appID,
                in: session)
            let insertedID = try session.insert(
                """
                INSERT INTO events (id, app_id, platform, version, build, state, at, note, source, track, cycle_build)
                VALUES (\(nextID("events")), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT \(Self.eventKey) DO NOTHING RETURNING id
                """,
                [
                    .integer(appID), .text(request.platform.rawValue), .text(version), SQLValue(request.build),
                    .text(request.state.rawValue), .integer(request.at.secondsSince1970), SQLValue(request.note),
                    .text(request.source.rawValue), .text(request.track.rawValue), .text(cycleBuild),
                ])
            let inserted = insertedID != nil
            let id: Int64
            if let insertedID {
                id = insertedID
                if request.source == .manual { try recordLogged(eventID: id, in: session) }
                try enqueueNotifications(forEventID: id, in: session)
            } else {
                let found = try session.with(
                    "SELECT id FROM events WHERE app_id = ? AND platform = ? AND version = ? AND state = ? AND at = ? "
                        + "AND track = ? AND cycle_build = ?"
                ) { (existing: any SQLStatement) throws(ReviewError) -> Int64? in
                    try existing.bind([
                        .integer(appID), .text(request.platform.rawValue), .text(version),
                        .text(request.state.rawValue), .integer(request.at.secondsSince1970),
                        .text(request.track.rawValue), .text(cycleBuild),
                    ])
                    return try existing.step() ? existing.int64(0) : nil
                }
                guard let found else {
                    throw ReviewError(.storeFailure, "the event was neither inserted nor found in \(location)")
                }
                id = found
            }
            guard let stored = try event(id: id, in: session) else {
                throw ReviewError(.storeFailure, "event \(id) vanished from \(location) inside its transaction")
            }
            let previous = try session.with(
                Self.eventColumns
                    + """
                     WHERE e.app_id = ? AND e.platform = ? AND e.version = ? AND (e.at < ? OR (e.at = ? AND e.id < ?))
                    AND e.track = ? AND e.cycle_build = ?
                    ORDER BY e.at DESC, e.id DESC LIMIT 1
                    """
            ) { (previousQuery: any SQLStatement) throws(ReviewError) -> ReviewEvent? in
                try previousQuery.bind([
                    .integer(appID), .text(request.platform.rawValue), .text(version),
                    .integer(stored.at.secondsSince1970), .integer(stored.at.secondsSince1970), .integer(id),
                    .text(request.track.rawValue), .text(cycleBuild),
                ])
                return try previousQuery.step() ? try event(from: previousQuery) : nil
            }
            return LogResult(event: stored, inserted: inserted, previous: previous)
        }
    }

    public func events(app: String?) throws(ReviewError) -> [ReviewEvent] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [ReviewEvent] in
            let sql =
                Self.eventColumns + (app == nil ? "" : " WHERE " + database.dialect.nameEquals("a.name"))
                + " ORDER BY e.id"
            return try session.with(sql) { (statement: any SQLStatement) throws(ReviewError) -> [ReviewEvent] in
                try statement.bind(app.map { [.text($0)] } ?? [])
                var events: [ReviewEvent] = []
                var apps: [Int64: App] = [:]
                while try statement.step() { events.append(try event(from: statement, apps: &apps)) }
                return events
            }
        }
    }

    public func app(named name: String) throws(ReviewError) -> App? {
        try database.read { (session: any SQLSession) throws(ReviewError) -> App? in
            try appRow(named: name, in: session)?.app
        }
    }

    public func appNames() throws(ReviewError) -> [String] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [String] in
            try session.with("SELECT name FROM apps ORDER BY " + database.dialect.nameOrder("name")) {
                (statement: any SQLStatement) throws(ReviewError) -> [String] in
                var names: [String] = []
                while try statement.step() { names.append(statement.text(0) ?? "") }
                return names
            }
        }
    }

    public func deleteEvent(id: Int64) throws(ReviewError) -> ReviewEvent {
        try database.write { (session: any SQLSession) throws(ReviewError) -> ReviewEvent in
            guard let found = try event(id: id, in: session) else {
                throw ReviewError(.eventNotFound, "no event has id \(id) in \(location)")
            }
            try session.run("DELETE FROM events WHERE id = ?", [.integer(id)])
            return found
        }
    }

    public func importEvents(_ events: [ReviewEvent]) throws(ReviewError) -> ImportSummary {
        try importEvents(events, notify: false)
    }

    public func importEvents(_ events: [ReviewEvent], notify: Bool) throws(ReviewError) -> ImportSummary {
        try database.write { (session: any SQLSession) throws(ReviewError) -> ImportSummary in
            var summary = ImportSummary(inserted: 0, alreadyPresent: 0)
            let insert = """
                INSERT INTO events (id, app_id, platform, version, build, state, at, note, source, observed,
                    observed_after, asc_version_id, asc_submission_id, track, cycle_build, asc_build_id)
                VALUES (coalesce(?, \(nextID("events"))), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT \(Self.eventKey) DO NOTHING RETURNING id
                """
            var appIDs: [String: Int64] = [:]
            for (index, event) in events.enumerated() {
                let label = "event \(index + 1) (\(event.app.name) \(event.version) \(event.state.rawValue))"
                if let problem = Validation.problem(
                    app: event.app.name, version: event.version, build: event.build, note: event.note)
                {
                    throw ReviewError(.malformedImport, "\(label): \(problem)")
                }
                if let problem = event.track.problem(recording: event.state, build: event.build) {
                    throw ReviewError(.malformedImport, "\(label): \(problem)")
                }
                let appID: Int64
                if let known = appIDs[event.app.name.lowercased()] {
                    appID = known
                } else if let existing = try appRow(named: event.app.name, in: session) {
                    appID = existing.id
                } else {
                    appID = try insertApp(named: event.app.name, in: session)
                }
                appIDs[event.app.name.lowercased()] = appID
                try reconcile(event.app, appID: appID, label: label, in: session)
                if event.id > ReviewLimits.maximumImportedID {
                    throw ReviewError(
                        .malformedImport, "\(label): id \(event.id) is too large; \(ImportedID.rangeHint)")
                }
                var id = SQLValue.null
                if event.id > 0 {
                    let used = try session.with("SELECT 1 FROM events WHERE id = ?") {
                        (idUsed: any SQLStatement) throws(ReviewError) -> Bool in
                        try idUsed.bind([.integer(event.id)])
                        return try idUsed.step()
                    }
                    if !used { id = .integer(event.id) }
                }
                let insertedID = try session.insert(
                    insert,
                    [
                        id, .integer(appID), .text(event.platform.rawValue), .text(event.version),
                        SQLValue(event.build), .text(event.state.rawValue), .integer(event.at.secondsSince1970),
                        SQLValue(event.note), .text(event.source.rawValue),
                    ] + Self.timingValues(event) + Self.trackValues(event))
                if let insertedID {
                    summary.inserted += 1
                    if notify { try enqueueNotifications(forEventID: insertedID, in: session) }
                } else {
                    summary.alreadyPresent += 1
                }
            }
            return summary
        }
    }

    /// Notes an event `record` inserted by hand in `logged_events`, the log's own order that `undo` follows (never the
    /// events' ids, which an import or a migration may bring in any order).
    func recordLogged(eventID: Int64, in session: any SQLSession) throws(ReviewError) {
        try session.run(
            "INSERT INTO logged_events (id, event_id) VALUES (\(nextID("logged_events")), ?)", [.integer(eventID)])
    }

    /// The value to insert as a new row's id: SQLite's rowid rule (the highest id plus one) on every store, so the
    /// same calls give the same ids on both (every write holds the store's write lock, so no two writers compute the
    /// same one).
    func nextID(_ table: String) -> String { database.dialect.nextID(table) }

    /// Adds an app by name and gives its id.
    func insertApp(named name: String, in session: any SQLSession) throws(ReviewError) -> Int64 {
        guard
            let id = try session.insert(
                "INSERT INTO apps (id, name) VALUES (\(nextID("apps")), ?) RETURNING id", [.text(name)])
        else {
            throw ReviewError(.storeFailure, "the app \(name) was not added to \(location)")
        }
        return id
    }

    /// The `observed`, `observed_after`, `asc_version_id` and `asc_submission_id` values of an event.
    static func timingValues(_ event: ReviewEvent) -> [SQLValue] {
        timingValues(event.timing, ascVersionID: event.ascVersionID, ascSubmissionID: event.ascSubmissionID)
    }

    /// The `track`, `cycle_build` and `asc_build_id` values of an event.
    static func trackValues(_ event: ReviewEvent) -> [SQLValue] {
        [
            .text(event.track.rawValue), .text(cycleBuild(track: event.track, build: event.build)),
            SQLValue(event.ascBuildID),
        ]
    }

    /// The same values from their parts.
    static func timingValues(_ timing: EventTiming, ascVersionID: String?, ascSubmissionID: String?) -> [SQLValue] {
        let observed: [SQLValue]
        switch timing {
        case .exact: observed = [.integer(0), .null]
        case .observed(let after): observed = [.integer(1), after.map { .integer($0.secondsSince1970) } ?? .null]
        }
        return observed + [SQLValue(ascVersionID), SQLValue(ascSubmissionID)]
    }

    /// Fills an app's missing identifiers from an import; conflicting ones are an error, never overwritten.
    private func reconcile(_ app: App, appID: Int64, label: String, in session: any SQLSession) throws(ReviewError) {
        try reconcile(app, appID: appID, in: session) {
            (column: String, given: String, have: String?, _: App) throws(ReviewError) -> ReviewError? in
            if let have {
                return ReviewError(
                    .malformedImport,
                    "\(label) gives \(column) \(given) for \(app.name), but the store has \(have); fix the file")
            }
            return nil
        }
    }

    /// Fills an app's missing identifiers from a logged event (`LogRequest.bundleID`, `appStoreID`): a different
    /// value already stored (`identifierMismatch`), or the same value held by another app (`identifierTaken`), is
    /// refused, never overwritten.
    private func reconcileLogged(_ app: App, appID: Int64, in session: any SQLSession) throws(ReviewError) {
        try reconcile(app, appID: appID, in: session) {
            (column: String, given: String, have: String?, stored: App) throws(ReviewError) -> ReviewError? in
            let what = column == "bundle_id" ? "bundle ID" : "App Store ID"
            if let have {
                return ReviewError(
                    .identifierMismatch,
                    "\(stored.name) already has the \(what) \(have), not \(given); an app's identifiers are not "
                        + "changed by logging")
            }
            let holder = try session.with("SELECT name FROM apps WHERE \(column) = ? AND id != ?") {
                (statement: any SQLStatement) throws(ReviewError) -> String? in
                try statement.bind([.text(given), .integer(appID)])
                return try statement.step() ? statement.text(0) : nil
            }
            return holder.map { other in
                ReviewError(.identifierTaken, "the \(what) \(given) belongs to \(other), not \(stored.name)")
            }
        }
    }

    /// Sets each identifier `app` gives that the stored app lacks, after asking `conflict` whether the value is
    /// refused (`have` is the stored value, if any; a value equal to it is always accepted).
    private func reconcile(
        _ app: App, appID: Int64, in session: any SQLSession,
        conflict: (_ column: String, _ given: String, _ have: String?, _ stored: App) throws(ReviewError) ->
            ReviewError?
    ) throws(ReviewError) {
        guard app.bundleID != nil || app.appStoreID != nil, let stored = try appRow(named: app.name, in: session)?.app
        else {
            return
        }
        for (column, given, have) in [
            ("bundle_id", app.bundleID, stored.bundleID), ("app_store_id", app.appStoreID, stored.appStoreID),
        ] {
            guard let given, have != given else { continue }
            if let refusal = try conflict(column, given, have, stored) { throw refusal }
            try session.run("UPDATE apps SET \(column) = ? WHERE id = ?", [.text(given), .integer(appID)])
        }
    }
}
