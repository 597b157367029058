internal import COpenSSL

/// OpenSSL's thread-local error queue, read into text for `JWTError` reasons and then emptied, so that one
/// failure never leaks into the next call's diagnostics. Package-wide: ReviewSigning and AppStoreServer read it too.
package enum OpenSSLError {
    /// Drains the queue into one line (`"error:...; error:..."`) and leaves it empty.
    /// - Returns: the queued error strings, or a note that the queue was empty.
    package static func drain() -> String {
        var messages: [String] = []
        // The queue holds at most ERR_NUM_ERRORS (16) entries; the bound guards against a misbehaving library.
        for _ in 0..<64 {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            buffer.withUnsafeMutableBufferPointer { pointer in
                ERR_error_string_n(code, pointer.baseAddress, pointer.count)
            }
            messages.append(buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        ERR_clear_error()
        return messages.isEmpty ? "OpenSSL queued no error text" : messages.joined(separator: "; ")
    }

    /// Empties the queue without reading it (an expected negative, such as a signature that does not verify).
    package static func clear() {
        ERR_clear_error()
    }

    /// An error whose reason is `what` followed by the drained OpenSSL text.
    /// - Parameters:
    ///   - code: the error code.
    ///   - what: the cause, in words.
    /// - Returns: the error; the queue is empty afterwards.
    static func error(_ code: JWTError.Code, _ what: String) -> JWTError {
        JWTError(code, "\(what) (OpenSSL: \(drain()))")
    }
}

/// Calls `body` with a pointer that is never nil, even for an empty buffer (whose `baseAddress` may be nil, which
/// some OpenSSL functions treat as an error or dereference).
/// - Parameters:
///   - buffer: the bytes.
///   - body: receives a non-nil pointer and the byte count.
/// - Returns: what `body` returns.
func withNonNilBytes<R>(
    _ buffer: UnsafeRawBufferPointer,
    _ body: (UnsafePointer<UInt8>, Int) throws -> R
) rethrows -> R {
    if let base = buffer.baseAddress, buffer.count > 0 {
        return try body(base.assumingMemoryBound(to: UInt8.self), buffer.count)
    }
    var placeholder: UInt8 = 0
    return try withUnsafePointer(to: &placeholder) { try body($0, 0) }
}
