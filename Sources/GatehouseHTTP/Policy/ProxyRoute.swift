/// Which proxy, if any, an exchange goes through: libcurl's environment variables with libcurl's precedence
/// (libcurl 7.88 `url.c`), decided here and handed to libcurl explicitly (`CURLOPT_PROXY`, with an empty
/// `CURLOPT_NOPROXY` so that libcurl does not apply `no_proxy` a second time). The transfer then knows whether
/// the address it is about to connect to is the server's or the proxy's, which the loopback rule needs
/// (`ConnectionRule`).
///
/// - `<scheme>_proxy`, then `<SCHEME>_PROXY` except for http (libcurl refuses `HTTP_PROXY`, which CGI lets a
///   client set), then `all_proxy`, then `ALL_PROXY`: the first that is set wins, and an empty value means none.
/// - `no_proxy`, else `NO_PROXY`: `*` alone, or a list separated by commas or spaces of names (matching the host
///   and every name under it; a leading or trailing dot is ignored) and of addresses with an optional CIDR prefix
///   length (for a host written as an address).
/// - Loopback hosts never use a proxy (the caller does not ask).
enum ProxyRoute {
    /// The proxy for a URL.
    /// - Parameters:
    ///   - scheme: the URL's scheme, lower case.
    ///   - host: the URL's host as libcurl parsed it (IPv6 in brackets).
    ///   - environment: reads one environment variable (`nil` when it is not set).
    /// - Returns: the proxy as libcurl takes it (`CURLOPT_PROXY`), or `nil` for a direct connection.
    static func proxy(scheme: String, host: String, environment: (String) -> String?) -> String? {
        if let noProxy = environment("no_proxy") ?? environment("NO_PROXY"), excludes(host: host, noProxy: noProxy) {
            return nil
        }
        var names = ["\(scheme)_proxy"]
        if scheme != "http" { names.append("\(scheme.uppercased())_PROXY") }
        names += ["all_proxy", "ALL_PROXY"]
        for name in names {
            if let value = environment(name) { return value.isEmpty ? nil : value }
        }
        return nil
    }

    /// Whether a `no_proxy` list names the host (libcurl's `Curl_check_noproxy`).
    /// - Parameters:
    ///   - host: the host as libcurl parsed it.
    ///   - noProxy: the list.
    /// - Returns: `true` when the host is to be reached directly.
    static func excludes(host: String, noProxy: String) -> Bool {
        if noProxy == "*" { return true }
        let tokens = noProxy.split { $0 == "," || $0 == " " }
        if host.hasPrefix("["), host.hasSuffix("]") {
            guard let address = AddressText.ipv6Bytes(String(host.dropFirst().dropLast())) else { return false }
            return tokens.contains { matches(address: address, token: $0) }
        }
        if let address = AddressText.ipv4Bytes(host) {
            return tokens.contains { matches(address: address, token: $0) }
        }
        var name = Substring(host.lowercased())
        if name.hasSuffix(".") { name = name.dropLast() }
        return tokens.contains { token in
            var domain = Substring(token.lowercased())
            if domain.hasPrefix(".") { domain = domain.dropFirst() }
            if domain.hasSuffix(".") { domain = domain.dropLast() }
            guard !domain.isEmpty else { return false }
            return name == domain || name.hasSuffix("." + domain)
        }
    }

    /// An address against one token: an address of the same family, with an optional `/bits` prefix length.
    private static func matches(address: [UInt8], token: Substring) -> Bool {
        var network = token
        var bits = address.count * 8
        if let slash = token.firstIndex(of: "/") {
            network = token[..<slash]
            let length = Int(token[token.index(after: slash)...]) ?? 0
            guard length >= 0, length <= bits else { return false }
            if length > 0 { bits = length }
        }
        if network.hasPrefix("["), network.hasSuffix("]") { network = network.dropFirst().dropLast() }
        let parsed =
            address.count == 4 ? AddressText.ipv4Bytes(String(network)) : AddressText.ipv6Bytes(String(network))
        guard let parsed, parsed.count == address.count else { return false }
        for index in 0..<address.count {
            let bitsHere = min(8, max(0, bits - index * 8))
            let mask = bitsHere == 0 ? UInt8(0) : UInt8(truncatingIfNeeded: 0xFF << (8 - bitsHere))
            guard address[index] & mask == parsed[index] & mask else { return false }
        }
        return true
    }
}
