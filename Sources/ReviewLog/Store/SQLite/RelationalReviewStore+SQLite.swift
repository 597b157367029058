/// The review store in one SQLite file, safe for many processes at once (the SQLite driver, `SQLiteDatabase`, says
/// how: WAL with `synchronous = FULL`, `BEGIN IMMEDIATE` writers, foreign files refused by their header).
extension RelationalReviewStore {
    /// Opens the store in the SQLite file at `path`, creating it (and its parent directories) when missing: WAL
    /// journal with `synchronous = FULL`, so a logged event survives a crash or power loss as soon as `record`
    /// returns; writers queue on the busy timeout; a file that is not a Gatehouse store is refused, never modified.
    /// - Parameters:
    ///   - path: the file.
    ///   - busyTimeoutMilliseconds: how long a call waits for another process's lock before it fails with
    ///     `storeLocked`.
    /// - Throws: `ReviewError` `notGatehouseDatabase`, `corruptDatabase`, `newerSchema`, `storeUnavailable`.
    public convenience init(sqlitePath path: String, busyTimeoutMilliseconds: Int32 = 30_000) throws(ReviewError) {
        self.init(
            database: try SQLiteDatabase(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds), location: path)
    }
}
