/// Options of `jwtcheck apple verify` and `jwtcheck apple notification`.
public struct AppleVerifyOptions: Sendable, Equatable {
    /// The nonce check asked for.
    public enum NonceCheck: Sendable, Equatable {
        /// `--nonce RAW`: the claim must equal RAW.
        case exact(String)
        /// `--nonce-sha256 RAW`: the claim must equal the lowercase hex SHA-256 of RAW.
        case sha256(String)
    }

    /// The token (`verify`), or the token or `@file` holding a token or Apple's JSON body (`notification`).
    public var token: TokenSource
    /// The accepted client IDs (`--client-id`, repeatable, at least one).
    public var clientIDs: [String]
    /// The nonce check, if any.
    public var nonce: NonceCheck?
    /// The key set file or URL (`--jwks`); nil for Apple's key set URL.
    public var jwks: String?
    /// The time to verify at (`--now`), as given.
    public var now: String?
    /// Clock leeway in seconds (`--leeway`).
    public var leewaySeconds: Int?
    /// One JSON object instead of the human report.
    public var json = false
    /// Cache and CA options.
    public var fetching = FetchOptions()

    /// Creates options with the required members.
    /// - Parameters:
    ///   - token: where the token comes from.
    ///   - clientIDs: the accepted client IDs.
    public init(token: TokenSource, clientIDs: [String]) {
        self.token = token
        self.clientIDs = clientIDs
    }
}
