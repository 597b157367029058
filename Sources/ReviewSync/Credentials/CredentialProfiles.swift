public import AppStoreConnect
import GatehouseCore
import GatehouseFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// App Store Connect API keys for `review`: from the command line, else the environment (`ASC_KEY_ID`,
/// `ASC_ISSUER_ID`, `ASC_PRIVATE_KEY_PATH`), else named profiles in a config file that `review auth add` writes
/// (`$XDG_CONFIG_HOME/gatehouse/app-store-connect.json`, else `~/.config/gatehouse/...`; the folder 0700, the file
/// 0600, written whole under a temporary name and renamed). A profile holds the key ID, the issuer ID (absent for an
/// individual key) and the `.p8`'s text, so it keeps working when the downloaded file moves; that text is never
/// printed, logged or put in a message.
public struct CredentialProfiles: Sendable {
    /// One named key.
    public struct Profile: Sendable, Codable, Equatable {
        /// The profile's name.
        public var name: String
        /// The key ID.
        public var keyID: String
        /// The issuer ID of a team key; nil for an individual key.
        public var issuerID: String?
        /// The `.p8`'s PEM text.
        public var privateKey: String

        /// Creates a profile.
        /// - Parameters:
        ///   - issuerID: the issuer ID, or nil for an individual key.
        ///   - privateKey: the `.p8` text.
        public init(name: String, keyID: String, issuerID: String?, privateKey: String) {
            self.name = name
            self.keyID = keyID
            self.issuerID = issuerID
            self.privateKey = privateKey
        }
    }

    private struct File: Codable {
        var profiles: [Profile]
    }

    /// The config file.
    public let path: String

    /// The profiles in `path`.
    /// - Parameter path: the config file.
    public init(path: String) { self.path = path }

    /// The default config file: `$XDG_CONFIG_HOME/gatehouse/app-store-connect.json`, else under `~/.config`.
    /// - Parameter environment: the variables.
    /// - Returns: the path, or nil without `XDG_CONFIG_HOME` and `HOME`.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg + "/gatehouse/app-store-connect.json"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/gatehouse/app-store-connect.json"
    }

    /// Every profile, in the file's order; none when the file does not exist.
    /// - Throws: `SyncError.credentialsFileUnreadable` for a file that cannot be read, `.malformedProfiles` for one
    ///   that is not a profile list, `.invalidCredentials` for one readable by others.
    public func load() throws(SyncError) -> [Profile] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw SyncError(.credentialsFileUnreadable, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if info.st_mode & 0o077 != 0 {
            throw SyncError(
                .invalidCredentials,
                "\(path) holds private keys and is readable by others (mode \(String(info.st_mode & 0o777, radix: 8))); "
                    + "run: chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SyncError(.credentialsFileUnreadable, "cannot read \(path)")
        }
        do {
            return try JSONDecoder().decode(File.self, from: data).profiles
        } catch {
            throw SyncError(
                .malformedProfiles, "\(path) is not a profile list ({\"profiles\": [...]}); fix or remove it")
        }
    }

    /// Adds or replaces the profile of that name and writes the file (0600, folder 0700, atomically).
    /// - Throws: what `load()` throws; `SyncError.credentialsFileUnwritable` when the file cannot be written.
    public func save(_ profile: Profile) throws(SyncError) {
        var profiles = try load().filter { $0.name != profile.name }
        profiles.append(profile)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(File(profiles: profiles)) } catch {
            throw SyncError(.credentialsFileUnwritable, "cannot encode the profiles")
        }
        // 0600, whole or not at all, never through a planted name; the folder 0700 (AtomicFile, FilePath).
        do { try AtomicFile.write(Array(data), to: path, mode: 0o600, creatingFolders: true) } catch {
            throw SyncError(.credentialsFileUnwritable, error.reason)
        }
    }

    /// The credentials of a profile.
    /// - Returns: the credentials.
    /// - Throws: `SyncError.invalidCredentials` naming the profile (never the key's text).
    public static func credentials(_ profile: Profile) throws(SyncError) -> ASCCredentials {
        do {
            return try ASCCredentials(keyID: profile.keyID, issuerID: profile.issuerID, p8PEM: profile.privateKey)
        } catch let error as AppStoreConnectError {
            throw SyncError(.invalidCredentials, "profile \(profile.name): \(error.reason)", ascError: error)
        } catch {
            throw SyncError(.invalidCredentials, "profile \(profile.name): \(error)")
        }
    }
}
