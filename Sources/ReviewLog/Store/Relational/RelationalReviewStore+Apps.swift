/// Managing apps and correcting events: `review apps`, `apps rename`, `apps merge`, `edit` and `undo`.
extension RelationalReviewStore {
    public func apps() throws(ReviewError) -> [AppSummary] {
        try database.read { (session: any SQLSession) throws(ReviewError) -> [AppSummary] in
            // U+001F (unit separator) cannot occur in a platform or a version (Validation refuses control characters).
            try session.with(
                """
                SELECT a.name, a.bundle_id, a.app_store_id, count(e.id),
                    count(DISTINCT e.platform || '\u{1F}' || e.version), \(database.dialect.distinctList("e.platform")),
                    min(e.at), max(e.at), EXISTS (SELECT 1 FROM sync_apps s WHERE s.app_id = a.id)
                FROM apps a LEFT JOIN events e ON e.app_id = a.id GROUP BY a.id ORDER BY \(database.dialect.nameOrder("a.name"))
                """
            ) { (statement: any SQLStatement) throws(ReviewError) -> [AppSummary] in
                var summaries: [AppSummary] = []
                while try statement.step() {
                    let platforms = Set((statement.text(5) ?? "").split(separator: ",").map(String.init))
                    summaries.append(
                        AppSummary(
                            app: App(
                                name: statement.text(0) ?? "", bundleID: statement.text(1),
                                appStoreID: statement.text(2)),
                            events: Int(statement.int64(3)), versions: Int(statement.int64(4)),
                            platforms: Platform.allCases.filter { platforms.contains($0.rawValue) },
                            firstEventAt: statement.isNull(6) ? nil : Timestamp(secondsSince1970: statement.int64(6)),
                            lastEventAt: statement.isNull(7) ? nil : Timestamp(secondsSince1970: statement.int64(7)),
                            isSynced: statement.int64(8) != 0))
                }
                return summaries
            }
        }
    }

    public func renameApp(_ name: String, to newName: String) throws(ReviewError) -> App {
        if let problem = Validation.problem(app: newName, version: nil, build: nil, note: nil) {
            throw ReviewError(.invalidValue, problem)
        }
        return try database.write { (session: any SQLSession) throws(ReviewError) -> App in
            let found = try existingApp(name, in: session)
            if let other = try appRow(named: newName, in: session), other.id != found.id {
                throw ReviewError(
                    .conflict,
                    "an app named \"\(other.app.name)\" already exists; to make \(found.app.name) part of it, merge "
                        + "\(found.app.name) into \(other.app.name)")
            }
            try session.run("UPDATE apps SET name = ? WHERE id = ?", [.text(newName), .integer(found.id)])
            try renameInChannels(found.app.name, to: newName, in: session)
            var renamed = found.app
            renamed.name = newName
            return renamed
        }
    }

    public func mergeApp(_ name: String, into target: String) throws(ReviewError) -> AppMerge {
        try database.write { (session: any SQLSession) throws(ReviewError) -> AppMerge in
            let from = try existingApp(name, in: session)
            let into = try existingApp(target, in: session)
            guard from.id != into.id else {
                throw ReviewError(.invalidValue, "\"\(name)\" and \"\(target)\" are the same app, \(into.app.name)")
            }
            try checkMergeable(from, into, in: session)
            let events = try moveRows(table: "events", column: "app_id", from: from.id, to: into.id, in: session)
            var otherRows: [String: Int] = [:]
            for (table, column) in try appReferences(in: session) where table != "events" {
                let moved: Int
                do throws(ReviewError) {
                    moved = try moveRows(table: table, column: column, from: from.id, to: into.id, in: session)
                } catch {
                    throw ReviewError(
                        .conflict,
                        "the \(table) rows of \(from.app.name) and \(into.app.name) collide (\(error.reason)); nothing "
                            + "was merged")
                }
                if moved > 0 { otherRows[table] = moved }
            }
            try session.run("DELETE FROM apps WHERE id = ?", [.integer(from.id)])
            try renameInChannels(from.app.name, to: into.app.name, in: session)
            try session.run(
                "UPDATE apps SET bundle_id = coalesce(bundle_id, ?), app_store_id = coalesce(app_store_id, ?) "
                    + "WHERE id = ?",
                [SQLValue(from.app.bundleID), SQLValue(from.app.appStoreID), .integer(into.id)])
            var kept = into.app
            kept.bundleID = kept.bundleID ?? from.app.bundleID
            kept.appStoreID = kept.appStoreID ?? from.app.appStoreID
            return AppMerge(from: from.app, into: kept, events: events, otherRows: otherRows)
        }
    }

    /// Notification channels name their apps (`notify add --app NAME`): a renamed or merged-away app's name is
    /// replaced by its new one in every channel that names it, in the same transaction, so its notifications go on.
    private func renameInChannels(_ old: String, to new: String, in session: any SQLSession) throws(ReviewError) {
        let channels = try session.with("SELECT id, apps FROM notify_channels WHERE apps IS NOT NULL") {
            (statement: any SQLStatement) throws(ReviewError) -> [(Int64, [String])] in
            var rows: [(Int64, [String])] = []
            while try statement.step() {
                rows.append((statement.int64(0), (statement.text(1) ?? "").split(separator: "\n").map(String.init)))
            }
            return rows
        }
        for (id, apps) in channels where apps.contains(where: { $0.lowercased() == old.lowercased() }) {
            var renamed: [String] = []
            for app in apps.map({ $0.lowercased() == old.lowercased() ? new : $0 })
            where !renamed.contains(where: { $0.lowercased() == app.lowercased() }) {
                renamed.append(app)
            }
            try session.run(
                "UPDATE notify_channels SET apps = ? WHERE id = ?",
                [.text(renamed.joined(separator: "\n")), .integer(id)])
        }
    }

    public func editEvent(id: Int64, note: String?, at: Timestamp?) throws(ReviewError) -> EventEdit {
        try database.write { (session: any SQLSession) throws(ReviewError) -> EventEdit in
            guard let before = try event(id: id, in: session) else {
                throw ReviewError(.eventNotFound, "no event has id \(id) in \(location)")
            }
            guard note != nil || at != nil else {
                throw ReviewError(
                    .invalidValue, "nothing to change in event \(id): give a new note, a new time, or both")
            }
            if at != nil, before.source == .sync || before.timing.isObserved {
                throw ReviewError(
                    .timeNotEditable,
                    "event \(id) was recorded by a sync, at the time App Store Connect gave or a poll saw; only its "
                        + "note can be edited")
            }
            let newNote = note.map { $0.isEmpty ? nil : $0 } ?? before.note
            // Only the note changes: an app name stored before the storage rule does not keep its notes from edits.
            if let newNote, let problem = Validation.note(newNote) {
                throw ReviewError(.invalidValue, problem)
            }
            let newAt = at ?? before.at
            if newAt != before.at {
                let clash = try session.with(
                    """
                    SELECT id FROM events WHERE app_id = (SELECT app_id FROM events WHERE id = ?) AND platform = ?
                        AND version = ? AND state = ? AND at = ? AND id <> ?
                        AND track = ? AND cycle_build = (SELECT cycle_build FROM events WHERE id = ?)
                    """
                ) { (statement: any SQLStatement) throws(ReviewError) -> Int64? in
                    try statement.bind([
                        .integer(id), .text(before.platform.rawValue), .text(before.version),
                        .text(before.state.rawValue), .integer(newAt.secondsSince1970), .integer(id),
                        .text(before.track.rawValue), .integer(id),
                    ])
                    return try statement.step() ? statement.int64(0) : nil
                }
                if let clash {
                    throw ReviewError(
                        .conflict,
                        "event \(clash) already records \(before.state.displayName) for \(before.app.name) "
                            + "\(before.version) (\(before.platform.name)) at \(newAt.iso8601); delete one of the two "
                            + "instead")
                }
            }
            try session.run(
                "UPDATE events SET note = ?, at = ? WHERE id = ?",
                [SQLValue(newNote), .integer(newAt.secondsSince1970), .integer(id)])
            guard let after = try event(id: id, in: session) else {
                throw ReviewError(.storeFailure, "event \(id) vanished from \(location) inside its transaction")
            }
            return EventEdit(before: before, after: after)
        }
    }

    public func undoLastManualEvent() throws(ReviewError) -> UndoResult {
        try database.write { (session: any SQLSession) throws(ReviewError) -> UndoResult in
            // The last event `record` logged by hand (`logged_events`, in the order logged), never the highest id.
            let last = try session.with(
                """
                SELECT e.id, e.app_id FROM logged_events l JOIN events e ON e.id = l.event_id
                WHERE e.source = 'manual' ORDER BY l.id DESC LIMIT 1
                """
            ) { (statement: any SQLStatement) throws(ReviewError) -> (id: Int64, appID: Int64)? in
                try statement.bind([])
                return try statement.step() ? (statement.int64(0), statement.int64(1)) : nil
            }
            guard let last, let event = try event(id: last.id, in: session) else {
                throw ReviewError(
                    .eventNotFound,
                    "no event logged by hand in \(location), so nothing to undo")
            }
            try session.run("DELETE FROM events WHERE id = ?", [.integer(last.id)])
            var referenced = false
            for (table, column) in try appReferences(in: session) where !referenced {
                referenced = try session.with("SELECT EXISTS (SELECT 1 FROM \(table) WHERE \(column) = ?)") {
                    (statement: any SQLStatement) throws(ReviewError) -> Bool in
                    try statement.bind([.integer(last.appID)])
                    return try statement.step() && statement.int64(0) != 0
                }
            }
            if !referenced { try session.run("DELETE FROM apps WHERE id = ?", [.integer(last.appID)]) }
            return UndoResult(event: event, removedApp: !referenced)
        }
    }

    /// The app of that name, or `appNotFound`.
    private func existingApp(_ name: String, in session: any SQLSession) throws(ReviewError) -> (id: Int64, app: App) {
        guard let found = try appRow(named: name, in: session) else {
            throw ReviewError(.appNotFound, "no app named \"\(name)\" in \(location)")
        }
        return found
    }

    /// Every (table, column) with a foreign key to `apps(id)`: `events`, `sync_apps`, `sync_versions`, and any table a
    /// later schema version adds, so a merge or an undo never leaves a row behind.
    private func appReferences(in session: any SQLSession) throws(ReviewError) -> [(table: String, column: String)] {
        try session.with(database.dialect.foreignKeysToApps) {
            (statement: any SQLStatement) throws(ReviewError) -> [(table: String, column: String)] in
            try statement.bind([])
            var references: [(table: String, column: String)] = []
            while try statement.step() { references.append((statement.text(0) ?? "", statement.text(1) ?? "")) }
            return references
        }
    }

    /// Refuses a merge that would make two things one: different identifiers, two synced apps, or events of both
    /// recording the same state of the same version at the same time.
    private func checkMergeable(
        _ from: (id: Int64, app: App), _ into: (id: Int64, app: App), in session: any SQLSession
    )
        throws(ReviewError)
    {
        for (what, mine, theirs) in [
            ("bundle ID", from.app.bundleID, into.app.bundleID),
            ("App Store Connect id", from.app.appStoreID, into.app.appStoreID),
        ] {
            if let mine, let theirs, mine != theirs {
                throw ReviewError(
                    .conflict,
                    "\(from.app.name) has \(what) \(mine) and \(into.app.name) has \(theirs): they are different apps "
                        + "in App Store Connect, so they were not merged")
            }
        }
        let synced = try session.with("SELECT count(*) FROM sync_apps WHERE app_id IN (?, ?)") {
            (statement: any SQLStatement) throws(ReviewError) -> Int64 in
            try statement.bind([.integer(from.id), .integer(into.id)])
            return try statement.step() ? statement.int64(0) : 0
        }
        if synced == 2 {
            throw ReviewError(
                .conflict,
                "\(from.app.name) and \(into.app.name) are both synced from App Store Connect, as two apps there; they "
                    + "were not merged")
        }
        let clashes = try session.with(
            """
            SELECT f.id, t.id, f.platform, f.version, f.state, f.at FROM events f JOIN events t
                ON t.app_id = ? AND t.platform = f.platform AND t.version = f.version AND t.state = f.state AND t.at = f.at
                    AND t.track = f.track AND t.cycle_build = f.cycle_build
            WHERE f.app_id = ? ORDER BY f.id LIMIT 4
            """
        ) { (statement: any SQLStatement) throws(ReviewError) -> [String] in
            try statement.bind([.integer(into.id), .integer(from.id)])
            var found: [String] = []
            while try statement.step() {
                let state = ReviewState(rawValue: statement.text(4) ?? "")?.displayName ?? statement.text(4) ?? ""
                found.append(
                    "event \(statement.int64(0)) and event \(statement.int64(1)) (\(statement.text(3) ?? "") "
                        + "\(statement.text(2) ?? "") \(state) at "
                        + "\(Timestamp(secondsSince1970: statement.int64(5)).iso8601))")
            }
            return found
        }
        if !clashes.isEmpty {
            throw ReviewError(
                .conflict,
                "\(from.app.name) and \(into.app.name) both record the same state at the same time: "
                    + clashes.joined(separator: "; ") + (clashes.count == 4 ? "; ..." : "")
                    + ". Delete one of each pair and merge again; nothing was merged")
        }
    }

    /// Points every row of `table` from one app to the other.
    /// - Returns: how many rows moved.
    private func moveRows(table: String, column: String, from: Int64, to: Int64, in session: any SQLSession)
        throws(ReviewError) -> Int
    {
        try session.run("UPDATE \(table) SET \(column) = ? WHERE \(column) = ?", [.integer(to), .integer(from)])
        return Int(session.changes)
    }
}
