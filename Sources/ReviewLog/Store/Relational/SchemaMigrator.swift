/// Brings a store's schema up to date over any driver: one loop for SQLite and PostgreSQL, after GRDB's
/// `DatabaseMigrator`.
///
/// Each step runs in a transaction of its own that holds the migration lock: the version is read again once the lock
/// is granted (another process may have migrated meanwhile), the step's DDL runs, the new version is written, and the
/// transaction commits; a failure rolls it back, so the store stays at the last version that committed, whole. A
/// store newer than this code is refused before anything is locked or written, and again if it became newer while
/// waiting for the lock.
package struct SchemaMigrator<Driver: SchemaMigrationDriver> {
    package let driver: Driver

    package init(driver: Driver) { self.driver = driver }

    /// Applies every step after the store's version, in order.
    /// - Throws: `ReviewError` `newerSchema` when the store's version is above the latest this code knows;
    ///   `corruptDatabase` when it is one no Gatehouse writes (below 0); the driver's errors, after rolling back the
    ///   failing step's transaction.
    package func migrate() throws(ReviewError) {
        var version = try driver.readVersion()
        while try nextStep(after: version) != nil {
            try driver.beginMigration()
            do throws(ReviewError) {
                // Another process may have migrated while this one waited for the lock.
                version = try driver.readVersion()
                if let next = try nextStep(after: version) {
                    try driver.execute(driver.ddl(of: next))
                    try driver.writeVersion(next.rawValue)
                    version = next.rawValue
                }
                try driver.commitMigration()
            } catch {
                driver.rollbackMigration()
                throw error
            }
        }
    }

    /// The step that takes the store from `version` to the next, nil when it is up to date.
    private func nextStep(after version: Int64) throws(ReviewError) -> SchemaMigration? {
        if version > SchemaMigration.latest.rawValue {
            throw ReviewError(
                .newerSchema,
                "the review store \(driver.location) has schema version \(version), newer than this review's "
                    + "\(SchemaMigration.latest.rawValue); upgrade Gatehouse to use it")
        }
        if version == SchemaMigration.latest.rawValue { return nil }
        guard let step = SchemaMigration(rawValue: version + 1) else {
            throw ReviewError(
                .corruptDatabase,
                "the review store \(driver.location) has schema version \(version), which no Gatehouse writes; it was "
                    + "not modified. Restore it from a backup or an export, or move it aside to start a new one")
        }
        return step
    }
}
