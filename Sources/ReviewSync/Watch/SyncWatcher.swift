public import AppStoreConnect
public import ReviewLog
public import ReviewSigning
import Synchronization

/// `review watch`: the same pass forever, every interval give or take a jitter, until asked to stop. A failed pass
/// (App Store Connect down, the network gone) is reported and the next one comes as usual: the watcher never gives up.
/// It stops between apps (when its passes share its flag) and between passes, never inside a store write; a wait of the
/// client in progress (rate limit, retry) is finished first. A restart continues from what the store holds.
///
/// Several watchers may watch one store (on several machines, for a shared store): given the store's `RoleLeasing`,
/// a watcher runs its passes only while it holds the role `watch`, asked for before each round. The others stand by,
/// ask again every interval, and so take over within one interval of the holder's end (the role is released when its
/// process ends, however it ends).
public struct SyncWatcher: Sendable {
    /// The smallest interval people may ask for (tests may use less through this API).
    public static let minimumInterval: Duration = .seconds(60)
    /// The role of the store the active watcher holds.
    public static let role = "watch"

    /// The passes run each round (one per key).
    public let passes: [SyncPass]
    /// The time between the starts of two rounds.
    public let interval: Duration
    /// The fraction of the interval by which each wait varies (0.1: plus or minus 10%).
    public let jitter: Double
    /// Waits between rounds.
    public let sleeper: any ASCSleeper
    /// Set to stop.
    public let stop: StopFlag
    /// The store's roles, when watchers share it: the passes run only while this process holds `role`.
    public let lease: (any RoleLeasing)?
    /// How often the passes also record the signing items (each key's certificates and profiles, and the tracked
    /// local files): at the first round, then at the first round this long after, on the passes' clock; nil: never
    /// (`--no-signing`).
    public let signingInterval: Duration?
    /// The smallest signing interval people may ask for (`--signing-interval`): 5 minutes.
    public static let minimumSigningInterval: Duration = .seconds(300)
    /// Whether the passes also read the apps' TestFlight builds, every round (`--no-testflight`: false).
    public let testFlight: Bool

    /// Creates a watcher.
    /// - Parameters:
    ///   - passes: the passes of a round.
    ///   - interval: between rounds.
    ///   - jitter: the fraction the wait varies by; default 0.1.
    ///   - sleeper: waits; default real time.
    ///   - stop: the flag that ends the loop.
    ///   - lease: the store's roles, to run the passes only while holding `role`; nil: always run them.
    ///   - signingInterval: how often the signing items are recorded too; nil (default): never.
    ///   - testFlight: whether the passes read the TestFlight builds too; default true.
    public init(
        passes: [SyncPass], interval: Duration, jitter: Double = 0.1, sleeper: any ASCSleeper = ASCTaskSleeper(),
        stop: StopFlag, lease: (any RoleLeasing)? = nil, signingInterval: Duration? = nil, testFlight: Bool = true
    ) {
        self.signingInterval = signingInterval
        self.testFlight = testFlight
        self.passes = passes
        self.interval = interval
        self.jitter = min(max(jitter, 0), 0.5)
        self.sleeper = sleeper
        self.stop = stop
        self.lease = lease
    }

    /// Runs rounds until `stop` is set.
    /// - Parameters:
    ///   - apps: the apps each pass syncs (empty: all).
    ///   - report: called with each pass's report (async, so that it may call the store through `offload`).
    ///   - failure: called with each pass that failed as a whole, and when the role cannot be asked for (that round
    ///     then runs no pass).
    ///   - roleChange: called when the watcher starts standing by, and when it takes the role over; not when it is
    ///     active from its first round, so a watcher alone says nothing more than before.
    ///   - signingFiles: called with each re-read of the tracked local signing files (a round that records the
    ///     signing items).
    /// - Returns: how many rounds ran their passes (the rounds standing by are not counted).
    @discardableResult
    public func run(
        apps: [String] = [], report: @Sendable (SyncReport) async -> Void, failure: @Sendable (SyncError) -> Void,
        roleChange: @Sendable (WatcherRole) -> Void = { _ in },
        signingFiles: @Sendable (SigningFilePass.Report) async -> Void = { _ in }
    ) async -> Int {
        var rounds = 0
        var role: WatcherRole?
        // Timed on the passes' clock (the one their look times are read from), so a test's clock moves it.
        var lastSigning: Timestamp?
        while !stop.isSet {
            let runsPasses = await holdsRole(&role, failure: failure, roleChange: roleChange)
            if runsPasses { rounds += 1 }
            var signing = false
            if runsPasses, let signingInterval, let clock = passes.first?.clock {
                let now = Timestamp(now: clock)
                if lastSigning.map({ $0.seconds(until: now) >= signingInterval.components.seconds }) ?? true {
                    signing = true
                    lastSigning = now
                }
            }
            for pass in passes where runsPasses && !stop.isSet {
                do {
                    await report(
                        try await pass.run(
                            apps: apps, requireEveryApp: true, signing: signing, testFlight: testFlight))
                } catch {
                    failure(error)
                }
            }
            if signing, !stop.isSet, let store = passes.first?.store {
                do throws(ReviewError) {
                    await signingFiles(try await SigningFilePass(store: store, clock: passes[0].clock).run())
                } catch {
                    failure(
                        SyncError(.store, "re-reading the tracked signing files: \(error.reason)", reviewError: error))
                }
            }
            // Wait in short slices, so a stop request ends the wait within a second.
            let factor = 1 + Double.random(in: -jitter...jitter)
            var remaining = interval * factor
            while !stop.isSet, remaining > .zero {
                let slice = min(remaining, .seconds(1))
                try? await sleeper.sleep(for: slice)
                remaining -= slice
            }
        }
        return rounds
    }

    /// Asks for the role before a round: true when this round runs its passes. `role` is what the watcher was (nil
    /// before its first round), and becomes what it is now (unchanged when the lease cannot answer).
    private func holdsRole(
        _ role: inout WatcherRole?, failure: @Sendable (SyncError) -> Void, roleChange: @Sendable (WatcherRole) -> Void
    ) async -> Bool {
        guard let lease else {
            role = .active
            return true
        }
        let now: WatcherRole
        do throws(ReviewError) {
            // On the store's own queue (`offload`): the role's lock is only tried, but the connection may be busy
            // with another call waiting for the writers' lock.
            now =
                try await lease.offload { () throws(ReviewError) -> Bool in try lease.holdRole(Self.role) }
                ? .active : .standingBy
        } catch {
            // Fail closed: a watcher that cannot tell whether another one is active does not poll.
            failure(
                SyncError(
                    .store, "cannot tell whether another watcher is active: \(error.reason)", reviewError: error))
            return false
        }
        if now != role, role != nil || now == .standingBy { roleChange(now) }
        role = now
        return now == .active
    }
}

/// A flag a signal handler (or a test) sets to stop a watcher, and its passes, between apps.
public final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// A flag not yet set.
    public init() {}

    /// Whether a stop was asked for.
    public var isSet: Bool { value.load(ordering: .acquiring) }

    /// Asks for a stop.
    public func set() { value.store(true, ordering: .releasing) }
}
