#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the project writes a file (the HTML report, the webhook secret, the credential profiles, the key set
/// cache): whole or not at all, and never through a name someone else planted.
///
/// The bytes go to a new file with a random name in the target's folder, created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW` (POSIX `open`: a symlink or any file already at that name makes the call fail, so
/// nothing is followed or overwritten), then `fsync`, then `rename` over the target (atomic, and it replaces a
/// symlink at the target rather than following it) or `link` for a file that must not replace anything, then `fsync`
/// of the folder so that the rename survives a crash. A failure removes the temporary file. Security round 3, item
/// 10: `review report` once wrote to the predictable `FILE.<pid>.tmp` without `O_EXCL` or `O_NOFOLLOW`, and a
/// planted symlink there got its target overwritten.
package enum AtomicFile {
    /// How the new file takes the target's name.
    package enum Placement: Sendable {
        /// Replaces whatever has the name (a file, or a symlink itself, never what it points to).
        case replace
        /// Only when nothing has the name yet; else `FileWriteError.Step.exists` and nothing changes.
        case createOnly
    }

    /// Writes `bytes` as the file `path`.
    /// - Parameters:
    ///   - bytes: the whole content.
    ///   - path: the target; relative to the working directory unless it starts with `/`.
    ///   - mode: the new file's mode (0600 for a secret; the umask can only remove bits).
    ///   - placement: whether an existing file is replaced.
    ///   - creatingFolders: whether missing folders of `path` are created (0700) first.
    ///   - modified: a modification time to stamp on the file (seconds and nanoseconds since 1970), if any.
    /// - Throws: `FileWriteError` naming the step, the path and the system's cause; no temporary file is left.
    package static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t, placement: Placement = .replace,
        creatingFolders: Bool = false, modified: (seconds: Int, nanoseconds: Int)? = nil
    ) throws(FileWriteError) {
        let (folder, name) = FilePath.split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FileWriteError(.notAFile, path, errorNumber: EISDIR)
        }
        if creatingFolders { try FilePath.createFolders(folder) }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folderDescriptor >= 0 else { throw FileWriteError(.openFolder, path, errorNumber: errno) }
        defer { close(folderDescriptor) }
        let (temporary, descriptor) = try createTemporary(in: folderDescriptor, beside: name, mode: mode, path: path)
        var placed = false
        defer { if !placed { unlinkat(folderDescriptor, temporary, 0) } }
        try fill(descriptor, with: bytes, modified: modified, path: path)
        switch placement {
        case .replace:
            guard renameat(folderDescriptor, temporary, folderDescriptor, name) == 0 else {
                throw FileWriteError(.place, path, errorNumber: errno)
            }
            placed = true
        case .createOnly:
            // link(2) never replaces: EEXIST when anything, a dangling symlink included, has the name.
            guard linkat(folderDescriptor, temporary, folderDescriptor, name, 0) == 0 else {
                throw FileWriteError(errno == EEXIST ? .exists : .place, path, errorNumber: errno)
            }
            unlinkat(folderDescriptor, temporary, 0)
            placed = true
        }
        // The rename is durable only once the folder is synced (fsync(2), Linux: "also fsync the directory").
        // EINVAL: the file system cannot sync a folder, and there is nothing more to do.
        if fsync(folderDescriptor) != 0, errno != EINVAL {
            throw FileWriteError(.syncFolder, path, errorNumber: errno)
        }
    }

    /// Creates a new file with a random name in the folder: `.<name>.<16 hex digits>.tmp`, retried on a collision.
    private static func createTemporary(in folder: Int32, beside name: String, mode: mode_t, path: String)
        throws(FileWriteError) -> (name: String, descriptor: Int32)
    {
        // A name of 255 bytes leaves no room for the suffix; the stem is only for people reading the folder.
        let stem = name.utf8.count <= 200 ? name : "gatehouse"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let random = String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16)
            let temporary = ".\(stem).\(String(repeating: "0", count: 16 - random.count) + random).tmp"
            let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return (temporary, descriptor) }
            guard errno == EEXIST else { throw FileWriteError(.createTemporary, path, errorNumber: errno) }
        }
        throw FileWriteError(.createTemporary, path, errorNumber: EEXIST)
    }

    /// Writes every byte, stamps the time, syncs and closes; closes on failure too.
    private static func fill(
        _ descriptor: Int32, with bytes: [UInt8], modified: (seconds: Int, nanoseconds: Int)?, path: String
    ) throws(FileWriteError) {
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = writeSome(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += count
            }
        }
        if failure == nil, let modified {
            var times = [timespec](
                repeating: timespec(tv_sec: modified.seconds, tv_nsec: modified.nanoseconds), count: 2)
            if futimens(descriptor, &times) != 0 { failure = errno }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw FileWriteError(.write, path, errorNumber: failure) }
    }
}

/// write(2), at file scope so that `AtomicFile.write` does not hide it.
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
