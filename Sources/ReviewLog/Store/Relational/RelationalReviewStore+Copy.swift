/// `review migrate`: one store's every row copied into another (SQLite into PostgreSQL, or back).
extension RelationalReviewStore {
    /// A table as the copy sees it: its columns (and which hold integers), and the columns of its primary key.
    package struct CopiedTable: Sendable {
        package var name: String
        package var columns: [(name: String, isInteger: Bool)]
        package var key: [String]

        init(_ name: String, integers: [String], texts: [String], key: [String]) {
            self.name = name
            // Integers first, then texts: the order only has to be the same on both sides.
            columns = integers.map { ($0, true) } + texts.map { ($0, false) }
            self.key = key
        }
    }

    /// Every table of schema version 8 (`Schema.currentVersion`), parents before the tables that refer to them. A
    /// migration that adds a table or a column adds it here too: `StoreCopyTests` compares this list with the schema.
    package static let copiedTables: [CopiedTable] = [
        CopiedTable("apps", integers: ["id"], texts: ["name", "bundle_id", "app_store_id"], key: ["id"]),
        CopiedTable(
            "events", integers: ["id", "app_id", "at", "observed", "observed_after"],
            texts: [
                "platform", "version", "build", "state", "note", "source", "asc_version_id", "asc_submission_id",
                "track", "cycle_build", "asc_build_id",
            ],
            key: ["id"]),
        CopiedTable("logged_events", integers: ["id", "event_id"], texts: [], key: ["id"]),
        CopiedTable(
            "sync_apps", integers: ["app_id", "last_fetched_at", "last_changed_at", "builds_fetched_at"],
            texts: ["asc_app_id", "profile"], key: ["app_id"]),
        CopiedTable(
            "sync_versions", integers: ["app_id", "last_changed_at", "last_fetched_at"],
            texts: ["asc_version_id", "platform", "version", "state", "build"], key: ["asc_version_id"]),
        CopiedTable(
            "sync_builds", integers: ["app_id", "uploaded_at", "last_changed_at", "last_fetched_at"],
            texts: [
                "asc_build_id", "platform", "version", "build", "review_state", "external_state", "asc_submission_id",
            ],
            key: ["asc_build_id"]),
        CopiedTable(
            "notify_channels", integers: ["id", "signing"],
            texts: ["kind", "url", "secret_file", "apps", "states", "tracks"],
            key: ["id"]),
        CopiedTable(
            "notify_outbox",
            integers: [
                "id", "channel_id", "event_id", "attempts", "first_attempt_at", "next_attempt_at", "delivered_at",
                "claimed_until",
            ],
            texts: ["kind", "status", "last_error", "claimed_by"], key: ["id"]),
        CopiedTable(
            "notify_reminders", integers: ["cycle_event_id", "event_id"], texts: ["threshold"],
            key: ["cycle_event_id", "threshold"]),
        CopiedTable(
            "webhook_deliveries",
            integers: ["timestamp_ms", "received_at", "resolved_at", "event_id", "attempts"],
            texts: [
                "delivery_id", "kind", "asc_version_id", "old_value", "new_value", "last_error", "asc_build_detail_id",
            ],
            key: ["delivery_id"]),
        CopiedTable(
            "signing_items",
            integers: [
                "id", "invalid", "expires", "own_expires", "generation", "first_seen", "gone_at", "missing_since",
                "last_seen",
            ],
            texts: ["kind", "source", "reference", "name", "custom_name", "detail", "renewal_group", "decided_by"],
            key: ["id"]),
        CopiedTable(
            "signing_observations", integers: ["id", "item_id", "at", "expires"], texts: ["what"], key: ["id"]),
        CopiedTable("signing_sources", integers: ["last_complete_at"], texts: ["source"], key: ["source"]),
        CopiedTable(
            "signing_alerts", integers: ["item_id", "generation", "threshold", "at"], texts: ["alert"],
            key: ["item_id", "generation", "alert", "threshold"]),
        CopiedTable(
            "signing_outbox",
            integers: [
                "id", "channel_id", "item_id", "generation", "threshold", "recorded_at", "attempts",
                "first_attempt_at", "next_attempt_at", "delivered_at", "claimed_until",
            ],
            texts: ["alert", "status", "last_error", "claimed_by"], key: ["id"]),
        CopiedTable("settings", integers: [], texts: ["key", "value"], key: ["key"]),
    ]

    /// Copies every row of this store into `target`, in one transaction of the target: all of it, or nothing when
    /// anything fails. Idempotent: a row the target already has (the same key and the same values) is left as it is,
    /// so running a migration again copies only what is new. A row whose key the target holds with other values, or
    /// that collides with another row there (the same app name, the same event), refuses the whole copy: the target
    /// holds another history.
    /// - Parameter target: the store copied into (another file, or another database).
    /// - Returns: per table, how many rows were copied and how many were already there.
    /// - Throws: `ReviewError` `conflict` (the target holds a different row; nothing was copied), `invalidValue` (the
    ///   store itself as target), store errors of either store.
    public func copy(to target: RelationalReviewStore) throws(ReviewError) -> StoreCopy {
        guard target !== self, target.location != location else {
            throw ReviewError(.invalidValue, "\(location) is the store being copied; copy into another store")
        }
        let tables = Self.copiedTables
        // One snapshot of the source: rows written meanwhile by others are all in it or all out of it, so an event
        // never arrives without its app.
        let rows = try database.readSnapshot { (session: any SQLSession) throws(ReviewError) -> [[[SQLValue]]] in
            var all: [[[SQLValue]]] = []
            for table in tables { all.append(try Self.rows(of: table, in: session)) }
            return all
        }
        for (table, tableRows) in zip(tables, rows) { try checkIDs(tableRows, of: table) }
        return try target.database.write { (session: any SQLSession) throws(ReviewError) -> StoreCopy in
            var copy = StoreCopy(tables: [])
            for (table, tableRows) in zip(tables, rows) {
                var counts = StoreCopy.Table(name: table.name, copied: 0, alreadyPresent: 0)
                // Many rows a statement (a round trip each on a server): 500,000 events copy in seconds, not minutes.
                var start = 0
                while start < tableRows.count {
                    let batch = Array(tableRows[start..<min(start + 200, tableRows.count)])
                    let copied = try target.insert(batch, into: table, in: session)
                    counts.copied += copied
                    counts.alreadyPresent += batch.count - copied
                    start += batch.count
                }
                copy.tables.append(counts)
            }
            return copy
        }
    }

    /// Refuses a row whose id the target would number after, when it lies outside what an import accepts (1 through
    /// `ReviewLimits.maximumImportedID`): the source's rows are data, and one id near the end of the 64-bit space
    /// would exhaust the target's numbering (`max(id) + 1`). Tables keyed by `id` are the numbered ones.
    private func checkIDs(_ rows: [[SQLValue]], of table: CopiedTable) throws(ReviewError) {
        guard table.key == ["id"], let column = table.columns.firstIndex(where: { $0.name == "id" }) else { return }
        for row in rows {
            guard case .integer(let id) = row[column], id < 1 || id > ReviewLimits.maximumImportedID else { continue }
            throw ReviewError(
                .malformedImport,
                "\(location): the \(table.name) row with id \(id) has an id outside 1 to "
                    + "\(ReviewLimits.maximumImportedID) (2^53 - 1), the ids a store accepts from outside; nothing was "
                    + "copied. Delete that row from \(location) (or export its events and import them without ids) "
                    + "and migrate again")
        }
    }

    static func rows(of table: CopiedTable, in session: any SQLSession) throws(ReviewError) -> [[SQLValue]] {
        let names = table.columns.map(\.name)
        let sql =
            "SELECT \(names.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.key.joined(separator: ", "))"
        return try session.with(sql) { (statement: any SQLStatement) throws(ReviewError) -> [[SQLValue]] in
            try statement.bind([])
            var rows: [[SQLValue]] = []
            while try statement.step() { rows.append(values(of: table, in: statement)) }
            return rows
        }
    }

    private static func values(of table: CopiedTable, in statement: any SQLStatement) -> [SQLValue] {
        table.columns.enumerated().map { index, column in
            let position = Int32(index)
            if statement.isNull(position) { return .null }
            return column.isInteger ? .integer(statement.int64(position)) : .text(statement.text(position) ?? "")
        }
    }

    /// Inserts rows, each unless its key is there with the same values; gives how many were inserted.
    private func insert(_ rows: [[SQLValue]], into table: CopiedTable, in session: any SQLSession)
        throws(ReviewError) -> Int
    {
        let names = table.columns.map(\.name)
        let keyIndexes = table.key.map { key in names.firstIndex(of: key)! }
        let placeholders = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        let sql =
            "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES "
            + Array(repeating: placeholders, count: rows.count).joined(separator: ", ")
            + " ON CONFLICT DO NOTHING RETURNING \(table.key.joined(separator: ", "))"
        let inserted = try session.with(sql) { (statement: any SQLStatement) throws(ReviewError) -> Set<[SQLValue]> in
            try statement.bind(rows.flatMap { $0 })
            var keys: Set<[SQLValue]> = []
            while try statement.step() {
                keys.insert(
                    keyIndexes.enumerated().map { position, index in
                        table.columns[index].isInteger
                            ? .integer(statement.int64(Int32(position))) : .text(statement.text(Int32(position)) ?? "")
                    })
            }
            return keys
        }
        let skipped = rows.filter { row in !inserted.contains(keyIndexes.map { row[$0] }) }
        if table.key.count == 1, !skipped.isEmpty {
            // One query for the whole batch (a second run of a migration skips every row).
            let key = keyIndexes[0]
            let sql =
                "SELECT \(names.joined(separator: ", ")) FROM \(table.name) WHERE \(table.key[0]) IN ("
                + Array(repeating: "?", count: skipped.count).joined(separator: ", ") + ")"
            let existing = try session.with(sql) {
                (statement: any SQLStatement) throws(ReviewError) -> [SQLValue: [SQLValue]] in
                try statement.bind(skipped.map { $0[key] })
                var found: [SQLValue: [SQLValue]] = [:]
                while try statement.step() {
                    let values = Self.values(of: table, in: statement)
                    found[values[key]] = values
                }
                return found
            }
            for row in skipped where existing[row[key]] != row {
                try refuse(row, in: table, keyIndexes: keyIndexes, present: existing[row[key]] != nil)
            }
        } else {
            for row in skipped {
                try checkPresent(row, in: table, keyIndexes: keyIndexes, session: session)
            }
        }
        return inserted.count
    }

    /// Refuses a row that was not inserted unless the target has it, the same.
    private func checkPresent(
        _ row: [SQLValue], in table: CopiedTable, keyIndexes: [Int], session: any SQLSession
    ) throws(ReviewError) {
        let names = table.columns.map(\.name)
        let condition = table.key.map { "\($0) = ?" }.joined(separator: " AND ")
        let existing = try session.with("SELECT \(names.joined(separator: ", ")) FROM \(table.name) WHERE \(condition)")
        {
            (statement: any SQLStatement) throws(ReviewError) -> [SQLValue]? in
            try statement.bind(keyIndexes.map { row[$0] })
            return try statement.step() ? Self.values(of: table, in: statement) : nil
        }
        if existing != row { try refuse(row, in: table, keyIndexes: keyIndexes, present: existing != nil) }
    }

    /// The error of a row the target holds otherwise.
    private func refuse(_ row: [SQLValue], in table: CopiedTable, keyIndexes: [Int], present: Bool)
        throws(ReviewError)
    {
        let key = zip(table.key, keyIndexes.map { row[$0] }).map { "\($0.0) \(Self.describe($0.1))" }
        let what = present ? "with other values" : "another row collides with it (the same name or the same event)"
        throw ReviewError(
            .conflict,
            "\(location) already holds a different history: the \(table.name) row with \(key.joined(separator: ", ")) "
                + "is there \(what); nothing was copied. Migrate into an empty database or a new file")
    }

    private static func describe(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .text(let text): "\"\(text)\""
        }
    }
}

/// What `RelationalReviewStore.copy(to:)` did, table by table.
public struct StoreCopy: Sendable, Hashable {
    /// One table's counts.
    public struct Table: Sendable, Hashable {
        /// The table.
        public var name: String
        /// Rows inserted into the target.
        public var copied: Int
        /// Rows the target already had, identical.
        public var alreadyPresent: Int
    }

    /// Every table, in the order copied.
    public var tables: [Table]

    /// The counts of one table.
    /// - Parameter name: the table's name.
    /// - Returns: its counts, or nil for a table not copied.
    public func table(_ name: String) -> Table? { tables.first { $0.name == name } }
}
