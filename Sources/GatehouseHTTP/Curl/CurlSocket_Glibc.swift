internal import CCurlLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C side of `CURLOPT_OPENSOCKETFUNCTION`: reading the address libcurl is about to connect to, and opening
/// the socket as libcurl would have.
enum CurlSocket {
    /// The address in libcurl's `struct curl_sockaddr`.
    /// - Parameter address: what libcurl passed to the callback.
    /// - Returns: the address and port, or `nil` for a family other than IPv4 and IPv6.
    static func peer(_ address: UnsafeMutablePointer<curl_sockaddr>) -> PeerAddress? {
        let length = Int(address.pointee.addrlen)
        // libcurl stores the whole sockaddr there (struct Curl_sockaddr_ex), whatever the declared size of `addr`.
        let storage = UnsafeRawPointer(address) + MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
        switch address.pointee.family {
        case AF_INET where length >= MemoryLayout<sockaddr_in>.size:
            let ipv4 = storage.loadUnaligned(as: sockaddr_in.self)
            return PeerAddress(
                bytes: withUnsafeBytes(of: ipv4.sin_addr) { Array($0) }, port: UInt16(bigEndian: ipv4.sin_port))
        case AF_INET6 where length >= MemoryLayout<sockaddr_in6>.size:
            let ipv6 = storage.loadUnaligned(as: sockaddr_in6.self)
            return PeerAddress(
                bytes: withUnsafeBytes(of: ipv6.sin6_addr) { Array($0) }, port: UInt16(bigEndian: ipv6.sin6_port))
        default:
            return nil
        }
    }

    /// The address family libcurl asked for, for messages.
    static func family(_ address: UnsafeMutablePointer<curl_sockaddr>) -> Int32 { address.pointee.family }

    /// Opens the socket libcurl asked for, close-on-exec (libcurl makes it non-blocking and closes it).
    /// - Parameter address: what libcurl passed to the callback.
    /// - Returns: the descriptor, or `CURL_SOCKET_BAD` when `socket` fails.
    static func open(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        #if canImport(Glibc)
            let type = address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let type = address.pointee.socktype
        #endif
        let descriptor = socket(address.pointee.family, type, address.pointee.protocol)
        return descriptor >= 0 ? descriptor : CURL_SOCKET_BAD
    }
}
