internal import GatehouseCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on GNU libmicrohttpd: one thread per connection (a handler may block on its store or on a
/// bounded call out, and holds only its own connection), explicit connection limit and idle timeout, a deadline for
/// each request's head and body (late ones, and the longest reader while every connection is taken, are answered 408
/// and closed), the request framing of RFC 9112 section 6 checked before any route, a body limit enforced while the
/// body is read, and a graceful stop.
///
/// ```swift
/// let server = try MicroHTTPServer(address: .loopbackDefault, handler: handler, log: { print($0.line) })
/// // ...
/// server.stopAccepting()                 // the listening socket is closed: new connections are refused
/// _ = await server.waitForRequestsInFlight(upTo: .seconds(30))
/// server.stop()
/// ```
package final class MicroHTTPServer: Sendable {
    /// The address listened on, with the port the system gave when 0 was asked for.
    package let address: ListenAddress
    let daemon: Daemon
    let context: ServerContext

    /// Starts listening.
    /// - Parameters:
    ///   - address: where.
    ///   - configuration: the limits.
    ///   - handler: what answers.
    ///   - log: receives one record per request (method, path, status, what it did, duration).
    /// - Throws: `HTTPServerError.cannotListen` naming the address.
    package init(
        address: ListenAddress, configuration: MicroHTTPServerConfiguration = MicroHTTPServerConfiguration(),
        handler: any HTTPServerHandler, log: @escaping @Sendable (HTTPRequestRecord) -> Void
    ) throws(HTTPServerError) {
        let context = ServerContext(handler: handler, configuration: configuration, log: log)
        guard let daemon = Daemon.start(address: address, configuration: configuration, context: context) else {
            throw HTTPServerError(
                .cannotListen,
                "cannot listen on \(address) (errno \(errno): \(String(cString: strerror(errno)))); is another "
                    + "process using the port, or the address not one of this machine's?")
        }
        self.daemon = daemon
        self.context = context
        self.address = address.with(port: daemon.boundPort)
    }

    deinit { daemon.stop() }

    /// Requests being read or answered now.
    package var requestsInFlight: Int { context.inFlight.load(ordering: .acquiring) }

    /// Closes the listening socket: new connections are refused; requests in flight go on.
    package func stopAccepting() { daemon.quiesce() }

    /// Waits until no request is in flight, or the bound passes on `clock`. Woken by the last request's completion,
    /// not polled.
    /// - Parameters:
    ///   - bound: the longest wait.
    ///   - clock: what the bound is timed on.
    /// - Returns: whether every request finished.
    package func waitForRequestsInFlight(upTo bound: Duration, on clock: any Clock<Duration> = ContinuousClock())
        async -> Bool
    {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { [context] in await context.idle.wait { context.inFlight.load(ordering: .acquiring) } }
            group.addTask {
                try? await clock.sleep(for: bound)
                return false
            }
            let drained = await group.next() ?? false
            group.cancelAll()
            await group.waitForAll()
            return drained || requestsInFlight == 0
        }
    }

    /// Stops the daemon: open connections are closed and its threads joined.
    package func stop() { daemon.stop() }
}

/// What the C callbacks reach through their `cls` pointer.
final class ServerContext: Sendable {
    let handler: any HTTPServerHandler
    let log: @Sendable (HTTPRequestRecord) -> Void
    let inFlight = Atomic<Int>(0)
    /// Resumes the drain's wait when the last request in flight completes.
    let idle = IdleSignal()
    let watch: ConnectionWatch

    init(
        handler: any HTTPServerHandler, configuration: MicroHTTPServerConfiguration,
        log: @escaping @Sendable (HTTPRequestRecord) -> Void
    ) {
        self.handler = handler
        self.log = log
        watch = ConnectionWatch(configuration: configuration, log: log)
    }
}

/// The drain's wait for no request in flight: a continuation the completion callback resumes when it takes the count
/// to zero. The count is read under the lock that guards the waiters, after the callback's decrement, so a completion
/// between the read and the wait cannot be missed.
final class IdleSignal: Sendable {
    private struct State {
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Called after a request left the count, with the count now.
    func requestEnded(remaining: Int) {
        guard remaining == 0 else { return }
        let waiters = state.withLockVisibleToTSan {
            (state: inout sending State) -> [CheckedContinuation<Bool, Never>] in
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Returns true once no request is in flight (at once when none is), false when the task is cancelled first.
    /// A request begun after the last one ended (a keep-alive connection's next request) is waited for too.
    func wait(inFlight: @Sendable () -> Int) async -> Bool {
        while !Task.isCancelled {
            let id = state.withLockVisibleToTSan { (state: inout sending State) -> UInt64 in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            let woken = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                    let now = state.withLockVisibleToTSan { (state: inout sending State) -> Bool? in
                        if inFlight() == 0 { return true }
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
            guard woken else { return false }
            if inFlight() == 0 { return true }
        }
        return false
    }
}
