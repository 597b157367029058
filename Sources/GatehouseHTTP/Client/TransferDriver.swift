/// Runs a request to its final response on the calling (dedicated) thread: validation, the URL policy, one
/// libcurl exchange per hop, and redirects followed by hand so each target is checked before it is contacted.
enum TransferDriver {
    /// The redirect statuses that are followed (RFC 9110 section 15.4); others, and 304, are returned.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Header fields not carried to another origin on a redirect (as libcurl does without
    /// CURLOPT_UNRESTRICTED_AUTH).
    static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

    /// Runs a request.
    /// - Parameters:
    ///   - configuration: the client configuration.
    ///   - cancellation: the task's cancellation flag.
    ///   - overrides: real DNS and address classification, or a test's stand-ins.
    /// - Returns: the final response.
    /// - Throws: `HTTPError`, or `CancellationError`.
    static func run(
        _ request: HTTPRequest, configuration: CurlHTTPClient.Configuration, cancellation: CancellationFlag,
        overrides: NetworkOverrides = .standard
    ) throws -> HTTPResponse {
        try RequestValidation.validate(request, userAgent: configuration.userAgent)
        var url = try URLPolicy.check(request.url, plainHTTPAnywhere: request.isOCSP)
        // An OCSP request's plain http may reach any host; every hop after it is held to the usual rules.
        var plainHTTPAnywhere = request.isOCSP
        // What the next exchange is, for messages, and whether every server so far was reached on loopback (from
        // the addresses connected to): once a server that is not on this machine has answered, no later exchange
        // of this request may connect to loopback.
        var subject = url.text
        var loopbackSoFar = true
        var method = request.method
        var headers = request.headers
        var body = request.body
        let budget = max(1, configuration.totalTimeout.wholeMilliseconds)
        var elapsedMicroseconds: Int64 = 0
        var redirects = 0
        while true {
            if cancellation.isCancelled { throw CancellationError() }
            let remaining = budget - Int(elapsedMicroseconds / 1000)
            guard remaining > 0 else {
                throw HTTPError(
                    .timedOut,
                    "\(request.url) did not complete within the total timeout of \(budget) ms after \(redirects)"
                        + " redirect(s), the last to \(url.text) (raise Configuration.totalTimeout)")
            }
            let rule = ConnectionRule(
                subject: subject, host: url.host, requiresLoopback: url.scheme == "http" && !plainHTTPAnywhere,
                forbidsLoopback: !loopbackSoFar,
                proxy: url.hostClass == .loopback
                    ? nil : ProxyRoute.proxy(scheme: url.scheme, host: url.host, environment: ProcessEnvironment.value))
            let outcome = try CurlTransfer.perform(
                url: url, rule: rule, overrides: overrides, method: method, headers: headers, body: body,
                responseBody: request.responseBody, timeoutMilliseconds: remaining, configuration: configuration,
                cancellation: cancellation)
            elapsedMicroseconds += outcome.elapsedMicroseconds
            loopbackSoFar = loopbackSoFar && outcome.reachedOnlyLoopback
            guard redirectStatuses.contains(outcome.status), let location = outcome.redirectURL else {
                return HTTPResponse(
                    status: outcome.status, headers: outcome.headers, body: outcome.body, effectiveURL: url.text)
            }
            redirects += 1
            guard redirects <= max(0, configuration.maxRedirects) else {
                throw HTTPError(
                    .tooManyRedirects,
                    "\(request.url) redirected more than maxRedirects (\(configuration.maxRedirects)) times; the"
                        + " next would be \(outcome.status) from \(url.text) to \(location) (a redirect loop, or"
                        + " raise Configuration.maxRedirects)")
            }
            let next = try URLPolicy.checkRedirect(
                to: location, from: url, status: outcome.status, loopbackSoFar: loopbackSoFar)
            subject = "redirect (\(outcome.status)) from \(url.text) to \(location)"
            // RFC 9110 sections 15.4.2-15.4.4: 303 always, and 301/302 after a POST, continue as GET without the
            // body (what browsers and libcurl do); 307 and 308 repeat the method and body.
            if outcome.status == 303 || (method == .post && (outcome.status == 301 || outcome.status == 302)) {
                method = .get
                body = []
                headers.remove(name: "Content-Type")
            }
            if !next.isSameOrigin(as: url) {
                for name in credentialHeaders { headers.remove(name: name) }
            }
            url = next
            plainHTTPAnywhere = false
        }
    }
}
