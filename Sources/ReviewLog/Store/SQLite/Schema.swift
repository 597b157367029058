/// The store's schema on SQLite: the steps of `SchemaMigration`, versioned with `PRAGMA user_version`.
package enum Schema {
    /// The newest schema this code knows (`SchemaMigration.latest`).
    package static let currentVersion: Int64 = SchemaMigration.latest.rawValue

    /// Brings a connection's schema up to date, each step in its own `BEGIN IMMEDIATE` transaction; refuses a newer
    /// one (`SchemaMigrator`).
    static func migrate(_ connection: SQLiteConnection) throws(ReviewError) {
        try SchemaMigrator(driver: SQLiteMigrationDriver(connection: connection)).migrate()
    }
}
