/// The review store in one SQLite file, safe for many processes at once.
///
/// - Durability: WAL journal with `synchronous = FULL`, so a logged event survives a crash or power loss as
///   soon as `record` returns (NORMAL would be crash-safe too but could lose the last commits on power loss).
/// - Concurrency: every write transaction begins with `BEGIN IMMEDIATE`, taking the write lock before it reads,
///   so concurrent writers queue on the busy timeout instead of failing the way a read-then-upgrade transaction
///   does; readers never block in WAL mode.
/// - Safety: a file that is not a Gatehouse store (checked from its header bytes before SQLite opens it) is
///   refused and never modified; damage SQLite detects (in the schema on open, or in the pages a command reads)
///   is refused before anything is written. `integrityCheck()` runs the full check on demand. A new store is created whole under a temporary
///   name and linked into place, so a half-created store is never seen.
///
/// Thread-safe: the store's one connection is used through `SQLiteDatabase`'s serialized `read { }` / `write { }`,
/// so one store object serves concurrent callers (`review serve`), and its statements are prepared once.
public final class SQLiteReviewStore: ReviewStore {
    /// The file.
    public let path: String
    let database: SQLiteDatabase

    /// Opens the store at `path`, creating it (and its parent directories) when missing.
    /// - Parameters:
    ///   - path: the file.
    ///   - busyTimeoutMilliseconds: how long to wait for another process's lock.
    /// - Throws: `ReviewError` `notGatehouseDatabase`, `corruptDatabase`, `newerSchema`, `storeUnavailable`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 30_000) throws(ReviewError) {
        self.path = path
        if try DatabaseFile.inspect(path) == .missing {
            try DatabaseFile.createParentDirectories(of: path)
            try Self.create(path)
        }
        let connection = try SQLiteConnection(path: path, create: false)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        // Reading the schema parses page 1 and sqlite_master: damage there is refused before any write. Damage
        // elsewhere is caught by SQLite on the pages a command touches (cell_size_check makes that stricter), and
        // the failing transaction rolls back without writing to the file. A full `quick_check` on every open
        // would cost time linear in the store's size on every `review log`.
        try connection.execute("PRAGMA cell_size_check = ON")
        let tables = try connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
        guard let tables, tables > 0 else {
            throw ReviewError(
                .corruptDatabase,
                "the review store \(path) has the Gatehouse header but no tables; it was not modified. Restore it "
                    + "from a backup or an export, or move it aside to start a new one")
        }
        let mode = try connection.scalarText("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw ReviewError(
                .storeUnavailable, "the review store \(path) cannot use WAL journaling (got \(mode ?? "nothing"))")
        }
        try connection.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        try Schema.migrate(connection)
        database = SQLiteDatabase(connection: connection)
    }

    /// Creates a complete store under a temporary name and links it into place unless another process won.
    private static func create(_ path: String) throws(ReviewError) {
        let temporary = DatabaseFile.temporarySibling(of: path)
        do {
            try DatabaseFile.createPrivateFile(temporary)
            let connection = try SQLiteConnection(path: temporary, create: true)
            try connection.execute("PRAGMA application_id = \(DatabaseFile.applicationID)")
            try Schema.migrate(connection)
            // WAL is recorded in the file header, so no opener ever needs the exclusive lock to switch modes.
            _ = try connection.scalarText("PRAGMA journal_mode = WAL")
        }
        _ = try DatabaseFile.place(temporary, at: path)
    }

    static let eventColumns = """
        SELECT e.id, a.name, a.bundle_id, a.app_store_id, e.platform, e.version, e.build, e.state, e.at, e.note,
        e.source, e.app_id, e.observed, e.observed_after, e.asc_version_id, e.asc_submission_id
        FROM events e JOIN apps a ON a.id = e.app_id
        """

    /// Reads an event row; `apps` caches the `App` of each app id, so a long read builds each app's strings once.
    private func event(from row: SQLiteStatement, apps: inout [Int64: App]) throws(ReviewError) -> ReviewEvent {
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

    func event(from row: SQLiteStatement) throws(ReviewError) -> ReviewEvent {
        try event(from: row, app: App(name: row.text(1) ?? "", bundleID: row.text(2), appStoreID: row.text(3)))
    }

    private func event(from row: SQLiteStatement, app: App) throws(ReviewError) -> ReviewEvent {
        let id = row.int64(0)
        let platformText = row.text(4) ?? ""
        let stateText = row.text(7) ?? ""
        let sourceText = row.text(10) ?? ""
        guard let platform = Platform(rawValue: platformText), let state = ReviewState(rawValue: stateText),
            let source = EventSource(rawValue: sourceText)
        else {
            throw ReviewError(
                .corruptDatabase,
                "event \(id) in \(path) has platform \"\(platformText)\", state \"\(stateText)\", source "
                    + "\"\(sourceText)\", not all known to this review; it was not modified")
        }
        return ReviewEvent(
            id: id, app: app,
            platform: platform, version: row.text(5) ?? "", build: row.text(6), state: state,
            at: Timestamp(secondsSince1970: row.int64(8)), note: row.text(9), source: source,
            timing: row.int64(12) == 0
                ? .exact : .observed(after: row.isNull(13) ? nil : Timestamp(secondsSince1970: row.int64(13))),
            ascVersionID: row.text(14), ascSubmissionID: row.text(15))
    }

    func appRow(named name: String, in session: SQLiteSession) throws(ReviewError) -> (id: Int64, app: App)? {
        try session.with("SELECT id, name, bundle_id, app_store_id FROM apps WHERE name = ?") {
            (statement: SQLiteStatement) throws(ReviewError) -> (id: Int64, app: App)? in
            try statement.bind([.text(name)])
            guard try statement.step() else { return nil }
            return (
                statement.int64(0),
                App(name: statement.text(1) ?? "", bundleID: statement.text(2), appStoreID: statement.text(3))
            )
        }
    }

    func event(id: Int64, in session: SQLiteSession) throws(ReviewError) -> ReviewEvent? {
        try session.with(Self.eventColumns + " WHERE e.id = ?") {
            (statement: SQLiteStatement) throws(ReviewError) -> ReviewEvent? in
            try statement.bind([.integer(id)])
            guard try statement.step() else { return nil }
            return try event(from: statement)
        }
    }

    public func record(_ request: LogRequest) throws -> LogResult {
        if let problem = Validation.problem(
            app: request.app, version: request.version, build: request.build, note: request.note)
        {
            throw ReviewError(.invalidValue, problem)
        }
        return try database.write { (session: SQLiteSession) throws(ReviewError) -> LogResult in
            let existingApp = try appRow(named: request.app, in: session)
            let version: String
            if let given = request.version {
                version = given
            } else {
                guard let existingApp else {
                    throw ReviewError(
                        .versionRequired,
                        "\(request.app) has no events yet, so there is no latest version to use; give --version "
                            + "(for example --version 1.0)")
                }
                let found = try session.with(
                    "SELECT version FROM events WHERE app_id = ? AND platform = ? ORDER BY at DESC, id DESC LIMIT 1"
                ) { (latest: SQLiteStatement) throws(ReviewError) -> String? in
                    try latest.bind([.integer(existingApp.id), .text(request.platform.rawValue)])
                    return try latest.step() ? latest.text(0) : nil
                }
                guard let found else {
                    throw ReviewError(
                        .versionRequired,
                        "\(existingApp.app.name) has no \(request.platform.name) events yet, so there is no latest "
                            + "version to use; give --version")
                }
                version = found
            }
            let appID: Int64
            if let existingApp {
                appID = existingApp.id
            } else {
                try session.run("INSERT INTO apps (name) VALUES (?)", [.text(request.app)])
                appID = session.lastInsertRowID
            }
            try reconcileLogged(
                App(name: request.app, bundleID: request.bundleID, appStoreID: request.appStoreID), appID: appID,
                in: session)
            try session.run(
                """
                INSERT INTO events (app_id, platform, version, build, state, at, note, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (app_id, platform, version, state, at) DO NOTHING
                """,
                [
                    .integer(appID), .text(request.platform.rawValue), .text(version), SQLiteValue(request.build),
                    .text(request.state.rawValue), .integer(request.at.secondsSince1970), SQLiteValue(request.note),
                    .text(request.source.rawValue),
                ])
            let inserted = session.changes == 1
            let id: Int64
            if inserted {
                id = session.lastInsertRowID
                try enqueueNotifications(forEventID: id, in: session)
            } else {
                let found = try session.with(
                    "SELECT id FROM events WHERE app_id = ? AND platform = ? AND version = ? AND state = ? AND at = ?"
                ) { (existing: SQLiteStatement) throws(ReviewError) -> Int64? in
                    try existing.bind([
                        .integer(appID), .text(request.platform.rawValue), .text(version),
                        .text(request.state.rawValue), .integer(request.at.secondsSince1970),
                    ])
                    return try existing.step() ? existing.int64(0) : nil
                }
                guard let found else {
                    throw ReviewError(.storeFailure, "the event was neither inserted nor found in \(path)")
                }
                id = found
            }
            guard let stored = try event(id: id, in: session) else {
                throw ReviewError(.storeFailure, "event \(id) vanished from \(path) inside its transaction")
            }
            let previous = try session.with(
                Self.eventColumns
                    + """
                     WHERE e.app_id = ? AND e.platform = ? AND e.version = ? AND (e.at < ? OR (e.at = ? AND e.id < ?))
                    ORDER BY e.at DESC, e.id DESC LIMIT 1
                    """
            ) { (previousQuery: SQLiteStatement) throws(ReviewError) -> ReviewEvent? in
                try previousQuery.bind([
                    .integer(appID), .text(request.platform.rawValue), .text(version),
                    .integer(stored.at.secondsSince1970), .integer(stored.at.secondsSince1970), .integer(id),
                ])
                return try previousQuery.step() ? try event(from: previousQuery) : nil
            }
            return LogResult(event: stored, inserted: inserted, previous: previous)
        }
    }

    public func events(app: String?) throws -> [ReviewEvent] {
        try database.read { (session: SQLiteSession) throws(ReviewError) -> [ReviewEvent] in
            let sql = Self.eventColumns + (app == nil ? " ORDER BY e.id" : " WHERE a.name = ? ORDER BY e.id")
            return try session.with(sql) { (statement: SQLiteStatement) throws(ReviewError) -> [ReviewEvent] in
                try statement.bind(app.map { [.text($0)] } ?? [])
                var events: [ReviewEvent] = []
                var apps: [Int64: App] = [:]
                while try statement.step() { events.append(try event(from: statement, apps: &apps)) }
                return events
            }
        }
    }

    public func app(named name: String) throws -> App? {
        try database.read { (session: SQLiteSession) throws(ReviewError) -> App? in
            try appRow(named: name, in: session)?.app
        }
    }

    public func appNames() throws -> [String] {
        try database.read { (session: SQLiteSession) throws(ReviewError) -> [String] in
            try session.with("SELECT name FROM apps ORDER BY name") {
                (statement: SQLiteStatement) throws(ReviewError) -> [String] in
                var names: [String] = []
                while try statement.step() { names.append(statement.text(0) ?? "") }
                return names
            }
        }
    }

    public func deleteEvent(id: Int64) throws -> ReviewEvent {
        try database.write { (session: SQLiteSession) throws(ReviewError) -> ReviewEvent in
            guard let found = try event(id: id, in: session) else {
                throw ReviewError(.eventNotFound, "no event has id \(id) in \(path); `review timeline APP` shows ids")
            }
            try session.run("DELETE FROM events WHERE id = ?", [.integer(id)])
            return found
        }
    }

    public func importEvents(_ events: [ReviewEvent]) throws -> ImportSummary {
        try importEvents(events, notify: false)
    }

    public func importEvents(_ events: [ReviewEvent], notify: Bool) throws -> ImportSummary {
        try database.write { (session: SQLiteSession) throws(ReviewError) -> ImportSummary in
            var summary = ImportSummary(inserted: 0, alreadyPresent: 0)
            let insert = """
                INSERT INTO events (id, app_id, platform, version, build, state, at, note, source, observed,
                    observed_after, asc_version_id, asc_submission_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (app_id, platform, version, state, at) DO NOTHING
                """
            var appIDs: [String: Int64] = [:]
            for (index, event) in events.enumerated() {
                let label = "event \(index + 1) (\(event.app.name) \(event.version) \(event.state.rawValue))"
                if let problem = Validation.problem(
                    app: event.app.name, version: event.version, build: event.build, note: event.note)
                {
                    throw ReviewError(.malformedImport, "\(label): \(problem)")
                }
                let appID: Int64
                if let known = appIDs[event.app.name.lowercased()] {
                    appID = known
                } else if let existing = try appRow(named: event.app.name, in: session) {
                    appID = existing.id
                } else {
                    try session.run("INSERT INTO apps (name) VALUES (?)", [.text(event.app.name)])
                    appID = session.lastInsertRowID
                }
                appIDs[event.app.name.lowercased()] = appID
                try reconcile(event.app, appID: appID, label: label, in: session)
                var id = SQLiteValue.null
                if event.id > 0 {
                    let used = try session.with("SELECT 1 FROM events WHERE id = ?") {
                        (idUsed: SQLiteStatement) throws(ReviewError) -> Bool in
                        try idUsed.bind([.integer(event.id)])
                        return try idUsed.step()
                    }
                    if !used { id = .integer(event.id) }
                }
                try session.run(
                    insert,
                    [
                        id, .integer(appID), .text(event.platform.rawValue), .text(event.version),
                        SQLiteValue(event.build), .text(event.state.rawValue), .integer(event.at.secondsSince1970),
                        SQLiteValue(event.note), .text(event.source.rawValue),
                    ] + Self.timingValues(event))
                if session.changes == 1 {
                    summary.inserted += 1
                    if notify { try enqueueNotifications(forEventID: session.lastInsertRowID, in: session) }
                } else {
                    summary.alreadyPresent += 1
                }
            }
            return summary
        }
    }

    /// The `observed`, `observed_after`, `asc_version_id` and `asc_submission_id` values of an event.
    static func timingValues(_ event: ReviewEvent) -> [SQLiteValue] {
        timingValues(event.timing, ascVersionID: event.ascVersionID, ascSubmissionID: event.ascSubmissionID)
    }

    /// The same values from their parts.
    static func timingValues(_ timing: EventTiming, ascVersionID: String?, ascSubmissionID: String?) -> [SQLiteValue] {
        let observed: [SQLiteValue]
        switch timing {
        case .exact: observed = [.integer(0), .null]
        case .observed(let after): observed = [.integer(1), after.map { .integer($0.secondsSince1970) } ?? .null]
        }
        return observed + [SQLiteValue(ascVersionID), SQLiteValue(ascSubmissionID)]
    }

    /// Fills an app's missing identifiers from an import; conflicting ones are an error, never overwritten.
    private func reconcile(_ app: App, appID: Int64, label: String, in session: SQLiteSession) throws(ReviewError) {
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

    /// Fills an app's missing identifiers from `review log --bundle-id --app-store-id`: a different value already
    /// stored, or the same value held by another app, is refused (`invalidValue`), never overwritten.
    private func reconcileLogged(_ app: App, appID: Int64, in session: SQLiteSession) throws(ReviewError) {
        try reconcile(app, appID: appID, in: session) {
            (column: String, given: String, have: String?, stored: App) throws(ReviewError) -> ReviewError? in
            let option = column == "bundle_id" ? "--bundle-id" : "--app-store-id"
            let what = column == "bundle_id" ? "bundle ID" : "App Store ID"
            if let have {
                return ReviewError(
                    .invalidValue,
                    "\(stored.name) already has the \(what) \(have), not \(given); an app's identifiers are not "
                        + "changed by log: check \(option), or leave it out")
            }
            let holder = try session.with("SELECT name FROM apps WHERE \(column) = ? AND id != ?") {
                (statement: SQLiteStatement) throws(ReviewError) -> String? in
                try statement.bind([.text(given), .integer(appID)])
                return try statement.step() ? statement.text(0) : nil
            }
            return holder.map { other in
                ReviewError(
                    .invalidValue,
                    "the \(what) \(given) belongs to \(other), not \(stored.name); check \(option) and the app name")
            }
        }
    }

    /// Sets each identifier `app` gives that the stored app lacks, after asking `conflict` whether the value is
    /// refused (`have` is the stored value, if any; a value equal to it is always accepted).
    private func reconcile(
        _ app: App, appID: Int64, in session: SQLiteSession,
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

    /// Runs SQLite's full `PRAGMA integrity_check`.
    /// - Returns: `"ok"` for a sound file, else SQLite's first complaint.
    /// - Throws: `ReviewError` store errors.
    public func integrityCheck() throws(ReviewError) -> String {
        try database.read { (session: SQLiteSession) throws(ReviewError) -> String in
            try session.connection.scalarText("PRAGMA integrity_check") ?? "no answer"
        }
    }
}
