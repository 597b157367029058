import ReviewLog

/// The review store's schema on PostgreSQL: the steps of `SchemaMigration` (ReviewLog), whose PostgreSQL DDL gives
/// the same tables, columns, keys and version numbers as SQLite's in PostgreSQL's types. The version is kept in
/// `gatehouse_schema` (SQLite keeps it in `PRAGMA user_version`).
enum PostgreSQLSchema {
    /// Whether the database holds a review store (its version table).
    static func exists(_ connection: PostgreSQLConnection) throws(ReviewError) -> Bool {
        try connection.scalar("SELECT to_regclass('gatehouse_schema') IS NOT NULL") == "t"
    }

    /// Brings the schema up to date, each step in its own transaction under the writers' lock (so two processes
    /// opening a new database at once migrate it once); refuses a newer schema (`SchemaMigrator`).
    static func migrate(_ connection: PostgreSQLConnection) throws(ReviewError) {
        try SchemaMigrator(driver: PostgreSQLMigrationDriver(connection: connection)).migrate()
    }
}
