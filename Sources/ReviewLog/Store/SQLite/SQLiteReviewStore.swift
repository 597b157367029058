/// The review store in one SQLite file, safe for many processes at once.
///
/// - Durability: WAL journal with `synchronous = FULL`, so a logged event survives a crash or power loss as
///   soon as `record` returns (NORMAL would be crash-safe too but could lose the last commits on power loss).
/// - Concurrency: every write transaction begins with `BEGIN IMMEDIATE`, taking the write lock before it reads,
///   so concurrent writers queue on the busy timeout instead of failing the way a read-then-upgrade transaction
///   does; readers never block in WAL mode.
/// - Safety: a file that is not a Gatehouse store (checked from its header bytes before SQLite opens it) is
///   refused and never modified; damage SQLite detects (in the schema on open, or in the pages a command reads)
///   is refused before anything is written. `integrityCheck()` runs the full check on demand. A new store is created whole under a temporary
///   name and linked into place, so a half-created store is never seen.
///
/// Thread-safe: the store's one connection is used through `SQLiteDatabase`'s serialized `read { }` / `write { }`,
/// so one store object serves concurrent callers (`review serve`), and its statements are prepared once.
public final class SQLiteReviewStore: RelationalReviewStore, @unchecked Sendable {
    /// The file.
    public let path: String
    private let sqlite: SQLiteDatabase

    /// Opens the store at `path`, creating it (and its parent directories) when missing.
    /// - Parameters:
    ///   - path: the file.
    ///   - busyTimeoutMilliseconds: how long to wait for another process's lock.
    /// - Throws: `ReviewError` `notGatehouseDatabase`, `corruptDatabase`, `newerSchema`, `storeUnavailable`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 30_000) throws(ReviewError) {
        self.path = path
        if try DatabaseFile.inspect(path) == .missing {
            try DatabaseFile.createParentDirectories(of: path)
            try Self.create(path)
        }
        let connection = try SQLiteConnection(path: path, create: false)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        // Reading the schema parses page 1 and sqlite_master: damage there is refused before any write. Damage
        // elsewhere is caught by SQLite on the pages a command touches (cell_size_check makes that stricter), and
        // the failing transaction rolls back without writing to the file. A full `quick_check` on every open
        // would cost time linear in the store's size on every `review log`.
        try connection.execute("PRAGMA cell_size_check = ON")
        let tables = try connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
        guard let tables, tables > 0 else {
            throw ReviewError(
                .corruptDatabase,
                "the review store \(path) has the Gatehouse header but no tables; it was not modified. Restore it "
                    + "from a backup or an export, or move it aside to start a new one")
        }
        let mode = try connection.scalarText("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw ReviewError(
                .storeUnavailable, "the review store \(path) cannot use WAL journaling (got \(mode ?? "nothing"))")
        }
        try connection.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        try Schema.migrate(connection)
        sqlite = SQLiteDatabase(connection: connection)
        super.init(database: sqlite, location: path)
    }

    /// Creates a complete store under a temporary name and links it into place unless another process won.
    private static func create(_ path: String) throws(ReviewError) {
        let temporary = DatabaseFile.temporarySibling(of: path)
        do {
            try DatabaseFile.createPrivateFile(temporary)
            let connection = try SQLiteConnection(path: temporary, create: true)
            try connection.execute("PRAGMA application_id = \(DatabaseFile.applicationID)")
            try Schema.migrate(connection)
            // WAL is recorded in the file header, so no opener ever needs the exclusive lock to switch modes.
            _ = try connection.scalarText("PRAGMA journal_mode = WAL")
        }
        _ = try DatabaseFile.place(temporary, at: path)
    }

    /// Runs SQLite's full `PRAGMA integrity_check`.
    /// - Returns: `"ok"` for a sound file, else SQLite's first complaint.
    /// - Throws: `ReviewError` store errors.
    public func integrityCheck() throws(ReviewError) -> String {
        try sqlite.read { (session: any SQLSession) throws(ReviewError) -> String in
            try session.text("PRAGMA integrity_check") ?? "no answer"
        }
    }
}
