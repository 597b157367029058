internal import CCurl

/// What the libcurl callbacks of one transfer collect: the body (up to the cap), the header lines of the last
/// response, and why the transfer was aborted, if it was. Used only on the transfer thread; the callbacks reach
/// it through an unretained pointer while `curl_easy_perform` runs.
final class CurlTransferState {
    /// Why a callback stopped the transfer.
    enum Abort {
        case bodyTooLarge(received: Int)
        case headersTooLarge(received: Int)
        case cancelled
    }

    let maxBytes: Int
    let cancellation: CancellationFlag
    var body: [UInt8] = []
    var headers = HTTPHeaders()
    var headerBytes = 0
    var abort: Abort?

    init(maxBytes: Int, cancellation: CancellationFlag) {
        self.maxBytes = maxBytes
        self.cancellation = cancellation
    }

    /// Appends body bytes, or records that the cap would be exceeded.
    /// - Returns: whether the bytes were taken.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maxBytes else {
            abort = .bodyTooLarge(received: body.count + bytes.count)
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one header line as libcurl delivers it (a status line, a field line, or the blank line).
    /// - Returns: whether the line was taken.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= maxBytes else {
            abort = .headersTooLarge(received: headerBytes)
            return false
        }
        var length = bytes.count
        while length > 0, bytes[length - 1] == 0x0A || bytes[length - 1] == 0x0D { length -= 1 }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response (after a 1xx interim one): only the final response's fields are kept.
            headers = HTTPHeaders()
        } else if let first = line.first, first == " " || first == "\t" {
            // obs-fold (RFC 9112 section 5.2): a continuation of the previous field's value.
            headers.continueLastValue(Self.trimmed(Substring(line)))
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon])
            let value = Self.trimmed(line[line.index(after: colon)...])
            headers.add(name: name, value: value)
        }
        return true
    }

    /// Whether the transfer should stop because the task was cancelled.
    func shouldCancel() -> Bool {
        guard cancellation.isCancelled else { return false }
        abort = .cancelled
        return true
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

@available(*, unavailable)
extension CurlTransferState: Sendable {}

/// The C callbacks. Each reaches its `CurlTransferState` through the context pointer libcurl passes back.
enum CurlCallbacks {
    /// `CURLOPT_WRITEFUNCTION`: returning fewer bytes than given makes libcurl stop with `CURLE_WRITE_ERROR`.
    static let body: gatehouse_curl_write_callback = { data, size, count, context in
        let length = size * count
        guard let context, length > 0 else { return 0 }
        let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
        return state.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// `CURLOPT_HEADERFUNCTION`: called once per complete header line.
    static let header: gatehouse_curl_write_callback = { data, size, count, context in
        let length = size * count
        guard let context else { return 0 }
        let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
        return state.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// `CURLOPT_XFERINFOFUNCTION`: called at least once a second; non-zero aborts (`CURLE_ABORTED_BY_CALLBACK`).
    static let progress: gatehouse_curl_xferinfo_callback = { context, _, _, _, _ in
        guard let context else { return 0 }
        let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
        return state.shouldCancel() ? 1 : 0
    }
}
