/// `review migrate`: one store's every row copied into another (SQLite into PostgreSQL, or back).
extension RelationalReviewStore {
    /// A table as the copy sees it: its columns (and which hold integers), and the columns of its primary key.
    struct CopiedTable: Sendable {
        var name: String
        var columns: [(name: String, isInteger: Bool)]
        var key: [String]

        init(_ name: String, integers: [String], texts: [String], key: [String]) {
            self.name = name
            // Integers first, then texts: the order only has to be the same on both sides.
            columns = integers.map { ($0, true) } + texts.map { ($0, false) }
            self.key = key
        }
    }

    /// Every table of schema version 4 (`Schema.currentVersion`), parents before the tables that refer to them. A
    /// migration that adds a table or a column adds it here too: `StoreCopyTests` compares this list with the schema.
    static let copiedTables: [CopiedTable] = [
        CopiedTable("apps", integers: ["id"], texts: ["name", "bundle_id", "app_store_id"], key: ["id"]),
        CopiedTable(
            "events", integers: ["id", "app_id", "at", "observed", "observed_after"],
            texts: ["platform", "version", "build", "state", "note", "source", "asc_version_id", "asc_submission_id"],
            key: ["id"]),
        CopiedTable(
            "sync_apps", integers: ["app_id", "last_fetched_at", "last_changed_at"], texts: ["asc_app_id", "profile"],
            key: ["app_id"]),
        CopiedTable(
            "sync_versions", integers: ["app_id", "last_changed_at", "last_fetched_at"],
            texts: ["asc_version_id", "platform", "version", "state", "build"], key: ["asc_version_id"]),
        CopiedTable(
            "notify_channels", integers: ["id"], texts: ["kind", "url", "secret_file", "apps", "states"], key: ["id"]),
        CopiedTable(
            "notify_outbox",
            integers: [
                "id", "channel_id", "event_id", "attempts", "first_attempt_at", "next_attempt_at", "delivered_at",
            ],
            texts: ["kind", "status", "last_error"], key: ["id"]),
        CopiedTable(
            "notify_reminders", integers: ["cycle_event_id", "event_id"], texts: ["threshold"],
            key: ["cycle_event_id", "threshold"]),
        CopiedTable(
            "webhook_deliveries",
            integers: ["timestamp_ms", "received_at", "resolved_at", "event_id", "attempts"],
            texts: ["delivery_id", "kind", "asc_version_id", "old_value", "new_value", "last_error"],
            key: ["delivery_id"]),
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
    public func copy(to target: RelationalReviewStore) throws -> StoreCopy {
        guard target !== self, target.location != location else {
            throw ReviewError(.invalidValue, "\(location) is the store being copied; give another one with --to")
        }
        let tables = Self.copiedTables
        let rows = try database.read { (session: any SQLSession) throws(ReviewError) -> [[[SQLValue]]] in
            var all: [[[SQLValue]]] = []
            for table in tables { all.append(try Self.rows(of: table, in: session)) }
            return all
        }
        return try target.database.write { (session: any SQLSession) throws(ReviewError) -> StoreCopy in
            var copy = StoreCopy(tables: [])
            for (table, tableRows) in zip(tables, rows) {
                var counts = StoreCopy.Table(name: table.name, copied: 0, alreadyPresent: 0)
                for row in tableRows {
                    if try target.insert(row, into: table, in: session) {
                        counts.copied += 1
                    } else {
                        counts.alreadyPresent += 1
                    }
                }
                copy.tables.append(counts)
            }
            return copy
        }
    }

    private static func rows(of table: CopiedTable, in session: any SQLSession) throws(ReviewError) -> [[SQLValue]] {
        let names = table.columns.map(\.name)
        let sql = "SELECT \(names.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.key.joined(separator: ", "))"
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

    /// Inserts one row unless its key is there with the same values; true when it was inserted.
    private func insert(_ row: [SQLValue], into table: CopiedTable, in session: any SQLSession) throws(ReviewError)
        -> Bool
    {
        let names = table.columns.map(\.name)
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let inserted = try session.insert(
            "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES (\(placeholders)) "
                + "ON CONFLICT DO NOTHING RETURNING 1", row)
        if inserted != nil { return true }
        let keyIndexes = table.key.map { key in names.firstIndex(of: key)! }
        let condition = table.key.map { "\($0) = ?" }.joined(separator: " AND ")
        let existing = try session.with("SELECT \(names.joined(separator: ", ")) FROM \(table.name) WHERE \(condition)") {
            (statement: any SQLStatement) throws(ReviewError) -> [SQLValue]? in
            try statement.bind(keyIndexes.map { row[$0] })
            return try statement.step() ? Self.values(of: table, in: statement) : nil
        }
        guard existing == row else {
            let key = zip(table.key, keyIndexes.map { row[$0] }).map { "\($0.0) \(Self.describe($0.1))" }
            let what = existing == nil ? "another row collides with it (the same name or the same event)" : "with other values"
            throw ReviewError(
                .conflict,
                "\(location) already holds a different history: the \(table.name) row with \(key.joined(separator: ", ")) "
                    + "is there \(what); nothing was copied. Migrate into an empty database or a new file")
        }
        return false
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
