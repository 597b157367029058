internal import Dispatch
internal import GatehouseCore
internal import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request to stop, made once: by SIGINT or SIGTERM for a command that runs until stopped
/// (`CommandExecution.untilStopped`), or by a test. A command waits for it (`wait()`, no polling) or has it call
/// back (`onRequest(_:)`), then finishes what is in flight and returns, as a service group's graceful shutdown does
/// (swift-service-lifecycle's `ServiceGroup`, which hummingbird runs under).
package final class StopSignal: Sendable {
    private struct State {
        var isRequested = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var actions: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// A stop not yet requested.
    package init() {}

    /// Whether a stop was requested.
    package var isRequested: Bool { state.withLockVisibleToTSan { $0.isRequested } }

    /// Requests the stop: every `wait()` returns and every `onRequest(_:)` action runs, once; later requests do
    /// nothing more.
    package func request() {
        let (waiters, actions) = state.withLockVisibleToTSan {
            state -> ([CheckedContinuation<Void, Never>], [@Sendable () -> Void]) in
            guard !state.isRequested else { return ([], []) }
            state.isRequested = true
            defer {
                state.waiters = [:]
                state.actions = []
            }
            return (Array(state.waiters.values), state.actions)
        }
        for waiter in waiters { waiter.resume() }
        for action in actions { action() }
    }

    /// Returns when the stop is requested (at once if it was), or when the calling task is cancelled, so a task
    /// group that waits for it beside a service ends when the service does.
    package func wait() async {
        let id = state.withLockVisibleToTSan { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLockVisibleToTSan { state -> Bool in
                    if state.isRequested || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLockVisibleToTSan { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Runs `action` when the stop is requested (at once, on this thread, if it was): for code that takes a flag
    /// of its own (`ReviewSync`'s `StopFlag`).
    /// - Parameter action: what to do; it runs on the thread that requests the stop.
    package func onRequest(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLockVisibleToTSan { state -> Bool in
            if state.isRequested { return true }
            state.actions.append(action)
            return false
        }
        if runNow { action() }
    }

    /// A stop that `signals` request, through a dispatch source each, whose handler requests the stop on a
    /// dispatch queue rather than in a signal handler, where resuming a task is not allowed (POSIX.1-2017, 2.4.3:
    /// only async-signal-safe functions). From the moment a source is registered (on the dispatch manager's thread,
    /// soon after this returns) the signal no longer ends the process: on Linux libdispatch installs its own handler
    /// and reads the signal from a `signalfd`; on Darwin the signal is ignored and kqueue reports it. Before that
    /// moment the signal keeps its default action, and ends the process as it would have before the command began.
    /// - Parameter signals: the signal numbers, SIGINT and SIGTERM by default.
    /// - Returns: the stop.
    package static func onTerminationSignals(_ signals: [Int32] = [SIGINT, SIGTERM]) -> StopSignal {
        let stop = StopSignal()
        for number in signals {
            #if canImport(Darwin)
                signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // The handler holds its source: a released source stops delivering, and this one serves the process
            // to its end.
            source.setEventHandler {
                withExtendedLifetime(source) {}
                stop.request()
            }
            source.resume()
        }
        return stop
    }
}
