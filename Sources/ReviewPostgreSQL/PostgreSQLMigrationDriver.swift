import ReviewLog

/// `SchemaMigrator`'s hooks on a PostgreSQL connection: the version is the one row of `gatehouse_schema` (no table:
/// no store, version 0), and the migration lock is the writers' advisory lock (`PostgreSQLDatabase.writeLockKey`),
/// taken as the transaction's first statement and released when it ends, so migrations and writes from every process
/// and machine are serialized alike. DDL is transactional on PostgreSQL, so a failing step leaves nothing behind.
struct PostgreSQLMigrationDriver: SchemaMigrationDriver {
    let connection: PostgreSQLConnection

    var location: String { connection.url.redacted }

    func ddl(of step: SchemaMigration) -> String { step.postgreSQL }

    func readVersion() throws(ReviewError) -> Int64 {
        guard try PostgreSQLSchema.exists(connection) else { return 0 }
        return Int64(try connection.scalar("SELECT max(version) FROM gatehouse_schema") ?? "0") ?? 0
    }

    func writeVersion(_ version: Int64) throws(ReviewError) {
        try connection.execute("DELETE FROM gatehouse_schema")
        try connection.execute("INSERT INTO gatehouse_schema (version) VALUES (\(version))")
    }

    func execute(_ ddl: String) throws(ReviewError) { try connection.execute(ddl) }

    /// Creates the version table too, under the lock: the first process to migrate an empty database makes it.
    func beginMigration() throws(ReviewError) {
        try connection.execute("BEGIN")
        try connection.execute("SELECT pg_advisory_xact_lock(\(PostgreSQLDatabase.writeLockKey))")
        try connection.execute("CREATE TABLE IF NOT EXISTS gatehouse_schema (version BIGINT NOT NULL)")
    }

    func commitMigration() throws(ReviewError) { try connection.execute("COMMIT") }

    func rollbackMigration() {
        if connection.isConnected { try? connection.execute("ROLLBACK") }
    }
}
