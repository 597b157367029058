import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// A store's schema as its database's own client sees it (`sqlite3`, `psql`), apart from the code under test: the
/// fixtures of the migration tests (a store exactly as an older Gatehouse left it) and what they check (the version,
/// the tables and columns, the rows).
extension StoreKind {
    /// A new store at schema version `version`, as the Gatehouse that shipped it left it: the DDL of the steps up to
    /// it run by the database's client (not by `SchemaMigrator`, which the tests check), the version recorded where
    /// that Gatehouse recorded it, then `sql`. Version 0 is a database without a store (on SQLite, a file with
    /// Gatehouse's application id and no tables: a state only a migration in progress sees).
    /// - Parameters:
    ///   - version: 0 to the latest version.
    ///   - directory: the test's temporary directory.
    ///   - sql: statements to run after (rows for the tables of that version, written in SQL both databases accept).
    /// - Returns: the location, as `open(_:)` takes it.
    /// - Throws: when the client fails (or the PostgreSQL test is skipped).
    public func shippedStore(version: Int64, in directory: TemporaryDirectory, then sql: String = "") throws -> String {
        let steps = SchemaMigration.allCases.prefix { $0.rawValue <= version }
        switch self {
        case .sqlite:
            let location = directory.file("v\(version)-\(UUID().uuidString).sqlite3").path
            // 0x47485256 is "GHRV", DatabaseFile.applicationID; WAL as every store since 0.1.0.
            let script =
                ["PRAGMA application_id = 1195922006;"] + steps.map(\.sqlite)
                + ["PRAGMA user_version = \(version);", "PRAGMA journal_mode = WAL;", sql]
            _ = try query(script.joined(separator: "\n"), at: location)
            return location
        case .postgreSQL:
            let server = try PostgreSQLServer.sharedOrSkip()
            let database = try server.createDatabase()
            if version > 0 {
                let script =
                    steps.map(\.postgreSQL) + [
                        "CREATE TABLE gatehouse_schema (version BIGINT NOT NULL);",
                        "INSERT INTO gatehouse_schema (version) VALUES (\(version));", sql,
                    ]
                try server.query(script.joined(separator: "\n"), database: database.name)
            }
            return database.url
        }
    }

    /// Runs SQL with the database's own client: `sqlite3` on the file, `psql` on the database (stopping at the first
    /// error).
    /// - Returns: the rows, one a line, columns separated by `|` (booleans are `1`/`0` from SQLite, `t`/`f` from
    ///   PostgreSQL), without the final newline.
    /// - Throws: when the client fails, with its message.
    @discardableResult
    public func query(_ sql: String, at location: String) throws -> String {
        switch self {
        case .sqlite:
            guard let sqlite3 = ProcessRunner.installedProgram("sqlite3") else {
                throw SchemaClientFailure("sqlite3 is not installed")
            }
            let result = try ProcessRunner.run(
                executableAt: sqlite3, ["-batch", "-bail", location], standardInput: Data(sql.utf8))
            guard result.status == 0 else {
                throw SchemaClientFailure("sqlite3 on \(location) failed: \(result.standardError)")
            }
            var output = result.standardOutput
            if output.hasSuffix("\n") { output.removeLast() }
            return output
        case .postgreSQL:
            let name = String(location.split(separator: "/").last ?? "")
            return try PostgreSQLServer.sharedOrSkip().query(sql, database: name)
        }
    }

    /// The schema version the store records: `PRAGMA user_version`, or `gatehouse_schema`'s (0 without that table).
    /// - Throws: when the client fails.
    public func schemaVersion(at location: String) throws -> Int64 {
        let text: String
        switch self {
        case .sqlite:
            text = try query("PRAGMA user_version", at: location)
        case .postgreSQL:
            guard try query("SELECT to_regclass('gatehouse_schema') IS NOT NULL", at: location) == "t" else {
                return 0
            }
            text = try query("SELECT max(version) FROM gatehouse_schema", at: location)
        }
        return Int64(text) ?? -1
    }

    /// The store's tables, each with its columns sorted by name: `name`, or `name NOT NULL` for a column that must
    /// hold a value outside the primary key (SQLite lets a primary key that is not an INTEGER hold NULL, where
    /// PostgreSQL never does, so a key column's nullability is not compared). PostgreSQL's version table, which
    /// SQLite keeps in the file's header, is left out.
    /// - Throws: when the client fails.
    public func schemaShape(at location: String) throws -> [String: [String]] {
        let sql =
            switch self {
            case .sqlite:
                """
                SELECT m.name, p.name, p."notnull" AND p.pk = 0 FROM sqlite_master m JOIN pragma_table_info(m.name) p
                WHERE m.type = 'table'
                """
            case .postgreSQL:
                """
                SELECT c.table_name, c.column_name, c.is_nullable = 'NO' AND NOT EXISTS (
                    SELECT 1 FROM information_schema.table_constraints t JOIN information_schema.key_column_usage k
                        ON k.constraint_schema = t.constraint_schema AND k.constraint_name = t.constraint_name
                    WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = c.table_schema
                        AND t.table_name = c.table_name AND k.column_name = c.column_name)
                FROM information_schema.columns c
                WHERE c.table_schema = current_schema() AND c.table_name <> 'gatehouse_schema'
                """
            }
        var shape: [String: [String]] = [:]
        for line in try query(sql, at: location).split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { throw SchemaClientFailure("unexpected catalog row: \(line)") }
            let required = fields[2] == "1" || fields[2] == "t"
            shape[fields[0], default: []].append(fields[1] + (required ? " NOT NULL" : ""))
        }
        return shape.mapValues { $0.sorted() }
    }
}

/// A database client (`sqlite3`, `psql`) that could not run or refused the SQL.
struct SchemaClientFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
