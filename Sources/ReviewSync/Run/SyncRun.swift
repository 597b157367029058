public import GatehouseCore
public import ReviewLog
import ReviewSigning

/// One `review sync`: the pending webhook deliveries first, then one pass per key over the same store, every pass
/// run whatever another meets, and the outcome of the whole as one value (``SyncRunResult``) for a program to
/// render. Exit statuses are not chosen here: the result names its first failure, and a command line maps it.
///
/// ```swift
/// let run = SyncRun(store: store, passes: [teamPass, personalPass])
/// let result = try await run.run(apps: ["Fokus"])
/// for case .completed(let report) in result.passes { print(report.changes) }
/// ```
public struct SyncRun: Sendable {
    /// The store the passes write to, whose pending webhook deliveries are resolved first.
    public let store: any WebhookDeliveryStore & SigningStore
    /// The passes, one per key, all over `store`.
    public let passes: [SyncPass]
    /// "Now" of the pending deliveries resolved (their look times; a pass reads its own clock).
    public let clock: any TimeSource
    /// Whether each pass also looks at its key's certificates and profiles, and the tracked local signing files are
    /// re-read after the passes (`review sync`, unless `--no-signing`).
    public let signing: Bool
    /// Whether each pass also reads its apps' TestFlight builds (`review sync`, unless `--no-testflight`).
    public let testFlight: Bool

    /// Creates a run.
    /// - Parameters:
    ///   - store: the store the passes write to (a `RelationalReviewStore`, which keeps webhook deliveries).
    ///   - passes: one per key, over `store`; their clients also look up the versions of pending webhook deliveries.
    ///   - clock: the time of the pending deliveries' resolution and of the files' re-read; the system clock by
    ///     default.
    ///   - signing: whether the signing items are recorded too; default false.
    ///   - testFlight: whether the apps' TestFlight builds are read too; default true.
    public init(
        store: any WebhookDeliveryStore & SigningStore, passes: [SyncPass], clock: any TimeSource = .system,
        signing: Bool = false, testFlight: Bool = true
    ) {
        self.store = store
        self.passes = passes
        self.clock = clock
        self.signing = signing
        self.testFlight = testFlight
    }

    /// Runs the pending deliveries' pass, then every key's pass.
    ///
    /// Webhook deliveries still pending are resolved first (each version asked of every key's client in turn), so
    /// that their exact times come before what the passes observe. With one pass an app asked for that its key does not
    /// see fails the pass (`SyncError.appNotFound`); with several, an app needs to be seen by one key, not by each,
    /// and those no key sees are the result's ``SyncRunResult/unseenApps``.
    /// - Parameter apps: names or bundle IDs to sync (case-insensitive names); empty for every app the keys see.
    /// - Returns: the resolved deliveries, each pass's report or failure, the apps no key sees, and the events recorded.
    /// - Throws: the store's `ReviewError` when the pending deliveries cannot be read or updated (a pass's failure is
    ///   part of the result, not thrown).
    public func run(apps: [String] = []) async throws -> SyncRunResult {
        var result = SyncRunResult()
        // The pending deliveries are looked up with the passes' clients: without a pass there is none to ask.
        if !passes.isEmpty {
            let clock = clock
            let pending = PendingWebhookResolver(
                store: store, resolver: ASCWebhookVersionResolver(clients: passes.map(\.client)),
                now: { Timestamp(now: clock) })
            let report = try await pending.resolvePending()
            result.resolvedDeliveries = report.recorded
            result.stillPendingDeliveries = report.stillPending
            result.recordedEventIDs = report.recorded.map(\.id)
        }
        var unseenByAll = Set(apps)
        for pass in passes {
            do throws(SyncError) {
                let report = try await pass.run(
                    apps: apps, requireEveryApp: passes.count == 1, signing: signing, testFlight: testFlight)
                unseenByAll.formIntersection(report.unseenApps)
                result.recordedEventIDs += report.changes.compactMap { $0.event?.id }
                result.passes.append(.completed(report))
            } catch {
                result.passes.append(.failed(profile: pass.profile, error))
            }
        }
        if passes.count > 1 { result.unseenApps = unseenByAll.sorted() }
        if signing { result.signingFiles = try await SigningFilePass(store: store, clock: clock).run() }
        return result
    }
}
