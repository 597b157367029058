/// A URL that passed the policy: parsed by libcurl, `https`, or `http` to a host written as loopback, and not an
/// unspecified address.
struct CheckedURL {
    /// The parsed URL, handed to libcurl as is.
    let curlURL: CurlURL
    /// The URL as the caller or the server wrote it (for messages).
    let text: String
    /// The URL as libcurl normalised it.
    let normalized: String
    /// `http` or `https`.
    let scheme: String
    /// The host as libcurl parsed it (IPv6 in brackets).
    let host: String
    /// The port, explicit or the scheme's default.
    let port: String
    /// The host as written: `loopback` for a loopback address or `localhost` name, `other` for everything else
    /// (names are judged by the address they resolve to, when libcurl connects).
    let hostClass: AddressClass

    /// Whether another URL has the same origin (scheme, host and port; RFC 6454 section 4).
    /// - Parameter other: the other URL.
    /// - Returns: `true` when the origins are equal.
    func isSameOrigin(as other: CheckedURL) -> Bool {
        scheme == other.scheme && host.lowercased() == other.host.lowercased() && port == other.port
    }
}
