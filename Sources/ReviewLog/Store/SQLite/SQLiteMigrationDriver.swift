/// `SchemaMigrator`'s hooks on a SQLite connection: the version is `PRAGMA user_version` (in the file's header, so a
/// new file reads 0), and the migration lock is SQLite's write lock, taken by `BEGIN IMMEDIATE` as every writer's is
/// (a second process waits on the busy timeout, then reads the version the first committed).
///
/// Foreign keys are off while a step runs and checked before it commits, as GRDB's `DatabaseMigrator` runs its
/// migrations: a step that rebuilds a table (SQLite's "Making Other Kinds Of Table Schema Changes",
/// https://www.sqlite.org/lang_altertable.html#otheralter) drops the old one, and with foreign keys on, that drop's
/// implicit DELETE would run the ON DELETE actions of every table referring to it (emptying the notification outbox).
/// `PRAGMA foreign_keys` cannot change inside a transaction, so it is set around it, on this connection only.
struct SQLiteMigrationDriver: SchemaMigrationDriver {
    let connection: SQLiteConnection

    var location: String { connection.path }

    func ddl(of step: SchemaMigration) -> String { step.sqlite }

    func readVersion() throws(ReviewError) -> Int64 { try connection.scalarInt("PRAGMA user_version") ?? 0 }

    func writeVersion(_ version: Int64) throws(ReviewError) {
        try connection.execute("PRAGMA user_version = \(version)")
    }

    func execute(_ ddl: String) throws(ReviewError) { try connection.execute(ddl) }

    func beginMigration() throws(ReviewError) {
        try connection.execute("PRAGMA foreign_keys = OFF")
        do throws(ReviewError) {
            try connection.execute("BEGIN IMMEDIATE")
        } catch {
            try? connection.execute("PRAGMA foreign_keys = ON")
            throw error
        }
    }

    func commitMigration() throws(ReviewError) {
        if let table = try connection.scalarText("PRAGMA foreign_key_check") {
            throw ReviewError(
                .storeFailure,
                "the schema step left a row of \(table) in \(connection.path) referring to a row that is not there; "
                    + "nothing was changed")
        }
        try connection.execute("COMMIT")
        try connection.execute("PRAGMA foreign_keys = ON")
    }

    func rollbackMigration() {
        try? connection.execute("ROLLBACK")
        try? connection.execute("PRAGMA foreign_keys = ON")
    }
}
