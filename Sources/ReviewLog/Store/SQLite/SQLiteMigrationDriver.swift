/// `SchemaMigrator`'s hooks on a SQLite connection: the version is `PRAGMA user_version` (in the file's header, so a
/// new file reads 0), and the migration lock is SQLite's write lock, taken by `BEGIN IMMEDIATE` as every writer's is
/// (a second process waits on the busy timeout, then reads the version the first committed).
struct SQLiteMigrationDriver: SchemaMigrationDriver {
    let connection: SQLiteConnection

    var location: String { connection.path }

    func ddl(of step: SchemaMigration) -> String { step.sqlite }

    func readVersion() throws(ReviewError) -> Int64 { try connection.scalarInt("PRAGMA user_version") ?? 0 }

    func writeVersion(_ version: Int64) throws(ReviewError) {
        try connection.execute("PRAGMA user_version = \(version)")
    }

    func execute(_ ddl: String) throws(ReviewError) { try connection.execute(ddl) }

    func beginMigration() throws(ReviewError) { try connection.execute("BEGIN IMMEDIATE") }

    func commitMigration() throws(ReviewError) { try connection.execute("COMMIT") }

    func rollbackMigration() { try? connection.execute("ROLLBACK") }
}
