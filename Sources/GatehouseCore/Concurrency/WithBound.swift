/// Runs `body` for at most `bound`; nil when the bound passed first (the body's task is cancelled). The webhook
/// receiver (ReviewWebhooks) and the pending resolver (ReviewLog) bound each version lookup with it.
/// - Throws: what `body` throws.
package func withBound<T: Sendable>(_ bound: Duration, _ body: @escaping @Sendable () async throws -> T)
    async throws -> T?
{
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(for: bound)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}
