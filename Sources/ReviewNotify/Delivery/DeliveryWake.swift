import GatehouseCore
import Synchronization

/// Wakes a waiting ``NotificationDeliverer`` loop: whoever commits notifications to the outbox (`review serve`'s
/// webhook receiver, its pending resolver) calls ``signal()``, and the loop's wait between rounds ends at once instead
/// of at the next poll. A signal given while no loop waits is kept (one, however many were given) and ends the next
/// wait, so a commit made during a round is not missed. A continuation, not a poll: the waiting task sleeps until the
/// signal or the end of its wait.
public final class DeliveryWake: Sendable {
    private struct State {
        var signalled = false
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Creates a wake, not signalled.
    public init() {}

    /// Ends every wait in progress, or else the next one.
    public func signal() {
        let waiters = state.withLockVisibleToTSan {
            (state: inout sending State) -> [CheckedContinuation<Bool, Never>] in
            guard !state.waiters.isEmpty else {
                state.signalled = true
                return []
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Waits until a signal (one kept from before counts, and is used up) or until `bound` has passed on `clock`, or
    /// the task is cancelled.
    /// - Returns: whether a signal ended the wait (also when it came as the bound passed: it is never lost).
    package func wait(upTo bound: Duration, on clock: any Clock<Duration> = ContinuousClock()) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.next() }
            group.addTask {
                try? await clock.sleep(for: bound)
                return false
            }
            var woken = await group.next() ?? false
            group.cancelAll()
            for await signalled in group { woken = woken || signalled }
            return woken
        }
    }

    /// Returns true at the next signal (at once for a kept one), false when the task is cancelled first.
    private func next() async -> Bool {
        let id = state.withLockVisibleToTSan { (state: inout sending State) -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now = state.withLockVisibleToTSan { (state: inout sending State) -> Bool? in
                    if state.signalled {
                        state.signalled = false
                        return true
                    }
                    // Cancelled before the continuation was kept: the handler below found nothing to resume.
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLockVisibleToTSan {
                (state: inout sending State) -> CheckedContinuation<Bool, Never>? in
                state.waiters.removeValue(forKey: id)
            }
            waiter?.resume(returning: false)
        }
    }
}
