/// The URL rules, applied to the request URL and to every redirect target before anything is resolved or
/// connected; `ConnectionRule` then judges every address libcurl is about to connect to, which is where the
/// loopback decision is finally made.
///
/// - Only `https` is fetched, except `http` to a host written as loopback (127.0.0.0/8 in any numeric form, `::1`,
///   their IPv4-mapped forms, `localhost`) so tests can use a local server; it must also connect to loopback. An
///   OCSP request (`HTTPRequest.isOCSP`) may use plain http to any host: responders serve it so, and the response
///   is signed (RFC 6960 section 4.2.1); its redirects are not excepted.
/// - An unspecified address (0.0.0.0/8 or `::`, in any spelling: `0`, `0x0`, `0.0`, `[::ffff:0.0.0.0]`) is
///   refused: it connects to this machine itself.
/// - A redirect is held to the same rules, and a redirect from a server that was not on loopback may not lead to
///   loopback at all (a public server must not be able to point this process at its own machine's services):
///   refused here when the target is written as loopback, and when libcurl connects when it only resolves there.
enum URLPolicy {
    /// Parses and checks a URL.
    /// - Parameters:
    ///   - text: the URL.
    ///   - plainHTTPAnywhere: an OCSP request's exception: plain http to a host that is not loopback.
    /// - Returns: the checked URL.
    /// - Throws: `HTTPError.invalidURL` or `HTTPError.insecureURL` naming the URL and the rule.
    static func check(_ text: String, plainHTTPAnywhere: Bool = false) throws -> CheckedURL {
        let parsed = try CurlURL(parsing: text)
        guard let scheme = parsed.scheme?.lowercased() else {
            throw HTTPError(.invalidURL, "'\(text)' has no scheme: write it as https://host/path")
        }
        guard scheme == "https" || scheme == "http" else {
            throw HTTPError(
                .invalidURL,
                "'\(text)' uses the scheme '\(scheme)': only https (and http to a loopback host) is fetched")
        }
        guard let host = parsed.host, !host.isEmpty else {
            throw HTTPError(.invalidURL, "'\(text)' has no host: write it as https://host/path")
        }
        let hostClass = HostAddress.classify(host: host)
        if hostClass == .unspecified {
            throw HTTPError(
                .insecureURL,
                "\(text) names \(host), \(unspecifiedExplanation); name the server instead; no connection was made")
        }
        if scheme == "http" && hostClass != .loopback && !plainHTTPAnywhere {
            throw HTTPError(
                .insecureURL,
                "\(text) uses plain http to \(host), which is not a loopback host: use https (plain http is"
                    + " allowed only to 127.0.0.0/8, ::1 and localhost); no connection was made")
        }
        let port = parsed.portOrDefault ?? ""
        let normalized = parsed.normalized ?? text
        return CheckedURL(
            curlURL: parsed, text: text, normalized: normalized, scheme: scheme, host: host, port: port,
            hostClass: hostClass)
    }

    /// Checks a redirect target.
    /// - Parameters:
    ///   - location: the absolute target (libcurl resolves a relative `Location` against the current URL).
    ///   - current: the URL that answered with the redirect.
    ///   - status: the redirect status.
    ///   - loopbackSoFar: whether every server so far, the one redirecting included, was reached on a loopback
    ///     address (decided from the addresses connected to, not from the URLs).
    /// - Returns: the checked target.
    /// - Throws: `HTTPError.invalidURL` or `HTTPError.insecureURL` naming both URLs.
    static func checkRedirect(
        to location: String, from current: CheckedURL, status: Int, loopbackSoFar: Bool
    ) throws -> CheckedURL {
        let next: CheckedURL
        do {
            next = try check(location)
        } catch let error as HTTPError {
            throw HTTPError(
                error.code, "redirect (\(status)) from \(current.text) to \(location) refused: \(error.reason)")
        }
        if next.hostClass == .loopback && !loopbackSoFar {
            throw HTTPError(
                .insecureURL,
                "redirect (\(status)) from \(current.text) to \(location) refused: \(next.host) is loopback, and"
                    + " \(publicRedirectExplanation); no connection was made")
        }
        return next
    }

    /// Why an unspecified address is refused, for messages.
    static let unspecifiedExplanation =
        "an unspecified address (0.0.0.0/8 or ::, in any spelling), which connects to this machine itself"

    /// Why a public server may not redirect to loopback, for messages.
    static let publicRedirectExplanation =
        "a server that is not on this machine may not redirect to this machine's own services"
}
