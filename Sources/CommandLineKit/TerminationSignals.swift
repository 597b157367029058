import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM turned into a call, for a command that stops gracefully (`review serve`, `review watch`): the
/// action runs on a dispatch queue of its own, outside signal context, so it may take locks and resume continuations
/// (a C signal handler may only call async-signal-safe functions, POSIX.1-2017 XSH 2.4.3, so it could at most set a
/// flag for someone to poll). Each signal runs the action again; an action that triggers a shutdown does nothing the
/// second time.
///
/// For a process's `main.swift` only: a library or a test driving a command in process triggers the shutdown itself.
package enum TerminationSignals {
    /// The sources, kept for the life of the process (a released source stops delivering).
    private static let sources = Mutex<[Kept]>([])

    /// A source, only kept: libdispatch objects are thread-safe, the Swift overlay does not say so.
    private struct Kept: @unchecked Sendable {
        let source: any DispatchSourceSignal
    }

    /// From now on, SIGINT and SIGTERM (or `signals`) call `action` instead of ending the process. On Linux the
    /// source is registered on the dispatch manager's thread soon after this returns: a signal before that keeps its
    /// default action.
    /// - Parameter signals: the signal numbers; SIGINT and SIGTERM unless a test needs one no one else sends.
    package static func install(_ signals: [Int32] = [SIGINT, SIGTERM], _ action: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "gatehouse.termination-signals")
        for number in signals {
            // Darwin's dispatch sources need the default action off (the kernel would still end the process); on
            // Linux libdispatch installs its own handler for the signal when the source is resumed.
            #if canImport(Darwin)
                signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: action)
            source.resume()
            let kept = Kept(source: source)
            sources.withLock { $0.append(kept) }
        }
    }
}
