/// Options of `jwtcheck apple exchange`, `refresh` and `revoke`.
package struct AppleEndpointOptions: Sendable, Equatable {
    /// Which call.
    package enum Action: String, Sendable, Equatable {
        /// Exchange an authorization code.
        case exchange
        /// Validate a refresh token.
        case refresh
        /// Revoke a token.
        case revoke
    }

    /// Which call.
    package var action: Action
    /// The authorization code (exchange) or the token (refresh, revoke).
    package var value: TokenSource
    /// The client secret's key and IDs.
    package var secret: AppleClientSecretOptions
    /// The base URL (`--endpoint`), default `https://appleid.apple.com`.
    package var endpoint: String?
    /// `--redirect-uri` (exchange only).
    package var redirectURI: String?
    /// `--hint refresh_token|access_token` (revoke only; default refresh_token).
    package var hint: String?
    /// The key set for the returned `id_token` (`--jwks`); nil for Apple's.
    package var jwks: String?
    /// The time to verify the `id_token` at and to date the secret (`--now`), as given.
    package var now: String?
    /// One JSON object instead of the human report.
    package var json = false
    /// Cache and CA options.
    package var fetching = FetchOptions()

    /// Creates options with the required members.
    /// - Parameters:
    ///   - action: which call.
    ///   - value: the code or token.
    ///   - secret: the client secret options.
    package init(action: Action, value: TokenSource, secret: AppleClientSecretOptions) {
        self.action = action
        self.value = value
        self.secret = secret
    }
}
