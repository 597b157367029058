internal import GatehouseCore

/// Resolves pending webhook deliveries (those whose version could not be resolved when they arrived): at `review
/// serve` start-up, in its background loop (ReviewServe's `WebhookService`), and in every `review sync` (ReviewSync's
/// `SyncRun`). A delivery that still fails stays pending, its attempt noted; none is ever dropped. Here, beside
/// `WebhookVersionResolving` and the store it passes over, so that the service and the sync share it without the sync
/// depending on the HTTP server.
package struct PendingWebhookResolver: Sendable {
    /// What a pass did.
    package struct Report: Sendable, Hashable {
        /// Deliveries resolved (with or without an event).
        package var resolved = 0
        /// Events recorded.
        package var recorded: [ReviewEvent] = []
        /// Deliveries that stay pending, with why.
        package var stillPending: [String] = []
    }

    let store: any WebhookDeliveryStore
    let resolver: any WebhookVersionResolving
    let bound: Duration
    let now: @Sendable () -> Timestamp

    /// Creates a resolver.
    /// - Parameters:
    ///   - resolver: the version resolver.
    ///   - bound: the longest wait per version (default 10 s).
    ///   - now: the clock.
    package init(
        store: any WebhookDeliveryStore, resolver: any WebhookVersionResolving, bound: Duration = .seconds(10),
        now: @escaping @Sendable () -> Timestamp
    ) {
        self.store = store
        self.resolver = resolver
        self.bound = bound
        self.now = now
    }

    /// One pass over the pending deliveries, oldest first (each version looked up once per pass).
    /// - Parameters:
    ///   - limit: at most this many deliveries.
    ///   - stop: checked between deliveries (SIGTERM: the one being resolved is finished, no other started).
    /// - Returns: what was resolved and what is still pending.
    /// - Throws: `ReviewError` store errors.
    package func resolvePending(limit: Int = 500, stop: @Sendable () -> Bool = { false }) async throws -> Report {
        var report = Report()
        var versions: [String: WebhookVersion] = [:]
        // Every store call runs on the store's own queue (`offload`), so that a wait for the database's lock holds no
        // cooperative thread.
        let store = self.store
        let pending = try await store.offload { () throws(ReviewError) -> [WebhookDelivery] in
            try store.pendingWebhookDeliveries(limit: limit)
        }
        for delivery in pending {
            if stop() || Task.isCancelled { break }
            guard let versionID = delivery.subjectKey else { continue }
            var version = versions[versionID]
            if version == nil {
                do {
                    version = try await withBound(bound) { [resolver] in
                        try await resolver.resolve(subjectOf: delivery)
                    }
                    if version == nil {
                        try await noteFailure(of: delivery, reason: "lookup took over \(bound)")
                    }
                } catch {
                    try await noteFailure(of: delivery, reason: "\(error)")
                    report.stillPending.append("\(delivery.id): \(error)")
                    continue
                }
            }
            guard let version else {
                report.stillPending.append("\(delivery.id): lookup took over \(bound)")
                continue
            }
            versions[versionID] = version
            let at = now()
            let outcome = try await store.offload { () throws(ReviewError) -> WebhookOutcome in
                try store.resolvePendingWebhookDelivery(delivery, version: version, at: at)
            }
            switch outcome {
            case .recorded(let event):
                report.resolved += 1
                report.recorded.append(event)
            case .resolvedWithoutEvent:
                report.resolved += 1
            default:
                break
            }
        }
        return report
    }

    private func noteFailure(of delivery: WebhookDelivery, reason: String) async throws(ReviewError) {
        let store = self.store
        try await store.offload { () throws(ReviewError) in
            try store.noteWebhookResolutionFailure(id: delivery.id, reason: reason)
        }
    }
}
