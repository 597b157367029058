/// The limits of a `MicroHTTPServer`, all explicit (libmicrohttpd's defaults are unlimited connections and no
/// timeout).
package struct MicroHTTPServerConfiguration: Sendable, Hashable {
    /// At most this many connections at once (`MHD_OPTION_CONNECTION_LIMIT`); more wait in the listening socket's
    /// backlog until one closes.
    package var connectionLimit: Int = 64
    /// A connection idle this long is closed (`MHD_OPTION_CONNECTION_TIMEOUT`), so a stalled client holds its
    /// thread for a bounded time.
    package var connectionTimeoutSeconds: Int = 10
    /// A request's head and body must have arrived this long after its first byte could (the connection's
    /// acceptance, or the end of the previous request on it); past it the server answers 408 and closes the
    /// connection. libmicrohttpd's timeout counts only idle time, so without this a client trickling one byte at a
    /// time would hold its connection for ever (slowloris). The handler's own time is not counted.
    package var requestDeadline: Duration = .seconds(10)
    /// While every connection is taken, the one that has been reading its request longest is answered 408 and closed
    /// once it has been reading this long (one at a time), so that a new client is served within a few seconds even
    /// when tricklers hold every other slot. Per-address limits would not do: behind a proxy every connection comes
    /// from the same address.
    package var sheddingAge: Duration = .seconds(1)
    /// Memory per connection for the head and read buffer (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`).
    package var connectionMemoryBytes: Int = 32 * 1024

    /// The defaults: 64 connections, 10 s idle timeout, 10 s per request, shedding after 1 s at the limit, 32 KiB per
    /// connection.
    package init() {}
}
