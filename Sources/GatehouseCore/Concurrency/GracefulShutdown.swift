import Synchronization

/// The one trigger of a graceful shutdown, after swift-service-lifecycle's (hummingbird's) `gracefulShutdown()`: a
/// process triggers it once (`review serve` from its SIGTERM and SIGINT handlers), and every part of a service that
/// waits on it ends its wait, finishes the work it is doing and returns. Triggering is not cancelling: a round of
/// deliveries or a request in flight is not cut short, only the waits between them are.
///
/// Waiting is a continuation resumed by ``trigger()``, never a poll; a wait begun after the trigger returns at once.
package final class GracefulShutdown: Sendable {
    private struct State {
        var triggered = false
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// A shutdown not yet triggered.
    package init() {}

    /// Whether the shutdown was triggered.
    package var isTriggered: Bool { state.withLockVisibleToTSan { $0.triggered } }

    /// Triggers the shutdown: ends every wait in progress and every later one. Triggering again does nothing more.
    /// Not for a C signal handler (it takes a lock): `CommandLineKit`'s `TerminationSignals` calls it from a dispatch
    /// queue.
    package func trigger() {
        let waiters = state.withLockVisibleToTSan {
            (state: inout sending State) -> [CheckedContinuation<Void, Never>] in
            state.triggered = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the shutdown is triggered (at once if it was), or when the task is cancelled.
    package func wait() async {
        let id = state.withLockVisibleToTSan { (state: inout sending State) -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLockVisibleToTSan { (state: inout sending State) -> Bool in
                    // Cancelled before the continuation was kept: the handler below found nothing to resume.
                    if state.triggered || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLockVisibleToTSan {
                (state: inout sending State) -> CheckedContinuation<Void, Never>? in
                state.waiters.removeValue(forKey: id)
            }
            waiter?.resume()
        }
    }

    /// Waits until the shutdown is triggered or `duration` has passed on `clock`, whichever comes first: the pause
    /// between two rounds of a background loop.
    /// - Returns: whether the shutdown ended the wait (also when it came as the duration passed).
    package func wait(for duration: Duration, on clock: any Clock<Duration>) async -> Bool {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait() }
            group.addTask { try? await clock.sleep(for: duration) }
            await group.next()
            group.cancelAll()
            await group.waitForAll()
            return isTriggered
        }
    }
}
