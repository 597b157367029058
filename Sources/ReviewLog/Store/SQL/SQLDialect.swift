/// The fragments of SQL where SQLite and PostgreSQL differ; everything else the store says once, in SQL both accept.
///
/// App names compare case-insensitively in ASCII only (SQLite's NOCASE: `Éclair` and `éclair` are two apps), and
/// order the same way, so that both stores list apps identically (issue 14: byte-identical output); every other text
/// column compares and orders by its bytes (SQLite's BINARY, PostgreSQL's `"C"` collation).
package struct SQLDialect: Sendable {
    /// A condition that an app-name column equals the next `?` parameter, case-insensitively.
    package var nameEquals: @Sendable (_ column: String) -> String
    /// An `ORDER BY` term for an app-name column.
    package var nameOrder: @Sendable (_ column: String) -> String
    /// An aggregate of a column's distinct values, joined with commas.
    package var distinctList: @Sendable (_ column: String) -> String
    /// A query listing every (table, column) whose foreign key refers to `apps`, ordered by table.
    package var foreignKeysToApps: String
    /// The expression of a new row's id in a table: SQLite assigns a rowid (the highest plus one) for NULL; on
    /// PostgreSQL the same rule is written out, so both stores number rows alike.
    package var nextID: @Sendable (_ table: String) -> String

    package init(
        nameEquals: @escaping @Sendable (String) -> String, nameOrder: @escaping @Sendable (String) -> String,
        distinctList: @escaping @Sendable (String) -> String, foreignKeysToApps: String,
        nextID: @escaping @Sendable (String) -> String
    ) {
        self.nameEquals = nameEquals
        self.nameOrder = nameOrder
        self.distinctList = distinctList
        self.foreignKeysToApps = foreignKeysToApps
        self.nextID = nextID
    }

    /// SQLite: the `apps.name` column is `COLLATE NOCASE`, so plain comparison and ordering are case-insensitive.
    static let sqlite = SQLDialect(
        nameEquals: { "\($0) = ?" }, nameOrder: { $0 }, distinctList: { "group_concat(DISTINCT \($0))" },
        foreignKeysToApps: """
            SELECT m.name, f."from" FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' AND f."table" = 'apps' ORDER BY m.name
            """,
        nextID: { _ in "NULL" })
}
