package import GatehouseCore
package import GatehouseHTTP
package import MicroHTTPServer
package import ReviewLog
internal import ReviewNotify
internal import ReviewWebhooks

/// `review serve` as one value: the HTTP server (libmicrohttpd) with the webhook receiver, the loop that tries the
/// pending deliveries again, and the notification deliverer, started together and stopped together on one
/// `GracefulShutdown` (GatehouseCore). The model is hummingbird's application under swift-service-lifecycle's `ServiceGroup`: the
/// services run as child tasks of one task group, one trigger starts the graceful shutdown, and each service drains
/// (the server finishes its requests in flight within ``WebhookServiceConfiguration/drainBound``, the pending loop
/// the delivery it is resolving, the deliverer its round) before ``run(until:)`` returns with no task left behind.
///
/// ```swift
/// let service = try WebhookService(
///     secret: secret, store: store, resolver: ASCWebhookVersionResolver(clients: clients),
///     configuration: WebhookServiceConfiguration(address: .loopbackDefault), events: { print($0) })
/// let shutdown = GracefulShutdown()          // a SIGTERM handler calls shutdown.trigger()
/// let drained = await service.run(until: shutdown)
/// ```
///
/// Nothing polls: the waits between rounds are timed on the injected clock and end early on the shutdown (and the
/// deliverer's on the receiver's wake), and the drain is woken by the last request's completion.
package final class WebhookService: Sendable {
    /// The configuration.
    package let configuration: WebhookServiceConfiguration
    private let server: MicroHTTPServer
    private let reportServer: MicroHTTPServer?
    private let pending: PendingWebhookResolver
    private let deliverer: NotificationDeliverer
    private let wake: DeliveryWake
    private let clock: any Clock<Duration>
    private let events: @Sendable (WebhookServiceEvent) -> Void

    /// Starts listening (the receiver answers from now on; a delivery that records an event before ``run(until:)``
    /// leaves the deliverer's wake signalled, so its notification goes out in the first round).
    /// - Parameters:
    ///   - secret: the webhook's secret (App Store Connect signs each body with it).
    ///   - store: where deliveries and their events are recorded, and whose outboxes (review notifications, signing
    ///     alerts) the deliverer sends.
    ///   - resolver: looks up the App Store version a delivery names.
    ///   - timeSource: "now" of the stored times, the claims and the backoff; the system clock by default.
    ///   - clock: what the intervals and the drain bound are timed on; a test moves a clock of its own by hand.
    ///   - http: the deliverer's client; libcurl's with a 10 s total timeout by default.
    ///   - report: where the report listener listens and what it serves (`review serve --report-listen`), on a
    ///     server of its own beside the webhook one; none by default.
    ///   - afterStore: called between storing a delivery and answering it (a debug build's test hook).
    ///   - events: receives every request record and what the background loops did, from any thread.
    /// - Throws: `HTTPServerError.cannotListen` naming the address (the webhook one, or the report one: then the
    ///   webhook server is stopped before the error is thrown).
    package init(
        secret: [UInt8], store: any WebhookDeliveryStore & NotificationOutbox & SigningStore,
        resolver: any WebhookVersionResolving,
        configuration: WebhookServiceConfiguration, timeSource: any TimeSource = .system,
        clock: any Clock<Duration> = ContinuousClock(), http: any HTTPFetching = CurlHTTPClient(),
        report: ReportListener? = nil, afterStore: @escaping @Sendable (WebhookDelivery) async -> Void = { _ in },
        events: @escaping @Sendable (WebhookServiceEvent) -> Void
    ) throws(HTTPServerError) {
        let now: @Sendable () -> Timestamp = { Timestamp(now: timeSource) }
        let wake = DeliveryWake()
        // The receiver and the pending loop wake the deliverer after recording an event, so its notification goes out
        // at once instead of at the deliverer's next round.
        let receiver = WebhookReceiver(
            secret: secret, store: store, resolver: resolver, resolutionBound: configuration.resolutionBound, now: now,
            afterStore: afterStore, wakeDeliverer: { wake.signal() })
        server = try MicroHTTPServer(
            address: configuration.address, configuration: configuration.server, handler: receiver,
            log: { events(.request($0)) })
        do {
            reportServer = try report.map { report throws(HTTPServerError) in
                try MicroHTTPServer(
                    address: report.address, configuration: configuration.server, handler: report.page,
                    log: { events(.request($0)) })
            }
        } catch {
            server.stop()
            throw error
        }
        pending = PendingWebhookResolver(store: store, resolver: resolver, now: now)
        deliverer = NotificationDeliverer(store: store, http: http, clock: timeSource)
        self.configuration = configuration
        self.wake = wake
        self.clock = clock
        self.events = events
    }

    /// The address listened on, with the port the system gave when 0 was asked for.
    package var address: ListenAddress { server.address }

    /// The report listener's address, with the port the system gave when 0 was asked for; nil without one.
    package var reportAddress: ListenAddress? { reportServer?.address }

    /// Requests being read or answered now, on both listeners.
    package var requestsInFlight: Int { server.requestsInFlight + (reportServer?.requestsInFlight ?? 0) }

    /// Runs the pending loop and the deliverer beside the server until `shutdown` is triggered, then drains: the
    /// listening socket is closed (new connections are refused), the requests in flight are finished within the drain
    /// bound, the server is stopped, and the loops finish what they are doing. Returns when all of it has ended; a
    /// shutdown triggered before the call drains at once.
    /// - Returns: whether every request in flight finished within the drain bound (false: the rest were cut off).
    package func run(until shutdown: GracefulShutdown) async -> Bool {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.resolvingPending(until: shutdown) }
            // Notifications out: what the deliveries recorded (and reminders of long waits), with backoff.
            group.addTask {
                await self.deliverer.run(
                    every: self.configuration.deliveryInterval, wake: self.wake, clock: self.clock, until: shutdown,
                    report: { self.events(.delivered($0)) }, failure: { self.events(.deliveryFailed($0)) })
            }
            await shutdown.wait()
            server.stopAccepting()
            reportServer?.stopAccepting()
            events(.stopping(requestsInFlight: requestsInFlight))
            // One drain bound for both listeners, waited out side by side.
            async let reportDrained = reportServer?.waitForRequestsInFlight(
                upTo: configuration.drainBound, on: clock)
            let drained = await server.waitForRequestsInFlight(upTo: configuration.drainBound, on: clock)
            let bothDrained = (await reportDrained ?? true) && drained
            reportServer?.stop()
            server.stop()
            await group.waitForAll()
            return bothDrained
        }
    }

    /// Resolves pending deliveries at once and then every `resolveInterval`, until `shutdown` (checked between
    /// deliveries too: the one being resolved is finished, no other started); a pass that recorded events wakes the
    /// deliverer.
    private func resolvingPending(until shutdown: GracefulShutdown) async {
        let interval = configuration.resolveInterval
        while !shutdown.isTriggered {
            do {
                let report = try await pending.resolvePending(stop: { shutdown.isTriggered })
                if !report.recorded.isEmpty { wake.signal() }
                for event in report.recorded { events(.pendingResolved(event)) }
                if !report.stillPending.isEmpty {
                    events(.stillPending(count: report.stillPending.count, nextTry: interval))
                }
            } catch {
                events(.pendingFailed(error))
            }
            if await shutdown.wait(for: interval, on: clock) { break }
        }
    }
}
