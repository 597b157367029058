internal import GatehouseCore
package import MicroHTTPServer
package import ReviewLog

/// `review serve`'s request handler: `WebhookGate`'s checks, then a verified delivery stored durably before the 2xx
/// answer (App Store Connect retries what is not acknowledged), exactly once per `data.id`. A state change's version
/// is resolved first, within `resolutionBound`; when that fails the delivery is kept as pending (answered 202) for
/// `PendingWebhookResolver`. A store failure is a 503, so Apple retries. A delivery that recorded an event (and so, in
/// the same transaction, queued its notifications) wakes the notification deliverer before it is answered.
package struct WebhookReceiver: HTTPServerHandler {
    /// The webhook secret.
    let secret: [UInt8]
    /// Where deliveries go.
    let store: any WebhookDeliveryStore
    /// How versions are resolved.
    let resolver: any WebhookVersionResolving
    /// The longest wait for a version before answering.
    let resolutionBound: Duration
    /// Now, in whole seconds.
    let now: @Sendable () -> Timestamp
    /// Called after a delivery is stored and before it is answered (a test hook: a debug build of `review serve` pauses
    /// there when `GATEHOUSE_TEST_PAUSE_AFTER_STORE` is set, so a test can kill it between the two).
    let afterStore: @Sendable (WebhookDelivery) async -> Void
    /// Called after a commit that recorded an event: `review serve` signals its deliverer's `DeliveryWake`.
    let wakeDeliverer: @Sendable () -> Void

    /// Creates a receiver.
    /// - Parameters:
    ///   - secret: the webhook secret.
    ///   - resolver: the version resolver.
    ///   - resolutionBound: the longest wait for a version (default 3 s).
    ///   - now: the clock.
    ///   - afterStore: called between storing and answering.
    ///   - wakeDeliverer: called after a commit that recorded an event, before `afterStore`.
    package init(
        secret: [UInt8], store: any WebhookDeliveryStore, resolver: any WebhookVersionResolving,
        resolutionBound: Duration = .seconds(3), now: @escaping @Sendable () -> Timestamp,
        afterStore: @escaping @Sendable (WebhookDelivery) async -> Void = { _ in },
        wakeDeliverer: @escaping @Sendable () -> Void = {}
    ) {
        self.secret = secret
        self.store = store
        self.resolver = resolver
        self.resolutionBound = resolutionBound
        self.now = now
        self.afterStore = afterStore
        self.wakeDeliverer = wakeDeliverer
    }

    package var maximumBodyBytes: Int { WebhookGate.maximumBodyBytes }

    package func admit(_ head: HTTPServerRequest) -> HTTPServerResponse? { WebhookGate.admit(head) }

    package func bodyTooLarge(_ head: HTTPServerRequest) -> HTTPServerResponse { WebhookGate.tooLarge(nil) }

    package func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        switch WebhookGate.decide(request, secret: secret, receivedAt: now()) {
        case .answer(let response):
            return response
        case .acknowledge(let type, let id):
            return .text(200, "ignored", logNote: "delivery \(id): type \(type) acknowledged, not stored")
        case .store(let delivery):
            do {
                return try await store(delivery)
            } catch {
                return .text(
                    503, "cannot store the delivery now; retry later",
                    logNote: "delivery \(delivery.id): not stored (\(error)); answered 503 so that it is retried")
            }
        }
    }

    private func store(_ delivery: WebhookDelivery) async throws -> HTTPServerResponse {
        // A retry of a delivery already complete is acknowledged without asking App Store Connect again.
        // The store's calls run on its own queue (`offload`): a write waiting for the database's lock holds no
        // cooperative thread, which the other requests, the deliverer and the pending loop need meanwhile.
        let store = self.store
        let status = try await store.offload { () throws(ReviewError) -> WebhookDeliveryStatus? in
            try store.webhookDeliveryStatus(id: delivery.id)
        }
        if let status, status != .pending {
            return .text(200, "duplicate", logNote: "delivery \(delivery.id): duplicate, already stored")
        }
        var version: WebhookVersion?
        var problem = ""
        if delivery.subjectKey != nil {
            // The version (or, for a TestFlight delivery, the build) the delivery names.
            let what = delivery.buildBetaDetailID == nil ? "version" : "build"
            do {
                version = try await withBound(resolutionBound) { [resolver] in
                    try await resolver.resolve(subjectOf: delivery)
                }
                if version == nil { problem = "\(what) lookup took longer than \(resolutionBound)" }
            } catch {
                problem = "\(what) lookup failed: \(error)"
            }
        }
        let resolved = version
        let outcome = try await store.offload { () throws(ReviewError) -> WebhookOutcome in
            try store.recordWebhookDelivery(delivery, version: resolved)
        }
        // Recording an event queues its notifications in the same transaction; an observation made exact queues none,
        // and the wake then finds nothing due, which costs one empty round.
        if case .recorded = outcome { wakeDeliverer() }
        await afterStore(delivery)
        let note = "delivery \(delivery.id): "
        switch outcome {
        case .recorded(let event):
            return .text(
                200, "recorded",
                logNote: note + "recorded event \(event.id) (\(event.app.name) \(event.version) "
                    + "\(event.platform.name) \(event.state.apiString))")
        case .duplicate:
            return .text(200, "duplicate", logNote: note + "duplicate, already stored")
        case .pending:
            return .text(202, "pending", logNote: note + "stored as pending (\(problem))")
        case .resolvedWithoutEvent:
            return .text(200, "stored", logNote: note + "stored; no new event (state unknown or already recorded)")
        case .ping:
            return .text(200, "ping", logNote: note + "ping recorded")
        }
    }
}
