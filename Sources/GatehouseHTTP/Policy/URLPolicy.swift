internal import CCurl

/// The URL rules, applied to the request URL and to every redirect target before any connection is made.
///
/// - Only `https` is fetched, except `http` to a loopback host (127.0.0.0/8, ::1, `localhost`) so tests can use
///   a local server.
/// - A redirect is held to the same rule, and a redirect from a host that is not loopback to a loopback host is
///   refused (a public server must not be able to point this process at its own machine's services).
enum URLPolicy {
    /// Parses and checks a URL.
    /// - Parameter text: the URL.
    /// - Returns: the checked URL.
    /// - Throws: `HTTPError.invalidURL` or `HTTPError.insecureURL` naming the URL and the rule.
    static func check(_ text: String) throws -> CheckedURL {
        let parsed = try CurlURL(parsing: text)
        guard let scheme = parsed.part(CURLUPART_SCHEME)?.lowercased() else {
            throw HTTPError(.invalidURL, "'\(text)' has no scheme: write it as https://host/path")
        }
        guard scheme == "https" || scheme == "http" else {
            throw HTTPError(
                .invalidURL,
                "'\(text)' uses the scheme '\(scheme)': only https (and http to a loopback host) is fetched")
        }
        guard let host = parsed.part(CURLUPART_HOST), !host.isEmpty else {
            throw HTTPError(.invalidURL, "'\(text)' has no host: write it as https://host/path")
        }
        let isLoopback = LoopbackAddress.isLoopback(host: host)
        if scheme == "http" && !isLoopback {
            throw HTTPError(
                .insecureURL,
                "\(text) uses plain http to \(host), which is not a loopback host: use https (plain http is"
                    + " allowed only to 127.0.0.0/8, ::1 and localhost); no connection was made")
        }
        let port = parsed.part(CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)) ?? ""
        let normalized = parsed.part(CURLUPART_URL) ?? text
        return CheckedURL(
            curlURL: parsed, text: text, normalized: normalized, scheme: scheme, host: host, port: port,
            isLoopback: isLoopback)
    }

    /// Checks a redirect target.
    /// - Parameters:
    ///   - location: the absolute target (libcurl resolves a relative `Location` against the current URL).
    ///   - current: the URL that answered with the redirect.
    ///   - status: the redirect status.
    /// - Returns: the checked target.
    /// - Throws: `HTTPError.invalidURL` or `HTTPError.insecureURL` naming both URLs.
    static func checkRedirect(to location: String, from current: CheckedURL, status: Int) throws -> CheckedURL {
        let next: CheckedURL
        do {
            next = try check(location)
        } catch let error as HTTPError {
            throw HTTPError(
                error.code, "redirect (\(status)) from \(current.text) to \(location) refused: \(error.reason)")
        }
        if next.isLoopback && !current.isLoopback {
            throw HTTPError(
                .insecureURL,
                "redirect (\(status)) from \(current.text) to \(location) refused: \(next.host) is loopback, and a"
                    + " server that is not on this machine may not redirect to this machine's own services")
        }
        return next
    }
}
