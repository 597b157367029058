internal import CCurlLoader

/// Turns a failed `curl_easy_perform` into an `HTTPError` whose reason names the URL, libcurl's detailed message
/// (`CURLOPT_ERRORBUFFER`), libcurl's code text (`curl_easy_strerror`) and the usual fix.
enum CurlFailure {
    /// The error for a libcurl result.
    /// - Parameters:
    ///   - code: the result of `curl_easy_perform`.
    ///   - detail: the error buffer's text.
    ///   - abort: why one of our callbacks stopped the transfer, if one did.
    ///   - refused: the first address the connection rule refused, if any.
    ///   - rule: the connection rule.
    ///   - url: the URL of the exchange.
    ///   - timeoutMilliseconds: the timeout the exchange had.
    ///   - configuration: the client configuration.
    /// - Returns: the error to throw (`CancellationError` when the task was cancelled).
    static func error(
        _ code: CURLcode, detail: String, abort: CurlTransferState.Abort?, refused: CurlTransferState.RefusedAddress?,
        rule: ConnectionRule, url: CheckedURL, timeoutMilliseconds: Int, configuration: CurlHTTPClient.Configuration
    ) -> any Error {
        let cause =
            detail.isEmpty
            ? "\(CurlEasyHandle.text(code)) (CURLcode \(code.rawValue))"
            : "\(detail) (\(CurlEasyHandle.text(code)), CURLcode \(code.rawValue))"
        switch abort {
        case .cancelled:
            return CancellationError()
        case .bodyTooLarge(let received):
            return tooLarge(url, "the body reached \(received) bytes", configuration)
        case .headersTooLarge(let received):
            return tooLarge(url, "the header section reached \(received) bytes", configuration)
        case nil:
            break
        }
        if let refused {
            // The transfer failed after the rule refused an address: that refusal is the cause (any other address
            // of the name that was tried and failed is secondary).
            return HTTPError(
                .insecureURL,
                rule.reason(
                    for: refused.refusal, address: refused.peer?.text, addressClass: refused.addressClass,
                    family: refused.family))
        }
        switch code {
        case CURLE_FILESIZE_EXCEEDED:
            return tooLarge(url, "the declared Content-Length is larger", configuration)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return HTTPError(
                .connectionFailed,
                "could not connect to \(url.text): \(cause); check the host and port and that the server is up"
                    + " (libcurl's proxy variables https_proxy, all_proxy and no_proxy apply)")
        case CURLE_OPERATION_TIMEDOUT:
            return HTTPError(
                .timedOut,
                "\(url.text) did not answer in time: \(cause); the limits were \(timeoutMilliseconds) ms in total"
                    + " and \(configuration.connectTimeout.wholeMilliseconds) ms to connect (raise"
                    + " Configuration.totalTimeout or connectTimeout for a slow server)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            let store = configuration.caBundlePath.map { "the CA bundle \($0)" } ?? "the system CA store"
            return HTTPError(
                .tlsFailure,
                "TLS with \(url.text) failed: \(cause); the certificate was checked against \(store) (set"
                    + " Configuration.caBundlePath to trust a private CA; verification cannot be turned off)")
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return HTTPError(.invalidURL, "libcurl refused \(url.text): \(cause)")
        default:
            return HTTPError(
                .transportFailure,
                "the exchange with \(url.text) failed: \(cause) (a truncated or reset response, or a reply that is"
                    + " not HTTP)")
        }
    }

    private static func tooLarge(
        _ url: CheckedURL, _ what: String, _ configuration: CurlHTTPClient.Configuration
    ) -> HTTPError {
        HTTPError(
            .responseTooLarge,
            "the response from \(url.text) exceeded maxResponseBytes (\(configuration.maxResponseBytes) bytes):"
                + " \(what); the transfer was aborted (raise Configuration.maxResponseBytes if this is expected)")
    }
}
