public import AppStoreConnect
import GatehouseFoundation

/// Which App Store Connect keys a command uses, in this order of precedence: the flags (`--key-id`, `--issuer-id`,
/// `--private-key FILE`), else the environment (`ASC_KEY_ID`, `ASC_ISSUER_ID`, `ASC_PRIVATE_KEY_PATH`), else the
/// config file's profiles (`--profile NAME`, or every profile for `sync` and `watch`).
public enum CredentialResolver {
    /// What the command line gave.
    public struct Flags: Sendable, Equatable {
        /// `--key-id`.
        public var keyID: String?
        /// `--issuer-id`.
        public var issuerID: String?
        /// `--private-key`.
        public var privateKeyPath: String?
        /// `--profile`.
        public var profile: String?

        /// Creates flags.
        public init(
            keyID: String? = nil, issuerID: String? = nil, privateKeyPath: String? = nil, profile: String? = nil
        ) {
            self.keyID = keyID
            self.issuerID = issuerID
            self.privateKeyPath = privateKeyPath
            self.profile = profile
        }
    }

    /// The keys to use, each with its profile name (nil for flags and environment).
    /// - Parameters:
    ///   - flags: the command line's.
    ///   - environment: the process's variables.
    ///   - profiles: the config file.
    ///   - readFile: reads a `.p8`; a file that does not exist or cannot be read is `credentialsFileUnreadable`,
    ///     which it throws with the file's path and the cause.
    /// - Returns: one or more keys.
    /// - Throws: `SyncError.noCredentials` when none of the three ways gives a key, `.keyFileNotGiven` for a key ID
    ///   without its `.p8`, `.profileNotFound`, what `readFile` throws, `.invalidCredentials` for a `.p8` that is
    ///   not a key, the profile list's errors (`CredentialProfiles.load()`).
    public static func resolve(
        flags: Flags, environment: [String: String], profiles: CredentialProfiles?,
        readFile: (String) throws(SyncError) -> String
    ) throws(SyncError) -> [(profile: String?, credentials: ASCCredentials)] {
        func make(_ keyID: String, _ issuerID: String?, _ path: String?, from source: String) throws(SyncError)
            -> ASCCredentials
        {
            guard let path, !path.isEmpty else {
                // The environment variable is this resolver's own input; the flag that sets the path is the caller's.
                throw SyncError(
                    .keyFileNotGiven,
                    "\(source) gives the key ID \(keyID) but no .p8 file"
                        + (source == "the environment" ? "; give it with ASC_PRIVATE_KEY_PATH" : ""))
            }
            let text = try readFile(path)
            do {
                return try ASCCredentials(
                    keyID: keyID, issuerID: issuerID?.isEmpty == true ? nil : issuerID, p8PEM: text)
            } catch let error as AppStoreConnectError {
                throw SyncError(.invalidCredentials, "\(path): \(error.reason)", ascError: error)
            } catch {
                throw SyncError(.invalidCredentials, "\(path): \(error)")
            }
        }
        if let keyID = flags.keyID {
            return [(nil, try make(keyID, flags.issuerID, flags.privateKeyPath, from: "the command line"))]
        }
        if let keyID = environment["ASC_KEY_ID"], !keyID.isEmpty {
            return [
                (
                    nil,
                    try make(
                        keyID, environment["ASC_ISSUER_ID"], environment["ASC_PRIVATE_KEY_PATH"],
                        from: "the environment")
                )
            ]
        }
        let stored = try profiles?.load() ?? []
        if let name = flags.profile {
            guard let profile = stored.first(where: { $0.name == name }) else {
                throw SyncError(
                    .profileNotFound,
                    "no profile named \(name) in \(profiles?.path ?? "the config file"); profiles: "
                        + (stored.isEmpty ? "none" : stored.map(\.name).joined(separator: ", ")))
            }
            return [(name, try CredentialProfiles.credentials(profile))]
        }
        guard !stored.isEmpty else {
            throw SyncError(.noCredentials, "no App Store Connect API key")
        }
        var keys: [(profile: String?, credentials: ASCCredentials)] = []
        for profile in stored { keys.append((profile.name, try CredentialProfiles.credentials(profile))) }
        return keys
    }
}
