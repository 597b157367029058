import GatehouseCore
import Synchronization

/// A `Clock` that moves only when a test moves it, for the waits of code under test (the service's round intervals,
/// its drain bound): a `sleep` suspends until `advance(by:)` takes the clock past its deadline, or its task is
/// cancelled. `ManualClock` is the other half, a `TimeSource` for "now" in whole dates.
///
/// ```swift
/// let clock = TestClock()
/// let loop = Task { try await clock.sleep(for: .seconds(3600)) }
/// await clock.sleepers(atLeast: 1)   // the loop is waiting
/// clock.advance(by: .seconds(3600))  // and now it is not
/// ```
public final class TestClock: Clock, Sendable {
    /// A point on the clock: the time advanced since the clock was made.
    public struct Instant: InstantProtocol {
        /// How far the clock had been advanced.
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var watchers: [Watcher] = []
    }

    private let state = Mutex(State())

    /// A clock at offset zero, with no one asleep on it.
    public init() {}

    public var now: Instant { state.withLockVisibleToTSan { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to move.
    public var sleeperCount: Int { state.withLockVisibleToTSan { $0.sleepers.count } }

    /// Suspends until the clock reaches `deadline` (at once when it has).
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLockVisibleToTSan { (state: inout sending State) -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Now { case wait, done, cancelled }
                let (now, watchers) = state.withLockVisibleToTSan {
                    (state: inout sending State) -> (Now, [CheckedContinuation<Void, Never>]) in
                    if deadline <= state.now { return (.done, []) }
                    if Task.isCancelled { return (.cancelled, []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (.wait, Self.satisfiedWatchers(&state))
                }
                for watcher in watchers { watcher.resume() }
                switch now {
                case .wait: break
                case .done: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLockVisibleToTSan { (state: inout sending State) -> Sleeper? in
                state.sleepers.removeValue(forKey: id)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on, waking every sleep whose deadline it reaches.
    public func advance(by duration: Duration) {
        let woken = state.withLockVisibleToTSan {
            (state: inout sending State) -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return due.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once at least `count` sleeps are waiting on the clock (the code under test has reached its wait).
    public func sleepers(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLockVisibleToTSan { (state: inout sending State) -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append(Watcher(count: count, continuation: continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    private static func satisfiedWatchers(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.sleepers.count
        let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
        state.watchers.removeAll { $0.count <= count }
        return ready
    }
}
