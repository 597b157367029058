public import GatehouseFoundation
public import JWT

/// An on-disk copy of what a key set URL served, so a short-lived process (the CLI) starts warm.
///
/// Per user: `$XDG_CACHE_HOME/gatehouse/`, else `~/.cache/gatehouse/`; the directory is created 0700 and files
/// 0600; one file per URL, named by the SHA-256 of the URL; written atomically (a temporary file, then `rename`).
/// It is a cache of what the URL served, never a way to inject keys: a file (or the directory) not owned by this
/// user, writable by group or others, not a regular file, larger than 1 MiB, older than the age allowed, modified in
/// the future, or not a JWKS with a usable key is ignored. Writes are best effort and never fail a verification.
public struct KeySetDiskCache: Sendable {
    /// The cache directory.
    public let directory: String

    /// What a lookup found.
    public enum Lookup: Sendable {
        /// A usable copy and when it was stored (or last revalidated).
        case hit(JWKSet, storedAt: Date)
        /// Nothing usable; the reason says why (absent, foreign owner, writable by others, too old, not a JWKS).
        case miss(String)
    }

    /// A cache in a given directory (`--cache-dir`).
    /// - Parameter directory: the directory; created 0700 on first store if absent.
    public init(directory: String) {
        self.directory = directory
    }

    /// The per-user default directory: `$XDG_CACHE_HOME/gatehouse` when that is an absolute path, else
    /// `$HOME/.cache/gatehouse`.
    /// - Parameter environment: the process environment.
    /// - Returns: the directory, or nil when neither variable gives an absolute path.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/gatehouse" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/gatehouse" }
        return nil
    }

    /// The file holding the copy for a URL: the lowercase hex SHA-256 of the URL, with `.jwks.json`.
    /// - Parameter url: the key set URL.
    /// - Returns: the absolute path.
    public func path(for url: String) -> String {
        directory + "/" + AppleNonce.sha256Hex(url) + ".jwks.json"
    }

    /// Reads the copy for a URL.
    /// - Parameters:
    ///   - url: the key set URL.
    ///   - now: the current time.
    ///   - maximumAge: how old (since stored or revalidated) a copy may be, in seconds.
    /// - Returns: the copy or why there is none (including a copy modified after `now`, which counts as stale).
    public func load(url: String, now: Date, maximumAge: TimeInterval) -> Lookup {
        let path = path(for: url)
        if let problem = DiskFiles.unsafeDirectoryReason(directory) { return .miss(problem) }
        let read: DiskFiles.ReadResult
        switch DiskFiles.readOwnedFile(path, maxBytes: JWKSet.maximumDocumentBytes) {
        case .failure(let failure): return .miss(failure.reason)
        case .success(let result): read = result
        }
        let age = now.timeIntervalSince(read.modified)
        // A modification time in the future says nothing about the copy's real age (a clock that was wrong, or a
        // file stamped to be trusted for ever): it counts as stale, so the copy is not used and the URL is asked.
        guard age >= 0 else {
            return .miss(
                "the cached copy \(path) has a modification time \(CheckedTime.describe(-age)) s in the future, so "
                    + "its age is unknown; it counts as stale and is not used")
        }
        guard age <= maximumAge else {
            return .miss(
                "the cached copy \(path) is \(CheckedTime.describe(age)) s old, over the limit of "
                    + "\(CheckedTime.describe(maximumAge)) s")
        }
        do {
            return .hit(try AppleKeySetProvider.parse(read.bytes), storedAt: read.modified)
        } catch let error as AppleSignInError {
            return .miss("the cached copy \(path) is not a usable JWKS: \(error.reason)")
        } catch {
            return .miss("the cached copy \(path) is not a usable JWKS: \(error)")
        }
    }

    /// Stores what a URL served (temporary file 0600, then `rename`), stamped with `storedAt`.
    /// - Parameters:
    ///   - body: the JWKS bytes as served.
    ///   - url: the key set URL.
    ///   - storedAt: the time to record (the provider's clock).
    /// - Returns: nil on success, else why nothing was stored (an unwritable directory; a `storedAt` outside
    ///   1970...9999, which a file time cannot record).
    @discardableResult
    public func store(_ body: [UInt8], url: String, storedAt: Date) -> String? {
        if let problem = DiskFiles.makePrivateDirectory(directory) { return problem }
        if let problem = DiskFiles.unsafeDirectoryReason(directory) { return problem }
        return DiskFiles.writeAtomically(body, to: path(for: url), modified: storedAt)
    }

    /// Removes the copy for a URL (the URL now answers `Cache-Control: no-store`); best effort.
    /// - Parameter url: the key set URL.
    func remove(url: String) {
        guard DiskFiles.unsafeDirectoryReason(directory) == nil else { return }
        DiskFiles.remove(path(for: url))
    }

    /// Marks the copy for a URL as revalidated at `time` (after a 304).
    /// - Parameters:
    ///   - url: the key set URL.
    ///   - time: the time to record.
    public func touch(url: String, at time: Date) {
        guard DiskFiles.unsafeDirectoryReason(directory) == nil else { return }
        DiskFiles.setModified(path(for: url), to: time)
    }
}
