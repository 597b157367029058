import ReviewLog

/// The review store's schema on PostgreSQL: the same tables, columns, keys and version numbers as SQLite's
/// (`Schema` in ReviewLog), written in PostgreSQL's types. The version is kept in `gatehouse_schema` (SQLite keeps it
/// in `PRAGMA user_version`).
///
/// The differences, all so that both stores answer alike: integers are `BIGINT` (SQLite's are 64-bit); ids are
/// plain keys numbered by the store as SQLite numbers rowids (`SQLDialect.nextID`), so both number rows alike; every text column is
/// `COLLATE "C"` (compared and ordered by bytes, as SQLite's BINARY, whatever the database's locale); app names are
/// unique case-insensitively through an index on `lower(name)`, which under "C" folds ASCII only, as SQLite's NOCASE.
enum PostgreSQLSchema {
    /// Migration `n` takes the schema from version `n - 1` to `n`; the numbers are SQLite's.
    static let migrations: [Int64: String] = [
        1: """
        CREATE TABLE apps (
            id BIGINT PRIMARY KEY,
            name TEXT COLLATE "C" NOT NULL,
            bundle_id TEXT COLLATE "C",
            app_store_id TEXT COLLATE "C"
        );
        CREATE UNIQUE INDEX apps_name_nocase ON apps (lower(name));
        CREATE TABLE events (
            id BIGINT PRIMARY KEY,
            app_id BIGINT NOT NULL REFERENCES apps(id),
            platform TEXT COLLATE "C" NOT NULL,
            version TEXT COLLATE "C" NOT NULL,
            build TEXT COLLATE "C",
            state TEXT COLLATE "C" NOT NULL,
            at BIGINT NOT NULL,
            note TEXT COLLATE "C",
            source TEXT COLLATE "C" NOT NULL,
            UNIQUE (app_id, platform, version, state, at)
        );
        CREATE INDEX events_by_version ON events (app_id, platform, version, at);
        """,
        2: """
        ALTER TABLE events ADD COLUMN observed BIGINT NOT NULL DEFAULT 0;
        ALTER TABLE events ADD COLUMN observed_after BIGINT;
        ALTER TABLE events ADD COLUMN asc_version_id TEXT COLLATE "C";
        ALTER TABLE events ADD COLUMN asc_submission_id TEXT COLLATE "C";
        CREATE TABLE sync_apps (
            app_id BIGINT PRIMARY KEY REFERENCES apps(id),
            asc_app_id TEXT COLLATE "C" NOT NULL UNIQUE,
            profile TEXT COLLATE "C",
            last_fetched_at BIGINT NOT NULL,
            last_changed_at BIGINT
        );
        CREATE TABLE sync_versions (
            asc_version_id TEXT COLLATE "C" PRIMARY KEY,
            app_id BIGINT NOT NULL REFERENCES apps(id),
            platform TEXT COLLATE "C" NOT NULL,
            version TEXT COLLATE "C" NOT NULL,
            state TEXT COLLATE "C" NOT NULL,
            build TEXT COLLATE "C",
            last_changed_at BIGINT NOT NULL,
            last_fetched_at BIGINT NOT NULL
        );
        """,
        3: """
        CREATE TABLE notify_channels (
            id BIGINT PRIMARY KEY,
            kind TEXT COLLATE "C" NOT NULL,
            url TEXT COLLATE "C" NOT NULL,
            secret_file TEXT COLLATE "C",
            apps TEXT COLLATE "C",
            states TEXT COLLATE "C"
        );
        CREATE TABLE notify_outbox (
            id BIGINT PRIMARY KEY,
            channel_id BIGINT NOT NULL REFERENCES notify_channels(id) ON DELETE CASCADE,
            event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            kind TEXT COLLATE "C" NOT NULL,
            status TEXT COLLATE "C" NOT NULL DEFAULT 'pending',
            attempts BIGINT NOT NULL DEFAULT 0,
            first_attempt_at BIGINT,
            next_attempt_at BIGINT NOT NULL DEFAULT 0,
            last_error TEXT COLLATE "C",
            delivered_at BIGINT,
            UNIQUE (channel_id, event_id, kind)
        );
        CREATE TABLE notify_reminders (
            cycle_event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            threshold TEXT COLLATE "C" NOT NULL,
            event_id BIGINT NOT NULL,
            PRIMARY KEY (cycle_event_id, threshold)
        );
        """,
        4: """
        CREATE TABLE webhook_deliveries (
            delivery_id TEXT COLLATE "C" PRIMARY KEY,
            kind TEXT COLLATE "C" NOT NULL,
            asc_version_id TEXT COLLATE "C",
            old_value TEXT COLLATE "C",
            new_value TEXT COLLATE "C",
            timestamp_ms BIGINT NOT NULL,
            received_at BIGINT NOT NULL,
            resolved_at BIGINT,
            event_id BIGINT REFERENCES events(id) ON DELETE SET NULL,
            attempts BIGINT NOT NULL DEFAULT 0,
            last_error TEXT COLLATE "C"
        );
        CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (received_at) WHERE resolved_at IS NULL;
        """,
        5: """
        ALTER TABLE notify_outbox ADD COLUMN claimed_until BIGINT;
        ALTER TABLE notify_outbox ADD COLUMN claimed_by TEXT COLLATE "C";
        """,
        6: """
        CREATE TABLE logged_events (
            id BIGINT PRIMARY KEY,
            event_id BIGINT NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE
        );
        INSERT INTO logged_events (id, event_id)
            SELECT row_number() OVER (ORDER BY id), id FROM events WHERE source = 'manual';
        """,
    ]

    /// Whether the database holds a review store (its version table).
    static func exists(_ connection: PostgreSQLConnection) throws(ReviewError) -> Bool {
        try connection.scalar("SELECT to_regclass('gatehouse_schema') IS NOT NULL") == "t"
    }

    /// Brings the schema up to date, each migration in its own transaction under the writers' lock (so two processes
    /// opening a new database at once migrate it once); refuses a newer schema.
    static func migrate(_ connection: PostgreSQLConnection) throws(ReviewError) {
        var version = try exists(connection) ? try currentVersion(connection) : 0
        if version > Schema.currentVersion { throw newer(version, connection) }
        while version < Schema.currentVersion {
            try connection.execute("BEGIN")
            do throws(ReviewError) {
                try connection.execute("SELECT pg_advisory_xact_lock(\(PostgreSQLDatabase.writeLockKey))")
                // Another process may have migrated while this one waited for the lock.
                try connection.execute("CREATE TABLE IF NOT EXISTS gatehouse_schema (version BIGINT NOT NULL)")
                version = try currentVersion(connection)
                if version > Schema.currentVersion { throw newer(version, connection) }
                if version < Schema.currentVersion {
                    try connection.execute(migrations[version + 1]!)
                    try connection.execute("DELETE FROM gatehouse_schema")
                    try connection.execute("INSERT INTO gatehouse_schema (version) VALUES (\(version + 1))")
                    version += 1
                }
                try connection.execute("COMMIT")
            } catch {
                if connection.isConnected { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
    }

    private static func currentVersion(_ connection: PostgreSQLConnection) throws(ReviewError) -> Int64 {
        Int64(try connection.scalar("SELECT max(version) FROM gatehouse_schema") ?? "0") ?? 0
    }

    private static func newer(_ version: Int64, _ connection: PostgreSQLConnection) -> ReviewError {
        ReviewError(
            .newerSchema,
            "the review store \(connection.url.redacted) has schema version \(version), newer than this review's "
                + "\(Schema.currentVersion); upgrade Gatehouse to use it")
    }
}
