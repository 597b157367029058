internal import CCurl

/// libcurl's process-wide initialisation, done once (`curl_global_init`, thread-safe in libcurl 7.84 and later;
/// the Swift `static let` makes it run exactly once in any case).
enum CurlGlobal {
    private static let result: CURLcode = gatehouse_curl_global_init_default()

    /// Initialises libcurl on first use.
    /// - Throws: `HTTPError.transportFailure` when `curl_global_init` failed.
    static func initialize() throws {
        let code = result
        guard code == CURLE_OK else {
            throw HTTPError(
                .transportFailure,
                "curl_global_init failed: \(String(cString: curl_easy_strerror(code))) (CURLcode \(code.rawValue))")
        }
    }
}
