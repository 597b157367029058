/// How async code calls a store: on the store's own thread, never on one of Swift's cooperative threads, since a store
/// call may wait a long time for its database. A PostgreSQL writer waits up to 30 s for the writers' lock (its
/// `lock_timeout`), a SQLite writer as long for another process's lock (its busy timeout), and a call waits for the one
/// before it on the same connection. A cooperative thread held that long stops every task queued behind it: the pool
/// has one thread per core (The Swift Programming Language, "Concurrency": tasks must not block), so on two cores two
/// waiting requests of `review serve` would stop its other requests, its deliverer and its timers.
///
/// The store calls themselves stay synchronous: a one-shot command (`review log`) calls them directly, with no thread
/// besides its own; async code (`WebhookReceiver`, `PendingWebhookResolver`, `NotificationDeliverer`, `SyncPass`,
/// `SyncWatcher`) wraps them in ``offload(_:)``, as GRDB's async `write` runs its body on the database's serial queue.
public protocol OffloadingStore: Sendable {
    /// Runs `calls` (synchronous calls on this store) where a wait for the database holds no cooperative thread, and
    /// suspends the calling task until they return. Calls offloaded by concurrent tasks run one after another, in the
    /// order they were made; a cancelled task still waits for its calls to finish (a write is never cut in half).
    /// - Parameter calls: the calls, for example `{ try store.applySync(synced) }`.
    /// - Returns: what `calls` returned.
    /// - Throws: what `calls` threw.
    func offload<T: Sendable>(_ calls: @escaping @Sendable () throws(ReviewError) -> T) async throws(ReviewError) -> T
}

extension OffloadingStore {
    /// Runs `calls` on the calling task: for a store whose calls never wait (one in memory, a test's stand-in).
    /// `RelationalReviewStore` runs them on its own queue instead.
    /// - Parameter calls: the calls.
    /// - Returns: what `calls` returned.
    /// - Throws: what `calls` threw.
    public func offload<T: Sendable>(_ calls: @escaping @Sendable () throws(ReviewError) -> T) async throws(ReviewError)
        -> T
    {
        try calls()
    }
}
