/// The store's schema and its migrations, versioned with `PRAGMA user_version`.
package enum Schema {
    /// The newest schema this code knows.
    package static let currentVersion: Int64 = 6

    /// Migration `n` takes the schema from version `n - 1` to `n`. Each runs in its own `BEGIN IMMEDIATE`
    /// transaction and never edits an earlier one.
    static let migrations: [Int64: String] = [
        1: """
        CREATE TABLE apps (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            bundle_id TEXT,
            app_store_id TEXT
        );
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            app_id INTEGER NOT NULL REFERENCES apps(id),
            platform TEXT NOT NULL,
            version TEXT NOT NULL,
            build TEXT,
            state TEXT NOT NULL,
            at INTEGER NOT NULL,
            note TEXT,
            source TEXT NOT NULL,
            UNIQUE (app_id, platform, version, state, at)
        );
        CREATE INDEX events_by_version ON events (app_id, platform, version, at);
        """,
        // Version 2, App Store Connect sync: how exactly each time is known (observed = 1: first seen by a poll at
        // `at`, having happened after observed_after, unknown when NULL), the App Store Connect ids of the version and
        // review submission, and per-entity sync state (what the last successful look saw, and when).
        2: """
        ALTER TABLE events ADD COLUMN observed INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE events ADD COLUMN observed_after INTEGER;
        ALTER TABLE events ADD COLUMN asc_version_id TEXT;
        ALTER TABLE events ADD COLUMN asc_submission_id TEXT;
        CREATE TABLE sync_apps (
            app_id INTEGER PRIMARY KEY REFERENCES apps(id),
            asc_app_id TEXT NOT NULL UNIQUE,
            profile TEXT,
            last_fetched_at INTEGER NOT NULL,
            last_changed_at INTEGER
        );
        CREATE TABLE sync_versions (
            asc_version_id TEXT PRIMARY KEY,
            app_id INTEGER NOT NULL REFERENCES apps(id),
            platform TEXT NOT NULL,
            version TEXT NOT NULL,
            state TEXT NOT NULL,
            build TEXT,
            last_changed_at INTEGER NOT NULL,
            last_fetched_at INTEGER NOT NULL
        );
        """,
        // Version 3, notifications out: the channels, the transactional outbox (a row per channel and event, written
        // in the transaction that records the event; removed with its event or channel), and the reminders already
        // enqueued (one per threshold per cycle, the cycle named by the event that opened it). CREATE TABLE only, so
        // the migration can be renumbered at a merge; the outbox is small enough to be read without an index.
        3: """
        CREATE TABLE notify_channels (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            url TEXT NOT NULL,
            secret_file TEXT,
            apps TEXT,
            states TEXT
        );
        CREATE TABLE notify_outbox (
            id INTEGER PRIMARY KEY,
            channel_id INTEGER NOT NULL REFERENCES notify_channels(id) ON DELETE CASCADE,
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'pending',
            attempts INTEGER NOT NULL DEFAULT 0,
            first_attempt_at INTEGER,
            next_attempt_at INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            delivered_at INTEGER,
            UNIQUE (channel_id, event_id, kind)
        );
        CREATE TABLE notify_reminders (
            cycle_event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            threshold TEXT NOT NULL,
            event_id INTEGER NOT NULL,
            PRIMARY KEY (cycle_event_id, threshold)
        );
        """,
        // Version 4, App Store Connect webhooks (`review serve`): every verified delivery, kept by the event's
        // `data.id` (stored once however often Apple retries it). kind is 'stateChange' or 'ping'; timestamp_ms is
        // the payload's timestamp to the millisecond (the event's `at` is its second); a state change whose version
        // is not resolved yet has resolved_at NULL (pending: resolved later by `serve` or `sync`, never dropped);
        // event_id is the event it recorded, if any.
        4: """
        CREATE TABLE webhook_deliveries (
            delivery_id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            asc_version_id TEXT,
            old_value TEXT,
            new_value TEXT,
            timestamp_ms INTEGER NOT NULL,
            received_at INTEGER NOT NULL,
            resolved_at INTEGER,
            event_id INTEGER REFERENCES events(id) ON DELETE SET NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT
        );
        CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (received_at) WHERE resolved_at IS NULL;
        """,
        // Version 5, one deliverer at a time (issue 14): who holds a notification and until when. A deliverer's claim
        // (`log`, `watch`, `serve`) runs until claimed_until; `notify flush` takes every pending notification
        // whatever its backoff, but never one a live deliverer holds (a flush's own claim it may take: flushes hold
        // the store's notify-flush role, one at a time, so another flush's claim is a dead one's).
        5: """
        ALTER TABLE notify_outbox ADD COLUMN claimed_until INTEGER;
        ALTER TABLE notify_outbox ADD COLUMN claimed_by TEXT;
        """,
        // Version 6, undo by what was logged (issue 20 item 2): every event `log` inserted by hand, in the order
        // logged (ids are the store's own numbering, never an import's), so `undo` never follows the events' ids,
        // which an import or a migration may bring in any order. Seeded with the hand-logged events by id, the rule
        // `undo` followed until now.
        6: """
        CREATE TABLE logged_events (
            id INTEGER PRIMARY KEY,
            event_id INTEGER NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE
        );
        INSERT INTO logged_events (id, event_id)
            SELECT row_number() OVER (ORDER BY id), id FROM events WHERE source = 'manual';
        """,
    ]

    /// Brings a connection's schema up to date; refuses a newer one.
    static func migrate(_ connection: SQLiteConnection) throws(ReviewError) {
        var version = try connection.scalarInt("PRAGMA user_version") ?? 0
        if version > currentVersion { throw newer(version, connection.path) }
        while version < currentVersion {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(ReviewError) {
                // Another process may have migrated while this one waited for the lock.
                version = try connection.scalarInt("PRAGMA user_version") ?? 0
                if version > currentVersion { throw newer(version, connection.path) }
                if version < currentVersion {
                    try connection.execute(migrations[version + 1]!)
                    try connection.execute("PRAGMA user_version = \(version + 1)")
                    version += 1
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    private static func newer(_ version: Int64, _ path: String) -> ReviewError {
        ReviewError(
            .newerSchema,
            "the review store \(path) has schema version \(version), newer than this review's \(currentVersion); "
                + "upgrade Gatehouse to use it")
    }
}
