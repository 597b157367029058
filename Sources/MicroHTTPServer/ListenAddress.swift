#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the server listens: an IP literal and a port, `127.0.0.1:8080` or `[::1]:8080` (`localhost` is
/// 127.0.0.1). Port 0 asks the system for a free one (tests); the server reports the port it got.
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The loopback default: nothing outside the machine can reach it; TLS and exposure are a reverse proxy's job.
    package static let loopbackDefault = ListenAddress(host: "127.0.0.1", port: 8080, isIPv6: false)

    /// The IP literal, without brackets.
    package let host: String
    /// The port.
    package let port: UInt16
    /// Whether `host` is an IPv6 literal.
    package let isIPv6: Bool

    private init(host: String, port: UInt16, isIPv6: Bool) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    /// Reads `HOST:PORT`.
    /// - Parameter text: `127.0.0.1:8080`, `[::1]:8080`, `localhost:8080`, `0.0.0.0:8080`.
    /// - Throws: `HTTPServerError.invalidAddress` naming the text and the expected form.
    package init(parsing text: String) throws(HTTPServerError) {
        let problem = HTTPServerError(
            .invalidAddress,
            "the listen address \"\(text)\" is not HOST:PORT with an IP address (127.0.0.1:8080, [::1]:8080, "
                + "0.0.0.0:8080) and a port from 0 to 65535")
        var host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw problem
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw problem }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        if host == "localhost" { host = "127.0.0.1" }
        guard !portText.isEmpty, portText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let port = UInt16(portText)
        else { throw problem }
        var scratch = in6_addr()
        let isIPv6 = inet_pton(AF_INET6, String(host), &scratch) == 1
        guard isIPv6 || inet_pton(AF_INET, String(host), &scratch) == 1 else { throw problem }
        self.init(host: String(host), port: port, isIPv6: isIPv6)
    }

    /// The same address on another port (the one the system gave for port 0).
    /// - Returns: the address.
    package func with(port: UInt16) -> ListenAddress { ListenAddress(host: host, port: port, isIPv6: isIPv6) }

    /// Whether only this machine can connect (127.0.0.0/8 or ::1).
    package var isLoopback: Bool { isIPv6 ? host == "::1" : host.hasPrefix("127.") }

    package var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Calls `body` with the address as a `sockaddr`.
    func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        _ = inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
