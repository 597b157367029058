/// Options of `jwtcheck apple verify` and `jwtcheck apple notification`.
package struct AppleVerifyOptions: Sendable, Equatable {
    /// The nonce check asked for.
    package enum NonceCheck: Sendable, Equatable {
        /// `--nonce RAW`: the claim must equal RAW.
        case exact(String)
        /// `--nonce-sha256 RAW`: the claim must equal the lowercase hex SHA-256 of RAW.
        case sha256(String)
    }

    /// The token (`verify`), or the token or `@file` holding a token or Apple's JSON body (`notification`).
    package var token: TokenSource
    /// The accepted client IDs (`--client-id`, repeatable, at least one).
    package var clientIDs: [String]
    /// The nonce check, if any.
    package var nonce: NonceCheck?
    /// The key set file or URL (`--jwks`); nil for Apple's key set URL.
    package var jwks: String?
    /// The time to verify at (`--now`), as given.
    package var now: String?
    /// Clock leeway in seconds (`--leeway`).
    package var leewaySeconds: Int?
    /// One JSON object instead of the human report.
    package var json = false
    /// Cache and CA options.
    package var fetching = FetchOptions()

    /// Creates options with the required members.
    /// - Parameters:
    ///   - token: where the token comes from.
    ///   - clientIDs: the accepted client IDs.
    package init(token: TokenSource, clientIDs: [String]) {
        self.token = token
        self.clientIDs = clientIDs
    }
}
