internal import COpenSSL

/// OpenSSL's thread-local error queue, read into text for `SigningError` reasons and then emptied, so that one
/// failure never leaks into the next call's diagnostics (as JWT's `OpenSSLError`, whose type is that module's own).
enum OpenSSLErrorQueue {
    /// Drains the queue into one line (`"error:...; error:..."`) and leaves it empty.
    /// - Returns: the queued error strings, or a note that the queue was empty.
    static func drain() -> String {
        var messages: [String] = []
        // The queue holds at most ERR_NUM_ERRORS (16) entries; the bound guards against a misbehaving library.
        for _ in 0..<64 {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            buffer.withUnsafeMutableBufferPointer { pointer in
                ERR_error_string_n(code, pointer.baseAddress, pointer.count)
            }
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        ERR_clear_error()
        return messages.isEmpty ? "OpenSSL queued no error text" : messages.joined(separator: "; ")
    }

    /// Empties the queue without reading it (an expected negative, such as a chain that does not verify).
    static func clear() {
        ERR_clear_error()
    }
}
