/// What `SchemaMigrator` needs of a database: where the schema version is kept, how a step's transaction takes the
/// migration lock, and which dialect's DDL it runs. A driver gives the hooks; the migrator decides what runs when, so
/// both stores migrate by the same rules (GRDB's `DatabaseMigrator` over its `DatabaseWriter`).
///
/// The hooks other than `readVersion()` are called only inside a migration transaction (`beginMigration()` to
/// `commitMigration()` or `rollbackMigration()`), on one connection, by one thread at a time.
package protocol SchemaMigrationDriver {
    /// The store as messages show it: a path, or a URL without its password.
    var location: String { get }

    /// The step's DDL in this database's dialect.
    func ddl(of step: SchemaMigration) -> String

    /// The schema version the database records: 0 when it holds no store yet. Called before any transaction (a store
    /// that is up to date, or newer, is never locked) and again inside each, after the lock is taken.
    /// - Throws: `ReviewError` from the database.
    func readVersion() throws(ReviewError) -> Int64

    /// Records `version` as the schema's, in the migration transaction (so it commits with the step's DDL, or not at
    /// all).
    /// - Throws: `ReviewError` from the database.
    func writeVersion(_ version: Int64) throws(ReviewError)

    /// Runs a step's DDL (several statements) in the migration transaction.
    /// - Throws: `ReviewError` from the database; the migrator then rolls the transaction back.
    func execute(_ ddl: String) throws(ReviewError)

    /// Begins a transaction that holds the store's migration lock until it ends, so that of two processes migrating
    /// one database at once, the second waits and then reads the version the first committed.
    /// - Throws: `ReviewError` from the database (a lock not granted within the driver's timeout included).
    func beginMigration() throws(ReviewError)

    /// Commits the migration transaction, releasing the lock.
    /// - Throws: `ReviewError` from the database; the migrator then rolls back.
    func commitMigration() throws(ReviewError)

    /// Rolls the migration transaction back after a failure, releasing the lock. Best effort: the failure being
    /// reported is the one that matters, and a connection that was lost has nothing left to roll back.
    func rollbackMigration()
}
