import ReviewLog

/// The review store in a PostgreSQL database, shared by a team: several developers, a CI job logging submissions,
/// `review watch` and `review serve` on a server, all on one history.
///
/// The same store as on SQLite (one `RelationalReviewStore`, on the libpq driver `PostgreSQLDatabase`), so the same
/// calls give the same answers; the same schema and version numbers (`SchemaMigration`). Thread-safe: one connection,
/// used through the driver's serialized `read { }` / `write { }`; writes from every process are serialized by an
/// advisory lock and retried on a serialization failure or deadlock.
extension RelationalReviewStore {
    /// Connects to the database at `url` and brings its schema up to date (creating it in an empty database).
    /// - Parameter url: a `postgres://` or `postgresql://` URL, the scheme in any case (host, port, user, database,
    ///   libpq's parameters; the password from the URL, `PGPASSWORD` or `~/.pgpass`).
    /// - Throws: `ReviewError` `serverUnavailable` (cannot connect: the reason names the host, never the password),
    ///   `invalidValue` (not a PostgreSQL URL, or one that does not parse: the reason quotes no part of it),
    ///   `newerSchema`, `storeFailure`.
    public convenience init(postgreSQLURL url: String) throws(ReviewError) {
        try self.init(postgreSQLURL: PostgreSQLURL(parsing: url), creating: true)!
    }

    /// Connects to the database at `url` when it already holds a review store, bringing its schema up to date; nil,
    /// creating nothing, when it holds none (read-only commands refuse it, as they refuse a missing file). One
    /// connection serves both the check and the store.
    /// - Parameter url: a `postgres://` or `postgresql://` URL, as for `init(postgreSQLURL:)`.
    /// - Throws: as `init(postgreSQLURL:)`.
    public convenience init?(existingPostgreSQLURL url: String) throws(ReviewError) {
        try self.init(postgreSQLURL: PostgreSQLURL(parsing: url), creating: false)
    }

    /// Connects to a parsed URL (`StoreLocation`); nil when `creating` is false and the database holds no store.
    package convenience init?(postgreSQLURL url: PostgreSQLURL, creating: Bool) throws(ReviewError) {
        let connection = try PostgreSQLConnection(url: url)
        if !creating, try !PostgreSQLSchema.exists(connection) { return nil }
        try PostgreSQLSchema.migrate(connection)
        self.init(database: PostgreSQLDatabase(connection: connection), location: url.redacted)
    }

    /// Whether `text` names a PostgreSQL database (`postgres://` or `postgresql://`, in any case) rather than a
    /// SQLite file.
    /// - Parameter text: a `--db` or `REVIEW_DB` value.
    /// - Returns: whether it is a PostgreSQL URL.
    public static func isPostgreSQLURL(_ text: String) -> Bool { PostgreSQLURL.isURL(text) }

    /// What may be shown of a store's location: a PostgreSQL URL rebuilt from its parts without the password, a path
    /// as it is (`StoreLocation.displayed`).
    /// - Parameter location: a `--db` value.
    /// - Returns: the location for messages.
    public static func displayedLocation(_ location: String) -> String {
        StoreLocation.displayed(location)
    }

    /// Whether the database at `url` holds a review store, without creating one (read-only commands refuse a
    /// database without one, as they refuse a missing file).
    /// - Parameter url: a PostgreSQL URL.
    /// - Returns: whether the store's schema is there; false for text that is not a PostgreSQL URL.
    /// - Throws: `ReviewError.serverUnavailable` when the server cannot be used, `invalidValue` when `url` does not
    ///   parse.
    public static func hasStore(postgreSQLURL url: String) throws(ReviewError) -> Bool {
        guard isPostgreSQLURL(url) else { return false }
        return try PostgreSQLSchema.exists(PostgreSQLConnection(url: PostgreSQLURL(parsing: url)))
    }
}
