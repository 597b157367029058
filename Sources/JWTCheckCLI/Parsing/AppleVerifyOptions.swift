import AppleSignIn
import CommandLineKit

/// Options of `jwtcheck apple verify` and `jwtcheck apple notification`: an option group.
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

    /// Reads the options of `apple verify` (`acceptsNonce`) or `apple notification`, in this order: the token,
    /// `--client-id` (at least one, none empty: the audience check cannot be skipped), the nonce options, then the
    /// key set, time and fetching options.
    /// - Parameters:
    ///   - tokenName: what the positional argument is, for the messages (`TOKEN`).
    ///   - acceptsNonce: false for notifications, which carry no nonce.
    /// - Throws: `CommandFailure` (usage) naming what is wrong.
    package init(parsing arguments: CommandArguments, tokenName: String, acceptsNonce: Bool) throws(CommandFailure) {
        let token = try arguments.onePositional(named: tokenName)
        let clientIDs = try arguments.values(JWTCheckOptions.clientIDs)
        guard !clientIDs.isEmpty else {
            throw .usage(
                "\(arguments.invocation) needs --client-id ID (your bundle ID or Services ID; repeat it for both): "
                    + "the audience check cannot be skipped", help: "\n\n" + arguments.help)
        }
        if let empty = clientIDs.first(where: \.isEmpty) {
            throw .usage("--client-id '\(empty)' is empty; give a bundle ID or Services ID")
        }
        self.init(token: TokenSource(argument: token), clientIDs: clientIDs)
        switch (try arguments.value(JWTCheckOptions.nonce), try arguments.value(JWTCheckOptions.nonceSHA256)) {
        case (let raw?, nil): nonce = .exact(raw)
        case (nil, let raw?): nonce = .sha256(raw)
        case (nil, nil): nonce = nil
        case (_?, _?):
            throw .usage(
                "--nonce and --nonce-sha256 exclude each other: --nonce RAW when the app sent RAW to Apple, "
                    + "--nonce-sha256 RAW when it sent the SHA-256 hex of RAW")
        }
        if !acceptsNonce, nonce != nil {
            throw .usage("notifications carry no nonce; --nonce and --nonce-sha256 apply to 'apple verify' only")
        }
        jwks = try arguments.value(JWTCheckOptions.jwks)
        now = try arguments.value(JWTCheckOptions.now)
        leewaySeconds = try arguments.value(JWTCheckOptions.appleLeeway)
        json = arguments.has(JWTCheckOptions.json)
        fetching = try FetchOptions(parsing: arguments)
    }

    /// What `apple verify` and `apple notification` read before they verify, in this order (parameters first, then
    /// inputs, then the network): the time, the token, and the verifier of these options.
    func prepare(in environment: ToolEnvironment) throws(CommandFailure) -> (
        now: Int64, token: String, verifier: AppleIdentityTokenVerifier
    ) {
        let now = try JWTCheckOptions.resolveNow(self.now, environment: environment)
        let input = try TokenInput.read(token, environment: environment)
        let verifier = try KeySetSource.verifier(
            jwks, clientIDs: clientIDs, leeway: leewaySeconds, now: now, fetching: fetching, environment: environment)
        return (now, input, verifier)
    }
}
