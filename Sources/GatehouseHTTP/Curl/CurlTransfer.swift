internal import CCurlLoader

/// One request-response exchange with libcurl, without following redirects: the options that make it safe,
/// the blocking `curl_easy_perform`, and the mapping of libcurl's result to a response or an `HTTPError`.
enum CurlTransfer {
    /// What one exchange produced.
    struct Outcome {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        /// The absolute target of a redirect response (libcurl resolves a relative `Location`).
        var redirectURL: String?
        /// The time the exchange took, as libcurl measured it.
        var elapsedMicroseconds: Int64
        /// Whether the server was reached directly on a loopback address (decided from the addresses connected
        /// to; `false` through a proxy).
        var reachedOnlyLoopback: Bool
    }

    /// Runs one exchange on the calling thread (blocking).
    /// - Parameters:
    ///   - url: the checked URL.
    ///   - rule: the addresses the exchange may connect to, and its proxy.
    ///   - overrides: real DNS and address classification, or a test's stand-ins.
    ///   - headers: the validated request headers.
    ///   - body: the body (POST only).
    ///   - responseBody: whether the response's body is kept, or only counted against the cap.
    ///   - timeoutMilliseconds: the time left of the total timeout (at least 1: 0 would mean "no timeout").
    ///   - configuration: the client configuration.
    ///   - cancellation: the task's cancellation flag.
    /// - Returns: the outcome.
    /// - Throws: `HTTPError` naming the URL and libcurl's cause; `CancellationError` when cancelled.
    static func perform(
        url: CheckedURL, rule: ConnectionRule, overrides: NetworkOverrides, method: HTTPMethod, headers: HTTPHeaders,
        body: [UInt8], responseBody: HTTPRequest.ResponseBody, timeoutMilliseconds: Int,
        configuration: CurlHTTPClient.Configuration,
        cancellation: CancellationFlag
    ) throws -> Outcome {
        let easy = try CurlEasyHandle()
        try easy.setURL(url.curlURL)
        // Only http and https, and never a redirect followed by libcurl itself: redirects are followed by
        // `TransferDriver`, which checks each target against `URLPolicy` first.
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https", "CURLOPT_PROTOCOLS_STR")
        try easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "https", "CURLOPT_REDIR_PROTOCOLS_STR")
        try easy.set(CURLOPT_FOLLOWLOCATION, 0, "CURLOPT_FOLLOWLOCATION")
        // Timeouts from several threads must not rely on signals.
        try easy.set(CURLOPT_NOSIGNAL, 1, "CURLOPT_NOSIGNAL")
        // TLS verification is always on; there is deliberately no option to turn it off.
        try easy.set(CURLOPT_SSL_VERIFYPEER, 1, "CURLOPT_SSL_VERIFYPEER")
        try easy.set(CURLOPT_SSL_VERIFYHOST, 2, "CURLOPT_SSL_VERIFYHOST")
        try easy.set(CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_2, "CURLOPT_SSLVERSION")
        if let caBundlePath = configuration.caBundlePath {
            // The bundle replaces the system store: the trusted CAs are exactly those in the file.
            try easy.set(CURLOPT_CAINFO, caBundlePath, "CURLOPT_CAINFO")
            try easy.set(CURLOPT_CAPATH, nil, "CURLOPT_CAPATH")
        }
        // The proxy was chosen by `ProxyRoute` (an empty CURLOPT_PROXY means none and overrides the environment);
        // an empty CURLOPT_NOPROXY keeps libcurl from applying no_proxy again, so a connection goes to the proxy
        // exactly when `rule.proxy` says so, which the connection rule depends on.
        try easy.set(CURLOPT_PROXY, rule.proxy ?? "", "CURLOPT_PROXY")
        try easy.set(CURLOPT_NOPROXY, "", "CURLOPT_NOPROXY")
        if !overrides.resolve.isEmpty { try easy.setResolvedAddresses(overrides.resolve) }
        try easy.set(CURLOPT_TIMEOUT_MS, max(1, timeoutMilliseconds), "CURLOPT_TIMEOUT_MS")
        try easy.set(
            CURLOPT_CONNECTTIMEOUT_MS,
            max(1, min(timeoutMilliseconds, configuration.connectTimeout.wholeMilliseconds)),
            "CURLOPT_CONNECTTIMEOUT_MS")
        if configuration.maxResponseBytes > 0 {
            // Refuses a declared Content-Length over the cap before the body; the write callback enforces the
            // cap for bodies of unknown length.
            try easy.set(
                CURLOPT_MAXFILESIZE_LARGE, offset: Int64(configuration.maxResponseBytes),
                "CURLOPT_MAXFILESIZE_LARGE")
        }
        try easy.set(CURLOPT_USERAGENT, configuration.userAgent, "CURLOPT_USERAGENT")

        var lines = headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        if !headers.contains("Expect") { lines.append("Expect:") }  // no 100-continue round trip for POST
        try easy.setHeaderLines(lines)
        switch method {
        case .get: try easy.set(CURLOPT_HTTPGET, 1, "CURLOPT_HTTPGET")
        case .post: try easy.setPostBody(body)
        }

        let state = CurlTransferState(
            maxBytes: max(0, configuration.maxResponseBytes), keepsBody: responseBody == .required,
            cancellation: cancellation, rule: rule, classifyPeer: overrides.classifyPeer)
        let context = Unmanaged.passUnretained(state).toOpaque()
        // Every socket is opened by the connection rule's callback, which sees the address first.
        try easy.setOpenSocketCallback(CurlCallbacks.openSocket, context)
        try easy.setDataCallback(
            CURLOPT_WRITEFUNCTION, CurlCallbacks.body, context: CURLOPT_WRITEDATA, context, "CURLOPT_WRITEFUNCTION")
        try easy.setDataCallback(
            CURLOPT_HEADERFUNCTION, CurlCallbacks.header, context: CURLOPT_HEADERDATA, context,
            "CURLOPT_HEADERFUNCTION")
        try easy.setProgressCallback(CurlCallbacks.progress, context)

        let code = withExtendedLifetime(state) { easy.perform() }
        let status = easy.long(CURLINFO_RESPONSE_CODE) ?? 0
        // A body over the cap (declared, or received) stopped the transfer after the status line: where only the
        // status is needed, that is the answer, not a failure.
        let bodyOverCap: Bool
        if case .bodyTooLarge = state.abort {
            bodyOverCap = true
        } else {
            bodyOverCap = code == CURLE_FILESIZE_EXCEEDED
        }
        guard code == CURLE_OK || (responseBody == .ignored && bodyOverCap && status > 0) else {
            throw CurlFailure.error(
                code, detail: easy.errorText, abort: state.abort, refused: state.refused, rule: rule, url: url,
                timeoutMilliseconds: timeoutMilliseconds, configuration: configuration)
        }
        guard status > 0 else {
            throw HTTPError(.transportFailure, "\(url.text) returned no HTTP status line")
        }
        return Outcome(
            status: status, headers: state.headers, body: state.body,
            redirectURL: easy.string(CURLINFO_REDIRECT_URL),
            elapsedMicroseconds: easy.offset(CURLINFO_TOTAL_TIME_T) ?? 0,
            reachedOnlyLoopback: state.reachedOnlyLoopback)
    }
}

extension Duration {
    /// Whole milliseconds, saturating; negative durations give 0.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int.max : Int(clamping: milliseconds + attoseconds / 1_000_000_000_000_000)
    }
}
