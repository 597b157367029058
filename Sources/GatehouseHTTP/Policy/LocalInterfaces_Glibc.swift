#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C side of "is this address one of this machine's own": the addresses of its network interfaces
/// (`getifaddrs`), read at the moment of each connection, so an address added since start-up counts too.
enum LocalInterfaces {
    /// Every IPv4 (4 bytes) and IPv6 (16 bytes) address of this machine's interfaces, loopback included; empty
    /// when `getifaddrs` fails (the loopback and unspecified checks do not depend on it).
    static func addresses() -> [[UInt8]] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [[UInt8]] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            if let address = current.pointee.ifa_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    let ipv4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
                    addresses.append(withUnsafeBytes(of: ipv4.sin_addr) { Array($0) })
                case AF_INET6:
                    let ipv6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
                    addresses.append(withUnsafeBytes(of: ipv6.sin6_addr) { Array($0) })
                default:
                    break
                }
            }
            entry = current.pointee.ifa_next
        }
        return addresses
    }
}
