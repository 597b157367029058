import CommandLineKit

/// Options of `jwtcheck apple exchange`, `refresh` and `revoke`: an option group (each command adds its own:
/// `--redirect-uri`, `--hint`).
package struct AppleEndpointOptions: Sendable, Equatable {
    /// The authorization code (exchange) or the token (refresh, revoke).
    package var value: TokenSource
    /// The client secret's key and IDs.
    package var secret: AppleClientSecretOptions
    /// The base URL (`--endpoint`), default `https://appleid.apple.com`.
    package var endpoint: String?
    /// The key set for the returned `id_token` (`--jwks`); nil for Apple's (and for `revoke`, which reads none).
    package var jwks: String?
    /// The time to verify the `id_token` at and to date the secret (`--now`), as given.
    package var now: String?
    /// One JSON object instead of the human report.
    package var json = false
    /// Cache and CA options.
    package var fetching = FetchOptions()

    /// Creates options with the required members.
    /// - Parameters:
    ///   - value: the code or token.
    ///   - secret: the client secret options.
    package init(value: TokenSource, secret: AppleClientSecretOptions) {
        self.value = value
        self.secret = secret
    }

    /// Reads the code or token, the client secret options, then `--endpoint`, `--jwks`, `--now`, `--json` and the
    /// fetching options.
    /// - Parameter valueName: what the positional argument is, for the messages (`CODE`, `TOKEN`).
    /// - Throws: `CommandFailure` (usage) naming what is wrong.
    package init(parsing arguments: CommandArguments, valueName: String) throws(CommandFailure) {
        let value = try arguments.onePositional(named: valueName)
        self.init(value: TokenSource(argument: value), secret: try AppleClientSecretOptions(parsing: arguments))
        endpoint = try arguments.value(JWTCheckOptions.endpoint)
        jwks = try arguments.value(JWTCheckOptions.jwks)
        now = try arguments.value(JWTCheckOptions.now)
        json = arguments.has(JWTCheckOptions.json)
        fetching = try FetchOptions(parsing: arguments)
    }
}
