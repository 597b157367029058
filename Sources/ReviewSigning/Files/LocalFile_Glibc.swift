#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a tracked file whole, with a byte cap: the one place this module calls the system's file API.
enum LocalFile {
    /// The file's bytes.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - maximumBytes: the most bytes accepted.
    /// - Returns: the bytes.
    /// - Throws: `SigningError.fileMissing` when the file (or a folder of its path) does not exist; `.unreadable`
    ///   when it cannot be opened or read, or is not a regular file; `.fileTooLarge` over `maximumBytes`.
    static func read(_ path: String, maximumBytes: Int) throws(SigningError) -> [UInt8] {
        // O_NONBLOCK: a FIFO at the path must not hang the pass (it is refused below as not a regular file).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw SigningError(.fileMissing, "the file \(path) does not exist")
            }
            throw SigningError(.unreadable, "the file \(path) cannot be opened: \(text(code))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw SigningError(.unreadable, "the file \(path) cannot be examined: \(text(errno))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            let what = (status.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
            throw SigningError(.unreadable, "\(path) is \(what); a signing file is a regular file")
        }
        if status.st_size > maximumBytes { throw tooLarge(path, maximumBytes) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SigningError(.unreadable, "the file \(path) cannot be read: \(text(errno))")
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > maximumBytes { throw tooLarge(path, maximumBytes) }
        }
    }

    private static func tooLarge(_ path: String, _ maximumBytes: Int) -> SigningError {
        SigningError(
            .fileTooLarge,
            "the file \(path) is larger than the limit of \(maximumBytes >> 20) MiB (\(maximumBytes) bytes); a "
                + "provisioning profile, a certificate or a client secret is far smaller: check the path")
    }

    private static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
