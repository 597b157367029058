public import AppStoreConnect
import Synchronization

/// `review watch`: the same pass forever, every interval give or take a jitter, until asked to stop. A failed pass
/// (App Store Connect down, the network gone) is reported and the next one comes as usual: the watcher never gives up.
/// It stops between apps (when its passes share its flag) and between passes, never inside a store write; a wait of the
/// client in progress (rate limit, retry) is finished first. A restart continues from what the store holds.
public struct SyncWatcher: Sendable {
    /// The smallest interval people may ask for (tests may use less through this API).
    public static let minimumInterval: Duration = .seconds(60)

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

    /// Creates a watcher.
    /// - Parameters:
    ///   - passes: the passes of a round.
    ///   - interval: between rounds.
    ///   - jitter: the fraction the wait varies by; default 0.1.
    ///   - sleeper: waits; default real time.
    ///   - stop: the flag that ends the loop.
    public init(
        passes: [SyncPass], interval: Duration, jitter: Double = 0.1, sleeper: any ASCSleeper = ASCTaskSleeper(),
        stop: StopFlag
    ) {
        self.passes = passes
        self.interval = interval
        self.jitter = min(max(jitter, 0), 0.5)
        self.sleeper = sleeper
        self.stop = stop
    }

    /// Runs rounds until `stop` is set.
    /// - Parameters:
    ///   - apps: the apps each pass syncs (empty: all).
    ///   - report: called with each pass's report.
    ///   - failure: called with each pass that failed as a whole.
    /// - Returns: how many rounds ran.
    @discardableResult
    public func run(
        apps: [String] = [], report: @Sendable (SyncReport) -> Void, failure: @Sendable (SyncError) -> Void
    ) async -> Int {
        var rounds = 0
        while !stop.isSet {
            rounds += 1
            for pass in passes where !stop.isSet {
                do {
                    report(try await pass.run(apps: apps))
                } catch {
                    failure(error)
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
