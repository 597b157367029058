import AppStoreConnect
import CommandLineKit
import ReviewSync

/// The App Store Connect keys and clients of the commands that use the API (`sync`, `watch`, `auth`, `serve`,
/// `webhook`): the credentials from flags, environment or profiles, and a client per key. Its own file so that those
/// commands share it without calling each other.
enum AppStoreConnectAccess {
    /// The profile list in the config directory.
    /// - Throws: `CommandFailure` (64) when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    static func profiles(_ environment: ReviewEnvironment) throws -> CredentialProfiles {
        guard let path = CredentialProfiles.defaultPath(environment: environment.variables) else {
            throw CommandFailure(.usage, "neither XDG_CONFIG_HOME nor HOME is set; the profiles have nowhere to live")
        }
        return CredentialProfiles(path: path)
    }

    /// The keys a command uses (`CredentialResolver`'s precedence), each with its profile's name.
    static func keys(_ flags: CredentialResolver.Flags, _ environment: ReviewEnvironment) throws
        -> [(profile: String?, credentials: ASCCredentials)]
    {
        try CredentialResolver.resolve(
            flags: flags, environment: environment.variables, profiles: try? profiles(environment),
            readFile: { (path: String) throws(SyncError) -> String in
                do throws(CommandFailure) { return try readKey(path) } catch {
                    // InputFile's status carries the fact: a file that is missing or cannot be read (66), or one
                    // over the size limit, which no `.p8` is (65).
                    throw SyncError(
                        error.status == .noInput ? .credentialsFileUnreadable : .invalidCredentials, error.message)
                }
            })
    }

    /// The text of a `.p8` file (at most 64 KiB).
    static func readKey(_ path: String) throws(CommandFailure) -> String {
        String(decoding: try InputFile.read(path, role: ".p8 key", maxBytes: 64 * 1024), as: UTF8.self)
    }

    /// A client for one key: `ASC_API_BASE_URL` when set (the tests' and the demo's stand-in), else Apple's.
    static func client(_ credentials: ASCCredentials, _ environment: ReviewEnvironment) throws -> ASCClient {
        let base = environment.variables["ASC_API_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        return try ASCClient(
            credentials: credentials, baseURL: base ?? ASCClient.defaultBaseURL, http: environment.http,
            clock: environment.clock, sleeper: environment.sleeper)
    }
}
