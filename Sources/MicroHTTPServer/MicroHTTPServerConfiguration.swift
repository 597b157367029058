/// The limits of a `MicroHTTPServer`, all explicit (libmicrohttpd's defaults are unlimited connections and no
/// timeout).
package struct MicroHTTPServerConfiguration: Sendable, Hashable {
    /// At most this many connections at once; more are refused by libmicrohttpd (`MHD_OPTION_CONNECTION_LIMIT`).
    package var connectionLimit: Int = 64
    /// A connection idle this long is closed (`MHD_OPTION_CONNECTION_TIMEOUT`), so a slow or stalled client holds
    /// its thread for a bounded time.
    package var connectionTimeoutSeconds: Int = 10
    /// Memory per connection for the head and read buffer (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`).
    package var connectionMemoryBytes: Int = 32 * 1024

    /// The defaults: 64 connections, 10 s idle timeout, 32 KiB per connection.
    package init() {}
}
