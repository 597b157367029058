import Foundation
import GatehouseCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Owns one TCP socket descriptor on 127.0.0.1 for `LoopbackHTTPServer`; closed exactly once, in `close()` or
/// `deinit`. `shutdown()` may be called from another thread to wake a blocked reader.
final class LoopbackSocket: Sendable {
    /// The descriptor, -1 once closed.
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    deinit { close() }

    /// A listening socket on 127.0.0.1 (or `::1`) with an ephemeral port.
    /// - Parameter ipv6: listen on `::1` (IPv6 only) instead of 127.0.0.1.
    /// - Returns: the socket and its port.
    /// - Throws: `LoopbackServerError` naming the failed call and errno.
    static func listenOnLoopback(ipv6: Bool = false) throws -> (LoopbackSocket, UInt16) {
        let family = ipv6 ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LoopbackServerError("socket() failed: \(errnoText())") }
        let owner = LoopbackSocket(descriptor: fd)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if ipv6 { _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        var storage = sockaddr_storage()
        var length: socklen_t
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeBytes(of: &address) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeBytes(of: &address) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let name = ipv6 ? "[::1]:0" : "127.0.0.1:0"
        guard bound == 0 else { throw LoopbackServerError("bind(\(name)) failed: \(errnoText())") }
        guard listen(fd, 128) == 0 else { throw LoopbackServerError("listen() failed: \(errnoText())") }
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw LoopbackServerError("getsockname() failed: \(errnoText())") }
        // sin_port and sin6_port sit at the same offset (2), in network order.
        let port = withUnsafeBytes(of: &storage) { UInt16($0[2]) << 8 | UInt16($0[3]) }
        return (owner, port)
    }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed): connecting to it is refused.
    /// - Returns: the port.
    /// - Throws: `LoopbackServerError` when no socket can be bound.
    static func closedPort() throws -> UInt16 {
        // Bound but never listening, and kept bound for the life of the process: a connection to it is refused at
        // once (RST), and the kernel cannot hand the port to a test server started later (a port merely closed
        // could be, so a test running in parallel would connect to that server and spoil its connection count).
        // No SO_REUSEADDR, so no other socket can share the port.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LoopbackServerError("socket() failed: \(errnoText())") }
        let owner = LoopbackSocket(descriptor: fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw LoopbackServerError("bind(127.0.0.1:0) failed: \(errnoText())") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw LoopbackServerError("getsockname() failed: \(errnoText())") }
        reservedPorts.withLockVisibleToTSan { $0.append(owner) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// The sockets holding `closedPort()`'s ports for the life of the process.
    private static let reservedPorts = Mutex<[LoopbackSocket]>([])

    /// Waits up to `timeoutMilliseconds` for a connection.
    /// - Returns: the connection, or `nil` on timeout or when the listener is closed.
    func accept(timeoutMilliseconds: Int32) -> LoopbackSocket? {
        let fd = descriptor.withLockVisibleToTSan { $0 }
        guard fd >= 0 else { return nil }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) > 0 else { return nil }
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)  // child processes (openssl, python3) must not inherit it
        let connection = LoopbackSocket(descriptor: client)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// Reads what is available, up to `maximum` bytes.
    /// - Returns: the bytes, or `nil` at end of stream, on error or after the 10 s receive timeout.
    func read(maximum: Int = 65536) -> [UInt8]? {
        let fd = descriptor.withLockVisibleToTSan { $0 }
        guard fd >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: maximum)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, maximum, 0) }
        guard count > 0 else { return nil }
        return Array(buffer.prefix(count))
    }

    /// Writes all bytes (never raising SIGPIPE).
    /// - Returns: whether every byte was written.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        let fd = descriptor.withLockVisibleToTSan { $0 }
        guard fd >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Stops both directions, waking a blocked reader; the descriptor stays open until `close()`.
    func shutdown() {
        descriptor.withLockVisibleToTSan { descriptor in
            if descriptor >= 0 { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes with a TCP reset instead of an orderly close (`SO_LINGER` with a zero timeout).
    func resetAndClose() {
        descriptor.withLockVisibleToTSan { descriptor in
            guard descriptor >= 0 else { return }
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close()
    }

    /// Closes the descriptor (once).
    func close() {
        descriptor.withLockVisibleToTSan { descriptor in
            guard descriptor >= 0 else { return }
            _ = Glibc.close(descriptor)
            descriptor = -1
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) + " (errno \(errno))" }
}
