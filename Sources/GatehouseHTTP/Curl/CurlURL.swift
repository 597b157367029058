internal import CCurlLoader

/// Owns one libcurl URL handle (`CURLU *`). The URL policy reads the scheme and host from this handle, and the
/// transfer hands the same handle to libcurl (`CURLOPT_CURLU`), so the URL that is checked is byte for byte the
/// URL that is fetched: there is no second parser to disagree with the first. Not thread-safe.
final class CurlURL {
    let handle: OpaquePointer

    /// Parses an absolute URL with libcurl's URL API (RFC 3986 with libcurl's leniencies; a scheme is required).
    /// - Parameter text: the URL.
    /// - Throws: `HTTPError.invalidURL` naming the URL and libcurl's reason.
    init(parsing text: String) throws {
        try CurlGlobal.initialize()
        guard let handle = gatehouse_curl_url() else {
            throw HTTPError(.transportFailure, "curl_url() returned NULL while parsing \(text): out of memory")
        }
        let code = gatehouse_curl_url_set(handle, CURLUPART_URL, text, 0)
        guard code == CURLUE_OK else {
            gatehouse_curl_url_cleanup(handle)
            throw HTTPError(
                .invalidURL,
                "'\(text)' is not an absolute URL libcurl accepts: \(String(cString: gatehouse_curl_url_strerror(code)))"
                    + " (write it as https://host/path)")
        }
        self.handle = handle
    }

    deinit { gatehouse_curl_url_cleanup(handle) }

    /// The scheme, lower case (libcurl lower-cases it), or `nil`.
    var scheme: String? { part(CURLUPART_SCHEME) }

    /// The host (IPv6 in brackets, without the zone id), or `nil`.
    var host: String? { part(CURLUPART_HOST) }

    /// The port, explicit or the scheme's default, or `nil`.
    var portOrDefault: String? { part(CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)) }

    /// The whole URL as libcurl normalised it, or `nil`.
    var normalized: String? { part(CURLUPART_URL) }

    /// One part of the URL as libcurl understands it.
    /// - Parameters:
    ///   - part: the part (`CURLUPART_SCHEME`, `CURLUPART_HOST`, ...).
    ///   - flags: `curl_url_get` flags, such as `CURLU_DEFAULT_PORT`.
    /// - Returns: the part, or `nil` when the URL has none.
    private func part(_ part: CURLUPart, flags: UInt32 = 0) -> String? {
        var output: UnsafeMutablePointer<CChar>?
        let code = gatehouse_curl_url_get(handle, part, &output, flags)
        guard code == CURLUE_OK, let output else { return nil }
        defer { gatehouse_curl_free(output) }
        return String(cString: output)
    }
}
