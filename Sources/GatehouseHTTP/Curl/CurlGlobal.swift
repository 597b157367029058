internal import CCurlLoader

/// libcurl's process-wide initialisation, done once (`curl_global_init`, thread-safe in libcurl 7.84 and later;
/// the Swift `static let` makes it run exactly once in any case).
enum CurlGlobal {
    private static let result: CURLcode = gatehouse_curl_global_init_default()

    /// Initialises libcurl on first use.
    /// - Throws: `HTTPError.transportFailure` when `curl_global_init` failed.
    static func initialize() throws {
        let code = result
        guard code == CURLE_OK else {
            // Without libcurl, the text is gatehouse_curl_load_error(): why it could not be loaded.
            let text = String(cString: gatehouse_curl_easy_strerror(code))
            throw HTTPError(.transportFailure, "curl_global_init failed: \(text) (CURLcode \(code.rawValue))")
        }
    }
}
