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

    /// Waits until no request is in flight, or the bound passes.
    /// - Parameter bound: the longest wait.
    /// - Returns: whether every request finished.
    package func waitForRequestsInFlight(upTo bound: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: bound)
        while requestsInFlight > 0 {
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Stops the daemon: open connections are closed and its threads joined.
    package func stop() { daemon.stop() }
}

/// What the C callbacks reach through their `cls` pointer.
final class ServerContext: Sendable {
    let handler: any HTTPServerHandler
    let log: @Sendable (HTTPRequestRecord) -> Void
    let inFlight = Atomic<Int>(0)
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
