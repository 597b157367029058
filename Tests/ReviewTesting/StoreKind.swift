import Foundation
import GatehouseTesting
import ReviewLog
import ReviewPostgreSQL
import Testing

/// The two review stores, for the store's contract tests: one suite, each test run on both (issue 14).
///
/// A SQLite store is a new file in the test's temporary directory; a PostgreSQL store is a new database on the
/// process's shared throwaway cluster (`PostgreSQLServer.sharedOrSkip()`: skipped where PostgreSQL cannot be started
/// or `GATEHOUSE_SKIP_POSTGRESQL` is set, a failure instead when `CI=true`).
public enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite = "SQLite"
    case postgreSQL = "PostgreSQL"

    public var testDescription: String { rawValue }

    /// A location for a new, empty store: a path in `directory`, or the URL of a new database.
    /// - Parameters:
    ///   - directory: the test's temporary directory.
    ///   - name: the SQLite file's name.
    /// - Returns: what `--db` takes.
    /// - Throws: when the PostgreSQL server cannot be used (or the test is skipped).
    public func newLocation(in directory: TemporaryDirectory, name: String = "review.sqlite3") throws -> String {
        switch self {
        case .sqlite: return directory.file(name).path
        case .postgreSQL: return try PostgreSQLServer.sharedOrSkip().createDatabase().url
        }
    }

    /// Opens (creating when needed) the store at `location`.
    /// - Parameter location: a path or URL from `newLocation(in:)`.
    /// - Returns: the store.
    /// - Throws: `ReviewError` from opening it.
    public func open(_ location: String) throws -> RelationalReviewStore {
        switch self {
        case .sqlite: return try RelationalReviewStore(sqlitePath: location)
        case .postgreSQL: return try RelationalReviewStore(postgreSQLURL: location)
        }
    }

    /// A new, empty store.
    /// - Parameter directory: the test's temporary directory.
    /// - Returns: the store.
    /// - Throws: when it cannot be made (or the test is skipped).
    public func makeStore(in directory: TemporaryDirectory) throws -> RelationalReviewStore {
        try open(newLocation(in: directory))
    }
}
