#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which hosts count as loopback, the only hosts plain http may reach: `localhost` (which libcurl resolves to
/// loopback itself, without DNS), IPv4 127.0.0.0/8 (RFC 1122 section 3.2.1.3) written as a dotted quad, and IPv6
/// `::1` (RFC 4291 section 2.5.3). Anything else, including other spellings that might reach loopback, is not:
/// the check fails closed.
enum LoopbackAddress {
    /// Whether a host, as libcurl's URL parser returns it (IPv6 in brackets), is loopback.
    /// - Parameter host: the host part.
    /// - Returns: `true` for loopback.
    static func isLoopback(host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" { return true }
        if lower.hasPrefix("["), lower.hasSuffix("]") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(lower.dropFirst().dropLast()), &address) == 1 else { return false }
            return withUnsafeBytes(of: &address) { bytes in
                bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            }
        }
        var address = in_addr()
        guard inet_pton(AF_INET, lower, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { $0[0] == 127 }
    }
}
