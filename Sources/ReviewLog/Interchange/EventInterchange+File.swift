#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension EventInterchange {
    /// The largest import file read (64 MiB, `ReviewLimits.maximumImportFileBytes`), so a wrong path cannot exhaust
    /// memory.
    public static let maximumFileBytes = ReviewLimits.maximumImportFileBytes

    /// Reads and parses an import file; `-` reads standard input. The format comes from the name or the content.
    /// - Parameter path: the file's path, or `-`.
    /// - Returns: the events.
    /// - Throws: `ReviewError.importFileUnreadable` when the file is missing or unreadable,
    ///   `ReviewError.malformedImport` when its content is not an event list.
    public static func events(fromFile path: String) throws(ReviewError) -> [ReviewEvent] {
        let bytes = try readAll(path)
        let name = path == "-" ? "standard input" : path
        return try events(from: bytes, format: InterchangeFormat.detect(path: path, bytes: bytes), name: name)
    }

    /// Reads and parses an import file once (`-` reads standard input): its events, and for a JSON export its signing
    /// items (`SigningInterchange`).
    /// - Parameter path: the file's path, or `-`.
    /// - Returns: the events and the signing records.
    /// - Throws: as ``events(fromFile:)``, and `ReviewError.malformedImport` for a malformed `signing` member.
    public static func contents(ofFile path: String) throws(ReviewError)
        -> (events: [ReviewEvent], signing: [SigningRecord])
    {
        let bytes = try readAll(path)
        let name = path == "-" ? "standard input" : path
        let format = InterchangeFormat.detect(path: path, bytes: bytes)
        let events = try events(from: bytes, format: format, name: name)
        return (events, format == .json ? try SigningInterchange.records(fromJSON: bytes, name: name) : [])
    }

    static func readAll(_ path: String) throws(ReviewError) -> [UInt8] {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            let why = code == ENOENT ? "does not exist" : "cannot be opened (\(DatabaseFile.errorText(code)))"
            throw ReviewError(.importFileUnreadable, "the import file \(path) \(why); check the path")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReviewError(
                    .importFileUnreadable,
                    "the import file \(path) cannot be read (\(DatabaseFile.errorText(errno))); check that it is a "
                        + "readable file")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > maximumFileBytes {
                throw ReviewError(
                    .malformedImport,
                    "the import file \(path) is larger than the limit of \(maximumFileBytes >> 20) MiB "
                        + "(\(maximumFileBytes) bytes); nothing was imported: split it into smaller files")
            }
        }
        return bytes
    }
}
