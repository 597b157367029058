#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads input files for commands, with a size cap, turning every failure into a `CommandFailure` that names
/// the file, what it was for, and the cause.
package enum InputFile {
    /// Reads a whole file.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - role: what the file is, for messages ("token file", "key set").
    ///   - maxBytes: the most bytes accepted.
    /// - Returns: the file's bytes.
    /// - Throws: `CommandFailure` with `.noInput` (66) when the file is missing or unreadable, `.dataError` (65)
    ///   when it is larger than `maxBytes`.
    package static func read(_ path: String, role: String, maxBytes: Int) throws(CommandFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandFailure(.noInput, "cannot read the \(role) '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure(.noInput, "cannot read the \(role) '\(path)': it is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(.noInput, "cannot read the \(role) '\(path)': \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxBytes {
                throw CommandFailure(.dataError, "the \(role) '\(path)' is larger than the limit of \(maxBytes) bytes")
            }
        }
        return bytes
    }

    /// Reads standard input to its end, up to `maxBytes`.
    /// - Parameter maxBytes: the most bytes accepted.
    /// - Returns: the bytes, or `nil` when there were more than `maxBytes`.
    package static func readStandardInput(maxBytes: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxBytes { return nil }
        }
        return bytes
    }

    /// `bytes` as text with surrounding ASCII whitespace (spaces, tabs, newlines) removed.
    /// - Parameter bytes: UTF-8 bytes.
    /// - Returns: the trimmed text (invalid UTF-8 is kept as replacement characters, so it cannot pass as a token).
    package static func trimmedText(_ bytes: [UInt8]) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = bytes.lastIndex(where: { !isSpace($0) })!
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
