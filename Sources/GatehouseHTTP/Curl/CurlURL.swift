internal import CCurl

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
        guard let handle = curl_url() else {
            throw HTTPError(.transportFailure, "curl_url() returned NULL while parsing \(text): out of memory")
        }
        let code = curl_url_set(handle, CURLUPART_URL, text, 0)
        guard code == CURLUE_OK else {
            curl_url_cleanup(handle)
            throw HTTPError(
                .invalidURL,
                "'\(text)' is not an absolute URL libcurl accepts: \(String(cString: curl_url_strerror(code)))"
                    + " (write it as https://host/path)")
        }
        self.handle = handle
    }

    deinit { curl_url_cleanup(handle) }

    /// One part of the URL as libcurl understands it.
    /// - Parameters:
    ///   - part: the part (`CURLUPART_SCHEME`, `CURLUPART_HOST`, ...).
    ///   - flags: `curl_url_get` flags, such as `CURLU_DEFAULT_PORT`.
    /// - Returns: the part, or `nil` when the URL has none.
    func part(_ part: CURLUPart, flags: UInt32 = 0) -> String? {
        var output: UnsafeMutablePointer<CChar>?
        let code = curl_url_get(handle, part, &output, flags)
        guard code == CURLUE_OK, let output else { return nil }
        defer { curl_free(output) }
        return String(cString: output)
    }
}
