import AppleSignIn
import CommandLineKit
import GatehouseFoundation
import GatehouseHTTP
import JWT

/// Where a command's keys come from: a JWKS file, or a URL fetched through `AppleKeySetProvider` (Apple's key set
/// URL when none is given), with the on-disk copy unless `--no-cache`.
enum KeySetSource {
    /// Whether `--jwks` names a URL (`http://` or `https://` in any case, RFC 3986 section 3.1) or a file.
    static func isURL(_ location: String) -> Bool { URLArgument.isHTTP(location) }

    /// The HTTP client for `--cacert`; a CA file that cannot be read is `.noInput` (66).
    static func client(_ fetching: FetchOptions) throws(CommandFailure) -> CurlHTTPClient {
        if let path = fetching.caBundlePath {
            _ = try InputFile.read(path, role: "CA bundle", maxBytes: 16 << 20)
        }
        return CurlHTTPClient(configuration: .init(caBundlePath: fetching.caBundlePath))
    }

    /// A provider for a key set URL, clocked by the real clock (not `--now`: cache ages are real ages).
    static func provider(
        url: String, fetching: FetchOptions, environment: ToolEnvironment
    ) throws(CommandFailure) -> AppleKeySetProvider {
        let directory = fetching.noCache ? nil : (fetching.cacheDirectory ?? environment.cacheDirectory)
        return AppleKeySetProvider(
            http: try client(fetching),
            configuration: .init(url: url, diskCache: directory.map(KeySetDiskCache.init(directory:))),
            clock: environment.clock)
    }

    /// The key set for a token with `keyID`: read from a file, or fetched from a URL (Apple's when nil).
    static func load(
        _ location: String?, keyID: String?, fetching: FetchOptions, environment: ToolEnvironment
    ) async throws(CommandFailure) -> JWKSet {
        if let location, !isURL(location) { return try KeySetInput.read(location) }
        let url = location ?? AppleKeySetProvider.Configuration.appleKeysURL
        let provider = try provider(url: url, fetching: fetching, environment: environment)
        do {
            return try await provider.keySet(containing: keyID)
        } catch let error as AppleSignInError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure(.unavailable, "cannot fetch the key set from \(url): \(error)")
        }
    }

    /// An Apple verifier over a file's keys or a URL's (fetched lazily, refetched on an unknown kid).
    static func verifier(
        _ location: String?, clientIDs: [String], leeway: Int?, now: Int64, fetching: FetchOptions,
        environment: ToolEnvironment
    ) throws(CommandFailure) -> AppleIdentityTokenVerifier {
        let time = FixedTimeSource(Date(timeIntervalSince1970: TimeInterval(now)))
        return try CommandFailure.settingUp {
            if let location, !isURL(location) {
                return try AppleIdentityTokenVerifier(
                    clientIDs: clientIDs, keySet: try KeySetInput.read(location), leeway: TimeInterval(leeway ?? 60),
                    clock: time)
            }
            // The provider keeps the real clock (cache ages are real ages); tokens are judged at --now.
            let provider = try provider(
                url: location ?? AppleKeySetProvider.Configuration.appleKeysURL, fetching: fetching,
                environment: environment)
            return try AppleIdentityTokenVerifier(
                clientIDs: clientIDs, keySetProvider: provider, leeway: TimeInterval(leeway ?? 60), clock: time)
        }
    }
}
