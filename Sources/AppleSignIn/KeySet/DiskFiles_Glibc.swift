import GatehouseCore
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

    /// Creates the directory (and missing parents) with mode 0700, relative to the working directory unless
    /// absolute (`FilePath`); an existing one is left as it is.
    static func makePrivateDirectory(_ path: String) -> String? {
        do { try FilePath.createFolders(path) } catch {
            return "cannot create the cache directory \(path): \(error.reason)"
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

    /// Writes the file 0600 with its modification time, whole or not at all and never through a planted name
    /// (`AtomicFile`).
    static func writeAtomically(_ bytes: [UInt8], to path: String, modified: Date) -> String? {
        guard let stamp = timeSpec(modified) else {
            return "the time \(CheckedTime.describe(modified.timeIntervalSince1970)) s since 1970 cannot be recorded "
                + "as the modification time of \(path) (it must lie in 1970...9999)"
        }
        do {
            try AtomicFile.write(bytes, to: path, mode: 0o600, modified: (stamp.tv_sec, stamp.tv_nsec))
        } catch {
            return error.reason
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
