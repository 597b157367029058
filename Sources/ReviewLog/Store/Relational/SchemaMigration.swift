/// The review store's schema, one step per version: the only list of migrations, for both drivers.
///
/// Step `n` takes a store from version `n - 1` to `n`; the raw values are the versions written in shipped files
/// (SQLite's `PRAGMA user_version`, PostgreSQL's `gatehouse_schema`), so they never change, and two cases with the
/// same version do not compile. Each step gives its DDL for SQLite and for PostgreSQL in an exhaustive `switch`, so a
/// new case that lacks either does not compile; `SchemaMigrator` runs them in order. A shipped step is never edited:
/// a change is a new case after the last (GRDB's `DatabaseMigrator` rule: "never change a migration that has been
/// shipped").
///
/// PostgreSQL's DDL differs from SQLite's only so that both stores answer alike: integers are `BIGINT` (SQLite's are
/// 64-bit); ids are plain keys numbered by the store as SQLite numbers rowids (`SQLDialect.nextID`), so both number
/// rows alike; every text column is `COLLATE "C"` (compared and ordered by bytes, as SQLite's BINARY, whatever the
/// database's locale); app names are unique case-insensitively through an index on `lower(name)`, which under "C"
/// folds ASCII only, as SQLite's NOCASE.
package enum SchemaMigration: Int64, CaseIterable, Sendable {
    /// Version 1, the first store (0.1.0): apps, and the events logged for their versions.
    case appsAndEvents = 1
    /// Version 2, App Store Connect sync: how exactly each time is known (observed = 1: first seen by a poll at
    /// `at`, having happened after observed_after, unknown when NULL), the App Store Connect ids of the version and
    /// review submission, and per-entity sync state (what the last successful look saw, and when).
    case appStoreConnectSync = 2
    /// Version 3, notifications out: the channels, the transactional outbox (a row per channel and event, written
    /// in the transaction that records the event; removed with its event or channel), and the reminders already
    /// enqueued (one per threshold per cycle, the cycle named by the event that opened it). CREATE TABLE only, so
    /// the migration can be renumbered at a merge; the outbox is small enough to be read without an index.
    case notifications = 3
    /// Version 4, App Store Connect webhooks (`review serve`): every verified delivery, kept by the event's
    /// `data.id` (stored once however often Apple retries it). kind is 'stateChange' or 'ping'; timestamp_ms is
    /// the payload's timestamp to the millisecond (the event's `at` is its second); a state change whose version
    /// is not resolved yet has resolved_at NULL (pending: resolved later by `serve` or `sync`, never dropped);
    /// event_id is the event it recorded, if any.
    case webhookDeliveries = 4
    /// Version 5, one deliverer at a time (issue 14): who holds a notification and until when. A deliverer's claim
    /// (`log`, `watch`, `serve`) runs until claimed_until; `notify flush` takes every pending notification
    /// whatever its backoff, but never one a live deliverer holds (a flush's own claim it may take: flushes hold
    /// the store's notify-flush role, one at a time, so another flush's claim is a dead one's).
    case notificationClaims = 5
    /// Version 6, undo by what was logged (issue 20 item 2): every event `log` inserted by hand, in the order
    /// logged (ids are the store's own numbering, never an import's), so `undo` never follows the events' ids,
    /// which an import or a migration may bring in any order. Seeded with the hand-logged events by id, the rule
    /// `undo` followed until now.
    case loggedEvents = 6
    /// Version 7, the signing tracker (issue 22): the items watched (App Store Connect certificates and profiles,
    /// local files; unique per source and reference: the App Store Connect id, or the file's absolute path), their
    /// history (an observation per first sight, change of expiry or INVALID mark, gone, missing, back), each source's
    /// last complete pass (kept apart, so that a pass that sees nothing new writes no item), the alerts recorded (once
    /// per item, expiry generation, alert and threshold), their outbox (a row per channel and alert, delivered as the
    /// review notifications are), the store's settings (the alert days), and a channel's choice to take signing
    /// alerts (`notify add --no-signing`).
    case signingTracker = 7
    /// Version 8, tracks (issue 24): every event belongs to a track, `app-store` (every event recorded before) or
    /// `testflight` (Beta App Review of a build: `version` is the pre-release version, `build` the build number).
    /// The events' key gains the track and `cycle_build`, the build as part of the identity (the build number on
    /// TestFlight, where a build is a cycle; '' on the App Store, whose key stays app, platform, version, state and
    /// time), so the SQLite table is rebuilt (a UNIQUE constraint cannot be altered there: SQLite's "Making Other
    /// Kinds Of Table Schema Changes", https://www.sqlite.org/lang_altertable.html#otheralter, with foreign keys
    /// off for the step and checked before it commits, as `SQLiteMigrationDriver` runs every step); PostgreSQL drops
    /// and adds the constraint. Also: the build's App Store Connect id on its events; each TestFlight build's sync
    /// state (what the last look saw, unknown future values kept as sent); when an app's builds were last looked at;
    /// which tracks a channel takes (NULL: both); and a webhook delivery's build beta detail id.
    case tracks = 8

    /// The newest step this code knows: its version is the schema version new stores get. (`allCases` is never
    /// empty: the enum has cases.)
    package static let latest = allCases[allCases.count - 1]

    /// The step's DDL for SQLite (several statements, run in one transaction).
    package var sqlite: String {
        switch self {
        case .appsAndEvents:
            return """
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
                """
        case .appStoreConnectSync:
            return """
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
                """
        case .notifications:
            return """
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
                """
        case .webhookDeliveries:
            return """
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
                """
        case .notificationClaims:
            return """
                ALTER TABLE notify_outbox ADD COLUMN claimed_until INTEGER;
                ALTER TABLE notify_outbox ADD COLUMN claimed_by TEXT;
                """
        case .loggedEvents:
            return """
                CREATE TABLE logged_events (
                    id INTEGER PRIMARY KEY,
                    event_id INTEGER NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE
                );
                INSERT INTO logged_events (id, event_id)
                    SELECT row_number() OVER (ORDER BY id), id FROM events WHERE source = 'manual';
                """
        case .signingTracker:
            return """
                CREATE TABLE signing_items (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    source TEXT NOT NULL,
                    reference TEXT NOT NULL,
                    name TEXT NOT NULL,
                    custom_name TEXT,
                    detail TEXT NOT NULL,
                    renewal_group TEXT,
                    invalid INTEGER NOT NULL DEFAULT 0,
                    expires INTEGER NOT NULL,
                    own_expires INTEGER NOT NULL,
                    decided_by TEXT,
                    generation INTEGER NOT NULL DEFAULT 1,
                    first_seen INTEGER NOT NULL,
                    gone_at INTEGER,
                    missing_since INTEGER,
                    last_seen INTEGER,
                    UNIQUE (source, reference)
                );
                CREATE TABLE signing_observations (
                    id INTEGER PRIMARY KEY,
                    item_id INTEGER NOT NULL REFERENCES signing_items(id) ON DELETE CASCADE,
                    at INTEGER NOT NULL,
                    what TEXT NOT NULL,
                    expires INTEGER
                );
                CREATE TABLE signing_sources (
                    source TEXT PRIMARY KEY,
                    last_complete_at INTEGER NOT NULL
                );
                CREATE TABLE signing_alerts (
                    item_id INTEGER NOT NULL REFERENCES signing_items(id) ON DELETE CASCADE,
                    generation INTEGER NOT NULL,
                    alert TEXT NOT NULL,
                    threshold INTEGER NOT NULL,
                    at INTEGER NOT NULL,
                    PRIMARY KEY (item_id, generation, alert, threshold)
                );
                CREATE TABLE signing_outbox (
                    id INTEGER PRIMARY KEY,
                    channel_id INTEGER NOT NULL REFERENCES notify_channels(id) ON DELETE CASCADE,
                    item_id INTEGER NOT NULL REFERENCES signing_items(id) ON DELETE CASCADE,
                    generation INTEGER NOT NULL,
                    alert TEXT NOT NULL,
                    threshold INTEGER NOT NULL,
                    recorded_at INTEGER NOT NULL,
                    status TEXT NOT NULL DEFAULT 'pending',
                    attempts INTEGER NOT NULL DEFAULT 0,
                    first_attempt_at INTEGER,
                    next_attempt_at INTEGER NOT NULL DEFAULT 0,
                    last_error TEXT,
                    delivered_at INTEGER,
                    claimed_until INTEGER,
                    claimed_by TEXT,
                    UNIQUE (channel_id, item_id, generation, alert, threshold)
                );
                CREATE TABLE settings (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                );
                ALTER TABLE notify_channels ADD COLUMN signing INTEGER NOT NULL DEFAULT 1;
                """
        case .tracks:
            return """
                CREATE TABLE events_with_tracks (
                    id INTEGER PRIMARY KEY,
                    app_id INTEGER NOT NULL REFERENCES apps(id),
                    platform TEXT NOT NULL,
                    version TEXT NOT NULL,
                    build TEXT,
                    state TEXT NOT NULL,
                    at INTEGER NOT NULL,
                    note TEXT,
                    source TEXT NOT NULL,
                    observed INTEGER NOT NULL DEFAULT 0,
                    observed_after INTEGER,
                    asc_version_id TEXT,
                    asc_submission_id TEXT,
                    track TEXT NOT NULL DEFAULT 'app-store',
                    cycle_build TEXT NOT NULL DEFAULT '',
                    asc_build_id TEXT,
                    UNIQUE (app_id, track, platform, version, cycle_build, state, at)
                );
                INSERT INTO events_with_tracks (id, app_id, platform, version, build, state, at, note, source, observed,
                    observed_after, asc_version_id, asc_submission_id)
                    SELECT id, app_id, platform, version, build, state, at, note, source, observed, observed_after,
                        asc_version_id, asc_submission_id FROM events;
                DROP TABLE events;
                ALTER TABLE events_with_tracks RENAME TO events;
                CREATE INDEX events_by_version ON events (app_id, platform, version, at);
                CREATE TABLE sync_builds (
                    asc_build_id TEXT PRIMARY KEY,
                    app_id INTEGER NOT NULL REFERENCES apps(id),
                    platform TEXT NOT NULL,
                    version TEXT NOT NULL,
                    build TEXT NOT NULL,
                    uploaded_at INTEGER,
                    review_state TEXT,
                    external_state TEXT,
                    asc_submission_id TEXT,
                    last_changed_at INTEGER NOT NULL,
                    last_fetched_at INTEGER NOT NULL
                );
                ALTER TABLE sync_apps ADD COLUMN builds_fetched_at INTEGER;
                ALTER TABLE notify_channels ADD COLUMN tracks TEXT;
                ALTER TABLE webhook_deliveries ADD COLUMN asc_build_detail_id TEXT;
                """
        }
    }

    /// The step's DDL for PostgreSQL (several statements, run in one transaction).
    package var postgreSQL: String {
        switch self {
        case .appsAndEvents:
            return """
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
                """
        case .appStoreConnectSync:
            return """
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
                """
        case .notifications:
            return """
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
                """
        case .webhookDeliveries:
            return """
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
                """
        case .notificationClaims:
            return """
                ALTER TABLE notify_outbox ADD COLUMN claimed_until BIGINT;
                ALTER TABLE notify_outbox ADD COLUMN claimed_by TEXT COLLATE "C";
                """
        case .loggedEvents:
            return """
                CREATE TABLE logged_events (
                    id BIGINT PRIMARY KEY,
                    event_id BIGINT NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE
                );
                INSERT INTO logged_events (id, event_id)
                    SELECT row_number() OVER (ORDER BY id), id FROM events WHERE source = 'manual';
                """
        case .signingTracker:
            return """
                CREATE TABLE signing_items (
                    id BIGINT PRIMARY KEY,
                    kind TEXT COLLATE "C" NOT NULL,
                    source TEXT COLLATE "C" NOT NULL,
                    reference TEXT COLLATE "C" NOT NULL,
                    name TEXT COLLATE "C" NOT NULL,
                    custom_name TEXT COLLATE "C",
                    detail TEXT COLLATE "C" NOT NULL,
                    renewal_group TEXT COLLATE "C",
                    invalid BIGINT NOT NULL DEFAULT 0,
                    expires BIGINT NOT NULL,
                    own_expires BIGINT NOT NULL,
                    decided_by TEXT COLLATE "C",
                    generation BIGINT NOT NULL DEFAULT 1,
                    first_seen BIGINT NOT NULL,
                    gone_at BIGINT,
                    missing_since BIGINT,
                    last_seen BIGINT,
                    UNIQUE (source, reference)
                );
                CREATE TABLE signing_observations (
                    id BIGINT PRIMARY KEY,
                    item_id BIGINT NOT NULL REFERENCES signing_items(id) ON DELETE CASCADE,
                    at BIGINT NOT NULL,
                    what TEXT COLLATE "C" NOT NULL,
                    expires BIGINT
                );
                CREATE TABLE signing_sources (
                    source TEXT COLLATE "C" PRIMARY KEY,
                    last_complete_at BIGINT NOT NULL
                );
                CREATE TABLE signing_alerts (
                    item_id BIGINT NOT NULL REFERENCES signing_items(id) ON DELETE CASCADE,
                    generation BIGINT NOT NULL,
                    alert TEXT COLLATE "C" NOT NULL,
                    threshold BIGINT NOT NULL,
                    at BIGINT NOT NULL,
                    PRIMARY KEY (item_id, generation, alert, threshold)
                );
                CREATE TABLE signing_outbox (
                    id BIGINT PRIMARY KEY,
                    channel_id BIGINT NOT NULL REFERENCES notify_channels(id) ON DELETE CASCADE,
                    item_id BIGINT NOT NULL REFERENCES signing_items(id) ON DELETE CASCADE,
                    generation BIGINT NOT NULL,
                    alert TEXT COLLATE "C" NOT NULL,
                    threshold BIGINT NOT NULL,
                    recorded_at BIGINT NOT NULL,
                    status TEXT COLLATE "C" NOT NULL DEFAULT 'pending',
                    attempts BIGINT NOT NULL DEFAULT 0,
                    first_attempt_at BIGINT,
                    next_attempt_at BIGINT NOT NULL DEFAULT 0,
                    last_error TEXT COLLATE "C",
                    delivered_at BIGINT,
                    claimed_until BIGINT,
                    claimed_by TEXT COLLATE "C",
                    UNIQUE (channel_id, item_id, generation, alert, threshold)
                );
                CREATE TABLE settings (
                    key TEXT COLLATE "C" PRIMARY KEY,
                    value TEXT COLLATE "C" NOT NULL
                );
                ALTER TABLE notify_channels ADD COLUMN signing BIGINT NOT NULL DEFAULT 1;
                """
        case .tracks:
            return """
                ALTER TABLE events ADD COLUMN track TEXT COLLATE "C" NOT NULL DEFAULT 'app-store';
                ALTER TABLE events ADD COLUMN cycle_build TEXT COLLATE "C" NOT NULL DEFAULT '';
                ALTER TABLE events ADD COLUMN asc_build_id TEXT COLLATE "C";
                ALTER TABLE events DROP CONSTRAINT events_app_id_platform_version_state_at_key;
                ALTER TABLE events ADD UNIQUE (app_id, track, platform, version, cycle_build, state, at);
                CREATE TABLE sync_builds (
                    asc_build_id TEXT COLLATE "C" PRIMARY KEY,
                    app_id BIGINT NOT NULL REFERENCES apps(id),
                    platform TEXT COLLATE "C" NOT NULL,
                    version TEXT COLLATE "C" NOT NULL,
                    build TEXT COLLATE "C" NOT NULL,
                    uploaded_at BIGINT,
                    review_state TEXT COLLATE "C",
                    external_state TEXT COLLATE "C",
                    asc_submission_id TEXT COLLATE "C",
                    last_changed_at BIGINT NOT NULL,
                    last_fetched_at BIGINT NOT NULL
                );
                ALTER TABLE sync_apps ADD COLUMN builds_fetched_at BIGINT;
                ALTER TABLE notify_channels ADD COLUMN tracks TEXT COLLATE "C";
                ALTER TABLE webhook_deliveries ADD COLUMN asc_build_detail_id TEXT COLLATE "C";
                """
        }
    }
}
