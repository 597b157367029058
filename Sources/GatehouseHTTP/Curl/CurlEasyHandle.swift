internal import CCurlLoader

/// Owns one libcurl easy handle (`CURL *`) with its error buffer, its string lists (request headers, pinned
/// addresses) and the URL handle it points at; all are freed in `deinit`, the easy handle first. Not thread-safe:
/// a handle is made, used and freed on one transfer thread.
final class CurlEasyHandle {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The string lists handed to libcurl, by option; libcurl reads them during the transfer.
    private var lists: [UInt32: UnsafeMutablePointer<curl_slist>] = [:]
    private var url: CurlURL?

    /// Creates a handle with `CURLOPT_ERRORBUFFER` set.
    /// - Throws: `HTTPError.transportFailure` when libcurl cannot make one.
    init() throws {
        try CurlGlobal.initialize()
        guard let handle = gatehouse_curl_easy_init() else {
            throw HTTPError(.transportFailure, "curl_easy_init() returned NULL: out of memory")
        }
        let size = Int(CURL_ERROR_SIZE)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        buffer.initialize(repeating: 0, count: size)
        let code = gatehouse_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer)
        guard code == CURLE_OK else {
            gatehouse_curl_easy_cleanup(handle)
            buffer.deallocate()
            throw HTTPError(.transportFailure, "curl_easy_setopt(CURLOPT_ERRORBUFFER) failed: \(Self.text(code))")
        }
        self.handle = handle
        self.errorBuffer = buffer
    }

    deinit {
        gatehouse_curl_easy_cleanup(handle)
        for list in lists.values { gatehouse_curl_slist_free_all(list) }
        errorBuffer.deallocate()
    }

    /// libcurl's text for a code (`curl_easy_strerror`).
    static func text(_ code: CURLcode) -> String { String(cString: gatehouse_curl_easy_strerror(code)) }

    /// The detailed message libcurl wrote for the last failure (`CURLOPT_ERRORBUFFER`), or "".
    var errorText: String { String(cString: errorBuffer) }

    /// Sets a `long` option.
    func set(_ option: CURLoption, _ value: Int, _ name: StaticString) throws {
        try check(gatehouse_curl_easy_setopt_long(handle, option, value), name)
    }

    /// Sets a `curl_off_t` option.
    func set(_ option: CURLoption, offset value: Int64, _ name: StaticString) throws {
        try check(gatehouse_curl_easy_setopt_off_t(handle, option, curl_off_t(value)), name)
    }

    /// Sets a string option (libcurl copies the string) or clears it with `nil`.
    func set(_ option: CURLoption, _ value: String?, _ name: StaticString) throws {
        if let value {
            try value.withCString { try check(gatehouse_curl_easy_setopt_string(handle, option, $0), name) }
        } else {
            try check(gatehouse_curl_easy_setopt_string(handle, option, nil), name)
        }
    }

    /// Sets the URL from a parsed URL handle (`CURLOPT_CURLU`), keeping the handle alive as long as this one.
    func setURL(_ url: CurlURL) throws {
        try check(
            gatehouse_curl_easy_setopt_pointer(handle, CURLOPT_CURLU, UnsafeMutableRawPointer(url.handle)),
            "CURLOPT_CURLU")
        self.url = url
    }

    /// Sets the request header lines (`CURLOPT_HTTPHEADER`).
    func setHeaderLines(_ lines: [String]) throws {
        try setList(CURLOPT_HTTPHEADER, lines, "CURLOPT_HTTPHEADER")
    }

    /// Pins host names to addresses (`CURLOPT_RESOLVE`, entries `host:port:address`), as a DNS answer would.
    func setResolvedAddresses(_ entries: [String]) throws {
        try setList(CURLOPT_RESOLVE, entries, "CURLOPT_RESOLVE")
    }

    /// Sets a string-list option, keeping the list alive as long as this handle.
    private func setList(_ option: CURLoption, _ lines: [String], _ name: StaticString) throws {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let appended = gatehouse_curl_slist_append(list, line) else {
                if let list { gatehouse_curl_slist_free_all(list) }
                throw HTTPError(.transportFailure, "curl_slist_append failed: out of memory")
            }
            list = appended
        }
        if let old = lists.removeValue(forKey: option.rawValue) { gatehouse_curl_slist_free_all(old) }
        if let list { lists[option.rawValue] = list }
        try check(gatehouse_curl_easy_setopt_slist(handle, option, list), name)
    }

    /// Makes the request a POST of these bytes; libcurl copies them (`CURLOPT_COPYPOSTFIELDS`).
    func setPostBody(_ body: [UInt8]) throws {
        try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count), "CURLOPT_POSTFIELDSIZE_LARGE")
        var terminated = body
        terminated.append(0)
        try terminated.withUnsafeMutableBytes { bytes in
            try check(
                gatehouse_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress),
                "CURLOPT_COPYPOSTFIELDS")
        }
    }

    /// Sets a data callback (`CURLOPT_WRITEFUNCTION` or `CURLOPT_HEADERFUNCTION`) and its context pointer.
    func setDataCallback(
        _ option: CURLoption, _ callback: gatehouse_curl_write_callback, context dataOption: CURLoption,
        _ context: UnsafeMutableRawPointer, _ name: StaticString
    ) throws {
        try check(gatehouse_curl_easy_setopt_write_function(handle, option, callback), name)
        try check(gatehouse_curl_easy_setopt_pointer(handle, dataOption, context), name)
    }

    /// Sets the progress callback (`CURLOPT_XFERINFOFUNCTION`) and turns progress reporting on.
    func setProgressCallback(_ callback: gatehouse_curl_xferinfo_callback, _ context: UnsafeMutableRawPointer) throws {
        try check(
            gatehouse_curl_easy_setopt_xferinfo_function(handle, callback),
            "CURLOPT_XFERINFOFUNCTION")
        try check(gatehouse_curl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context), "CURLOPT_XFERINFODATA")
        try set(CURLOPT_NOPROGRESS, 0, "CURLOPT_NOPROGRESS")
    }

    /// Sets the callback that opens every socket (`CURLOPT_OPENSOCKETFUNCTION`) and its context pointer.
    func setOpenSocketCallback(
        _ callback: gatehouse_curl_opensocket_callback, _ context: UnsafeMutableRawPointer
    ) throws {
        try check(
            gatehouse_curl_easy_setopt_opensocket_function(handle, callback), "CURLOPT_OPENSOCKETFUNCTION")
        try check(
            gatehouse_curl_easy_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, context), "CURLOPT_OPENSOCKETDATA")
    }

    /// Runs the transfer, blocking the calling thread (`curl_easy_perform`).
    /// - Returns: libcurl's result code.
    func perform() -> CURLcode { gatehouse_curl_easy_perform(handle) }

    /// A `long` transfer fact, or `nil` when libcurl has none.
    func long(_ info: CURLINFO) -> Int? {
        var value = 0
        return gatehouse_curl_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : nil
    }

    /// A string transfer fact (copied), or `nil` when libcurl has none.
    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard gatehouse_curl_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// A `curl_off_t` transfer fact, or `nil` when libcurl has none.
    func offset(_ info: CURLINFO) -> Int64? {
        var value: curl_off_t = 0
        return gatehouse_curl_easy_getinfo_off_t(handle, info, &value) == CURLE_OK ? Int64(value) : nil
    }

    private func check(_ code: CURLcode, _ name: StaticString) throws {
        guard code == CURLE_OK else {
            throw HTTPError(
                .transportFailure,
                "curl_easy_setopt(\(name)) failed: \(Self.text(code)); this libcurl may be too old (7.88 or later"
                    + " is needed)")
        }
    }
}

@available(*, unavailable)
extension CurlEasyHandle: Sendable {}
