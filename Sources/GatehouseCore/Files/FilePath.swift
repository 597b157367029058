#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one reading of a path a user gives (`--db`, `--html`, `--webhook-secret-file`, `--secret-file`,
/// `--cache-dir`, the config and data folders), for every command: a relative path is relative to the working
/// directory (POSIX.1-2017 section 4.13, pathname resolution), and the missing folders of a path that is written are
/// created there with mode 0700 (security round 3, item 11: `rel/dir/file` once made `/rel/dir` at the root).
package enum FilePath {
    /// The folder and the last component of `path`: `("a/b", "c")` for `a/b/c`, `(".", "c")` for `c`, `("/", "c")`
    /// for `/c`. A trailing slash leaves the name empty (the path names a folder).
    /// - Returns: the folder (never empty) and the name.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        var folder = String(path[..<slash])
        while folder.hasSuffix("/") { folder.removeLast() }
        return (folder.isEmpty ? "/" : folder, name)
    }

    /// `path` as an absolute path: itself when it starts with `/`, else joined to the working directory. For a path
    /// kept and used later by another process (a channel's secret file, read at each delivery).
    /// - Returns: the absolute path, or `path` itself when the working directory cannot be read.
    package static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(
            decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (directory.hasSuffix("/") ? directory : directory + "/") + path
    }

    /// Creates `folder` and every missing folder above it, each with `mode` (0700 by default): from the root for an
    /// absolute path, from the working directory for a relative one. Existing folders are left as they are.
    /// - Parameters:
    ///   - mode: the mode of each folder created (the umask can only remove bits).
    /// - Throws: `FileWriteError` (`.createFolder`) naming the first folder that could not be created.
    package static func createFolders(_ folder: String, mode: mode_t = 0o700) throws(FileWriteError) {
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") where component != "." {
            current += "/" + component
            if mkdir(current, mode) != 0, errno != EEXIST {
                throw FileWriteError(
                    .createFolder, current.hasPrefix("./") ? String(current.dropFirst(2)) : current,
                    errorNumber: errno)
            }
        }
    }

    /// Creates the missing folders of the file `path` (see `createFolders(_:mode:)`).
    /// - Parameters:
    ///   - path: a file's path.
    ///   - mode: the mode of each folder created.
    /// - Throws: `FileWriteError` (`.createFolder`).
    package static func createMissingFolders(of path: String, mode: mode_t = 0o700) throws(FileWriteError) {
        let folder = split(path).folder
        guard folder != "." && folder != "/" else { return }
        try createFolders(folder, mode: mode)
    }
}
