/// The origin (scheme, host, port; RFC 6454 section 4) of a URL that passes this module's URL policy: `https`, or
/// `http` to a loopback host. For clients built on `HTTPFetching` that must refuse a bad base URL up front and keep
/// every request they send with credentials on one origin (a pagination `next` link pointing at another host must
/// not receive the bearer token).
///
/// `package` API: the rule is the one `CurlHTTPClient` applies, parsed by the same libcurl URL parser.
package struct URLOrigin: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    package let scheme: String
    /// The host as libcurl parsed it, lowercased (IPv6 in brackets).
    package let host: String
    /// The port, explicit or the scheme's default.
    package let port: String
    /// Whether the host is loopback (127.0.0.0/8, ::1, `localhost`).
    package let isLoopback: Bool

    /// Checks a URL against the policy and reads its origin.
    /// - Parameter url: an absolute URL.
    /// - Throws: `HTTPError.invalidURL` (not an absolute http(s) URL) or `HTTPError.insecureURL` (plain http to a
    ///   host that is not loopback), naming the URL and the rule.
    package init(checking url: String) throws {
        let checked = try URLPolicy.check(url)
        scheme = checked.scheme
        host = checked.host.lowercased()
        port = checked.port
        isLoopback = checked.hostClass == .loopback
    }

    package var description: String { "\(scheme)://\(host):\(port)" }
}
