import GatehouseFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX side of `KeySetDiskCache`: owner and mode checks on an open descriptor (no check-then-open race),
/// `O_NOFOLLOW`, exclusive temporary files and `rename`.
enum DiskFiles {
    struct ReadResult {
        var bytes: [UInt8]
        var modified: Date
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    /// Why a directory must not be trusted, or nil when it is this user's and not writable by others.
    static func unsafeDirectoryReason(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "the cache directory \(path) cannot be read: \(errorText())" }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return "the cache path \(path) is not a directory" }
        guard info.st_uid == geteuid() else {
            return "the cache directory \(path) is owned by uid \(info.st_uid), not by this user (\(geteuid()))"
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return "the cache directory \(path) is writable by group or others (mode "
                + String(info.st_mode & 0o777, radix: 8) + "); it must be 0700"
        }
        return nil
    }

    /// Creates the directory (and missing parents) with mode 0700; an existing one is left as it is.
    static func makePrivateDirectory(_ path: String) -> String? {
        var info = stat()
        if lstat(path, &info) == 0 { return nil }
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !parent.isEmpty, parent != path, lstat(parent, &info) != 0 {
            if let problem = makePrivateDirectory(parent) { return problem }
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            return "cannot create the cache directory \(path): \(errorText())"
        }
        return nil
    }

    static func readOwnedFile(_ path: String, maxBytes: Int) -> Result<ReadResult, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(ReadFailure("no usable cached copy at \(path): \(errorText())"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(ReadFailure("cannot stat the cached copy \(path): \(errorText())"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(ReadFailure("the cached copy \(path) is not a regular file"))
        }
        guard info.st_uid == geteuid() else {
            return .failure(
                ReadFailure("the cached copy \(path) is owned by uid \(info.st_uid), not by this user (\(geteuid()))"))
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return .failure(
                ReadFailure(
                    "the cached copy \(path) is writable by group or others (mode "
                        + String(info.st_mode & 0o777, radix: 8) + "); it is ignored"))
        }
        guard Int(info.st_size) <= maxBytes else {
            return .failure(ReadFailure("the cached copy \(path) is \(info.st_size) bytes, over \(maxBytes)"))
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        guard total == bytes.count else {
            return .failure(ReadFailure("the cached copy \(path) could not be read whole"))
        }
        let modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        return .success(ReadResult(bytes: bytes, modified: modified))
    }

    struct ReadFailure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Writes a temporary file 0600 beside the target, stamps its time, then renames it over the target.
    static func writeAtomically(_ bytes: [UInt8], to path: String, modified: Date) -> String? {
        guard let stamp = timeSpec(modified) else {
            return "the time \(CheckedTime.describe(modified.timeIntervalSince1970)) s since 1970 cannot be recorded "
                + "as the modification time of \(path) (it must lie in 1970...9999)"
        }
        let temporary = path + ".tmp.\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot create \(temporary): \(errorText())" }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let text = errorText()
                close(descriptor)
                unlink(temporary)
                return "cannot write \(temporary): \(text)"
            }
            written += count
        }
        var times = [stamp, stamp]
        let stamped = futimens(descriptor, &times) == 0
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard stamped, synced else {
            unlink(temporary)
            return "cannot finish \(temporary)"
        }
        guard rename(temporary, path) == 0 else {
            let text = errorText()
            unlink(temporary)
            return "cannot rename \(temporary) to \(path): \(text)"
        }
        return nil
    }

    static func remove(_ path: String) {
        _ = unlink(path)
    }

    static func setModified(_ path: String, to time: Date) {
        guard let stamp = timeSpec(time) else { return }
        var times = [stamp, stamp]
        _ = utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW)
    }

    /// A file time for a date in 1970...9999, or nil (NaN, infinities and absurd clocks are never converted).
    private static func timeSpec(_ date: Date) -> timespec? {
        let time = date.timeIntervalSince1970
        let seconds = time.rounded(.down)
        guard CheckedTime.date(secondsSince1970: seconds) != nil, let whole = Int(exactly: seconds) else { return nil }
        let nanoseconds = min(max(Int(((time - seconds) * 1e9).rounded(.down)), 0), 999_999_999)
        return timespec(tv_sec: whole, tv_nsec: nanoseconds)
    }
}
