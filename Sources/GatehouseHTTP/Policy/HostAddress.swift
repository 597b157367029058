/// The first look at a URL's host, before anything is resolved: whether it is written as a loopback or an
/// unspecified address, or is a name (or an address) to be judged when libcurl connects.
///
/// Loopback, as written: `localhost` and every name under it (RFC 6761 section 6.3; libcurl answers them itself,
/// without DNS); an IPv4 address in any form `inet_aton` and libcurl accept (one to four parts, each decimal,
/// octal with a leading `0`, or hexadecimal with `0x`: `127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`), and
/// an IPv6 address in brackets, mapped forms included. One trailing dot is ignored (`localhost.`, `127.0.0.1.`).
/// Anything this look does not recognise is judged by the address it resolves to (`ConnectionRule`), so
/// spellings it misses are still caught, just later.
enum HostAddress {
    /// Classifies a host as libcurl's URL parser returns it (IPv6 in brackets, without the zone id).
    /// - Returns: `loopback` or `unspecified` when the host is written as such; otherwise `other`.
    static func classify(host: String) -> AddressClass {
        var name = Substring(host.lowercased())
        if name.hasSuffix(".") { name = name.dropLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return .loopback }
        if name.hasPrefix("["), name.hasSuffix("]") {
            guard let bytes = AddressText.ipv6Bytes(String(name.dropFirst().dropLast())) else { return .other }
            return AddressClass.ipv6(bytes)
        }
        guard let address = ipv4(name) else { return .other }
        return AddressClass.ipv4(address)
    }

    /// Parses an IPv4 address the way `inet_aton` does (and getaddrinfo, which uses it, and libcurl's URL
    /// parser), without trailing characters: `a.b.c.d`, `a.b.c` (c is 16 bits), `a.b` (b is 24 bits) or `a`
    /// (32 bits); each part decimal, octal (leading `0`) or hexadecimal (`0x`/`0X` and at least one digit).
    /// - Parameter text: the host.
    /// - Returns: the address, most significant byte first, or `nil` when it is not an IPv4 address.
    static func ipv4(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = number(part) else { return nil }
            values.append(value)
        }
        let last = values.removeLast()
        guard values.allSatisfy({ $0 <= 0xFF }), last < UInt64(1) << (8 * (4 - values.count)) else { return nil }
        var address: UInt64 = 0
        for (index, value) in values.enumerated() { address |= value << (8 * (3 - index)) }
        return UInt32(address | last)
    }

    /// One part: decimal, octal or hexadecimal, at most 32 bits (leading zeros are allowed, as inet_aton does).
    private static func number(_ part: Substring) -> UInt64? {
        var digits = part.utf8[...]
        var radix: UInt64 = 10
        if digits.first == UInt8(ascii: "0"), digits.count > 1 {
            digits = digits.dropFirst()
            radix = 8
            if digits.first == UInt8(ascii: "x") {
                digits = digits.dropFirst()
                radix = 16
            }
        }
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * radix + digit
            guard value <= UInt64(UInt32.max) else { return nil }
        }
        return value
    }
}
