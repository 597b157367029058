package import ReviewLog

/// Resolves an App Store version id to its app, platform and version string (`GET /v1/appStoreVersions/{id}
/// ?include=app` in `review serve`; a stub in tests).
package protocol WebhookVersionResolving: Sendable {
    /// Resolves one version id.
    /// - Parameter versionID: the id a webhook named.
    /// - Returns: what it resolves to.
    /// - Throws: whatever the lookup throws (the delivery stays pending).
    func resolve(versionID: String) async throws -> WebhookVersion
}

/// Runs `body` for at most `bound`; nil when the bound passed first (the body's task is cancelled).
/// - Parameters:
///   - bound: the longest wait.
///   - body: the work.
/// - Returns: its result, or nil.
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
