/// The seam between the review store's logic (`RelationalReviewStore`, one body of SQL for every store) and the
/// database it runs on: SQLite in a file, or a PostgreSQL server (the `ReviewPostgreSQL` module). A driver gives
/// serialized sessions on its one connection, statements that bind `?` parameters and step through rows, the few
/// fragments of SQL where the two dialects differ (`SQLDialect`), and what only the database can do: hold a role
/// (`RoleLeasing`) and check its own pages. `package`, not public: a user opens a store (`RelationalReviewStore`'s
/// `init(sqlitePath:)`, `init(postgreSQLURL:)`), never a driver.
package protocol SQLDatabase: Sendable {
    /// The dialect's fragments.
    var dialect: SQLDialect { get }

    /// Takes `role` for this process, or confirms that it holds it (`RoleLeasing.holdRole(_:)`, whose rules the
    /// driver keeps with the database's own lock: a lock file on SQLite, a session advisory lock on PostgreSQL).
    /// - Parameter role: a name `RoleName.check(_:)` accepted.
    /// - Returns: true when this process holds the role; false while another holds it.
    /// - Throws: `ReviewError.storeUnavailable` (or the server's errors) when it cannot be told.
    func holdRole(_ role: String) throws(ReviewError) -> Bool

    /// The database's own check of its pages, if it has one.
    /// - Returns: `"ok"` or the first complaint; nil for a database without such a check.
    /// - Throws: `ReviewError` store errors.
    func integrityCheck() throws(ReviewError) -> String?

    /// Runs `body` with the connection outside any explicit transaction (each statement reads a consistent snapshot;
    /// readers never wait for writers).
    func read<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T

    /// Runs `body` in one read-only transaction: every statement sees the same snapshot, however others write
    /// meanwhile (`review migrate` reads every table so, and the rows it copies agree with each other).
    func readSnapshot<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T

    /// Runs `body` in one write transaction that holds the store's write lock from its first statement (writers are
    /// serialized, like SQLite's `BEGIN IMMEDIATE`), committing when it returns and rolling back when it throws. A
    /// driver may run `body` again after a transient conflict (a serialization failure or deadlock), so `body` must
    /// do nothing but work on the session.
    func write<T>(_ body: (any SQLSession) throws(ReviewError) -> sending T) throws(ReviewError) -> sending T
}

/// A connection as seen inside `read` / `write`.
package protocol SQLSession: AnyObject {
    /// Runs `body` with a statement for `sql` (parameters written `?`); the statement is reset when `body` returns,
    /// so no half-read result outlives the call.
    func with<T>(_ sql: String, _ body: (any SQLStatement) throws(ReviewError) -> T) throws(ReviewError) -> T

    /// How many rows the last statement run on this session inserted, updated or deleted.
    var changes: Int { get }
}

extension SQLSession {
    /// Runs `sql` to completion with `values` bound.
    package func run(_ sql: String, _ values: [SQLValue]) throws(ReviewError) {
        try with(sql) { (statement: any SQLStatement) throws(ReviewError) in try statement.run(values) }
    }

    /// Runs an `INSERT ... RETURNING id` and gives the new row's id, or nil when the insert did nothing (`ON
    /// CONFLICT DO NOTHING`). Both SQLite (3.35 and later) and PostgreSQL return the row, so no driver needs its own
    /// "last insert id".
    package func insert(_ sql: String, _ values: [SQLValue]) throws(ReviewError) -> Int64? {
        try with(sql) { (statement: any SQLStatement) throws(ReviewError) -> Int64? in
            try statement.bind(values)
            guard try statement.step() else { return nil }
            let id = statement.int64(0)
            while try statement.step() {}
            return id
        }
    }

    /// The first column of the first row of a query, as an integer (nil when there is no row).
    package func integer(_ sql: String, _ values: [SQLValue] = []) throws(ReviewError) -> Int64? {
        try with(sql) { (statement: any SQLStatement) throws(ReviewError) -> Int64? in
            try statement.bind(values)
            return try statement.step() ? statement.int64(0) : nil
        }
    }

    /// The first column of the first row of a query, as text (nil when there is no row or it is NULL).
    package func text(_ sql: String, _ values: [SQLValue] = []) throws(ReviewError) -> String? {
        try with(sql) { (statement: any SQLStatement) throws(ReviewError) -> String? in
            try statement.bind(values)
            return try statement.step() ? statement.text(0) : nil
        }
    }
}

/// One statement: bind the parameters, step through the rows, read the current row's columns (0-based).
package protocol SQLStatement: AnyObject {
    /// Binds values to parameters 1, 2, ... after resetting the statement.
    func bind(_ values: [SQLValue]) throws(ReviewError)
    /// Steps once: `true` when a row is available, `false` when done.
    func step() throws(ReviewError) -> Bool
    /// An integer column of the current row (a boolean reads as 1 or 0).
    func int64(_ column: Int32) -> Int64
    /// Whether a column of the current row is NULL.
    func isNull(_ column: Int32) -> Bool
    /// A text column of the current row.
    func text(_ column: Int32) -> String?
}

extension SQLStatement {
    /// Runs the statement to completion with `values` bound.
    package func run(_ values: [SQLValue]) throws(ReviewError) {
        try bind(values)
        while try step() {}
    }
}

/// A value bound to a statement parameter.
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)

    package init(_ text: String?) { self = text.map { .text($0) } ?? .null }
}
