#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C side of address text: `inet_pton` and `inet_ntop`.
enum AddressText {
    /// Parses an IPv6 address without brackets (`inet_pton`, RFC 4291 section 2.2 forms only).
    /// - Parameter text: the address.
    /// - Returns: its 16 bytes, or `nil` when it is not an IPv6 address.
    static func ipv6Bytes(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    /// Parses an IPv4 dotted quad (`inet_pton`: exactly four decimal parts, as libcurl's `no_proxy` matching).
    /// - Parameter text: the address.
    /// - Returns: its 4 bytes, or `nil` when it is not a dotted quad.
    static func ipv4Bytes(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    /// Writes an address the usual way (`inet_ntop`): dotted quad for 4 bytes, RFC 5952 for 16.
    /// - Parameter bytes: 4 or 16 bytes in network order.
    /// - Returns: the text, or a hex dump for any other length.
    static func text(_ bytes: [UInt8]) -> String {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return bytes.map { String($0, radix: 16) }.joined(separator: ":")
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard written != nil else { return bytes.map { String($0, radix: 16) }.joined(separator: ":") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
