import CommandLineKit

/// `jwtcheck apple`'s subcommands, declared once from the option records of `JWTCheckOptions`.
package enum AppleInterface {
    private typealias Options = JWTCheckOptions

    /// `jwtcheck apple`.
    package static let apple = CommandSpec(
        "apple",
        abstract: "Sign in with Apple: verify identity tokens and notifications, make client secrets, call Apple's "
            + "token endpoint ('jwtcheck apple --help').",
        overview: "Sign in with Apple from the server side.",
        helpOption: OptionSpec.help.with(help: "Show help; 'jwtcheck apple <subcommand> --help' for a subcommand."),
        subcommands: [verify, notification, clientSecret, exchange, refresh, revoke],
        subcommandNoun: "subcommand",
        sections: [
            .exitStatus(
                "0 valid or done; 1 rejected (token, notification, or Apple refused the request: any 4xx from the "
                    + "token endpoint); 64 usage; 65 bad input data (key set not a JWKS, .p8 not a P-256 key); 66 "
                    + "input file missing; 69 Apple's key set or endpoint cannot be reached (connection, timeout, TLS, "
                    + "a key set URL answering non-2xx, a token endpoint answering 5xx whatever its body says).")
        ])

    private static let appleJWKS = Options.jwks.with(
        help: "Apple's keys from a file or URL instead of https://appleid.apple.com/auth/keys.")
    private static let verifyExitStatus = HelpSection.exitStatus(
        "0 valid; 1 rejected; 64 usage; 65 key set not a JWKS; 66 file missing; 69 key set cannot be fetched, "
            + "including when the token's kid is not in the cached copy and the refetch fails (a key rotated in "
            + "during an outage is not called invalid).")

    /// `jwtcheck apple verify`.
    package static let verify = CommandSpec(
        "verify",
        abstract: "Verify an identity token: Apple's keys, issuer, RS256, your client IDs, nonce.",
        overview: "Verify a Sign in with Apple identity token and show the Apple user: sub, email, whether it is a "
            + "private relay address, whether it is verified, the real-user status, and the verdict.",
        arguments: [
            ArgumentSpec("<token>", help: "The identity token; @path to read it from a file; - for standard input.")
        ],
        options: [
            Options.clientIDs, Options.nonce, Options.nonceSHA256, appleJWKS, Options.noCache, Options.cacheDirectory,
            Options.caBundle, Options.now, Options.appleLeeway, Options.json,
        ],
        exclusiveOptions: [["nonce", "nonce-sha256"], ["no-cache", "cache-dir"]],
        sections: [verifyExitStatus])

    /// `jwtcheck apple notification`.
    package static let notification = CommandSpec(
        "notification",
        abstract: "Verify a server-to-server notification and show its event.",
        overview: "Verify a Sign in with Apple server-to-server notification (same keys, issuer and audience rules "
            + "as identity tokens) and show its event: email-disabled, email-enabled, consent-revoked, "
            + "account-delete (other types are shown as they are).",
        arguments: [
            ArgumentSpec(
                "<token|@body-file>",
                help: "The notification JWT, or @path to a file holding the JWT or the JSON body Apple POSTed "
                    + "({\"payload\":\"<JWT>\"}); - for standard input.")
        ],
        options: [
            Options.clientIDs.with(help: "An accepted audience (required, repeatable)."), appleJWKS, Options.noCache,
            Options.cacheDirectory, Options.caBundle, Options.now, Options.appleLeeway, Options.json,
        ],
        exclusiveOptions: [["no-cache", "cache-dir"]],
        sections: [verifyExitStatus],
        // Scanned so that the parser can say notifications carry no nonce.
        undocumentedOptions: [Options.nonce, Options.nonceSHA256])

    /// `jwtcheck apple client-secret`.
    package static let clientSecret = CommandSpec(
        "client-secret",
        abstract: "Make the ES256 client secret for Apple's token endpoint from a .p8 key.",
        overview: "Make the client_secret for Apple's token endpoint: an ES256 JWT (raw r||s signature) with iss = "
            + "Team ID, sub = client ID, aud = https://appleid.apple.com, iat and exp.",
        options: [Options.p8, Options.keyID, Options.teamID, Options.clientID, Options.days],
        sections: [
            .exitStatus("0 printed; 64 usage; 65 the .p8 is not an EC P-256 private key; 66 .p8 file missing.")
        ])

    private static let endpointNote =
        "A client secret is made for this call from --p8, --key-id, --team-id and --client-id, living one hour (AppleTokenClient.secretLifetime)."
    private static let endpointJWKS = Options.jwks.with(
        help: "Apple's keys for the id_token (default https://appleid.apple.com/auth/keys).")
    private static let endpointNow = Options.now.with(
        help: "The time to date the client secret and verify the id_token at.")

    /// `jwtcheck apple exchange`.
    package static let exchange = CommandSpec(
        "exchange",
        abstract: "Exchange an authorization code at Apple's token endpoint.",
        overview: "Exchange an authorization code at Apple's token endpoint (grant_type=authorization_code) and "
            + "verify the id_token it returns. " + endpointNote,
        arguments: [
            ArgumentSpec("<code>", help: "The authorization code; @path to read it from a file; - for standard input.")
        ],
        options: [
            Options.p8, Options.keyID, Options.teamID, Options.clientID, Options.redirectURI, endpointJWKS,
            Options.noCache, Options.cacheDirectory, Options.endpoint, endpointNow, Options.caBundle, Options.json,
        ],
        exclusiveOptions: [["no-cache", "cache-dir"]],
        sections: [
            .exitStatus(
                "0 exchanged; 1 Apple refused (any 4xx: named by Apple's error value such as invalid_grant or "
                    + "invalid_client, or by the status when there is none) or the id_token was rejected; 64 usage; "
                    + "65 bad .p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx whatever the body "
                    + "says.")
        ])

    /// `jwtcheck apple refresh`.
    package static let refresh = CommandSpec(
        "refresh",
        abstract: "Validate a refresh token at Apple's token endpoint.",
        overview: "Validate a refresh token at Apple's token endpoint (grant_type=refresh_token). " + endpointNote,
        arguments: [
            ArgumentSpec("<token>", help: "The refresh token; @path to read it from a file; - for standard input.")
        ],
        options: [
            Options.p8, Options.keyID, Options.teamID, Options.clientID, endpointJWKS, Options.noCache,
            Options.cacheDirectory, Options.endpoint, endpointNow, Options.caBundle, Options.json,
        ],
        exclusiveOptions: [["no-cache", "cache-dir"]],
        sections: [
            .exitStatus(
                "0 valid; 1 Apple refused (any 4xx, named by Apple's error value or the status) or the id_token was "
                    + "rejected; 64 usage; 65 bad .p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx "
                    + "whatever the body says.")
        ])

    /// `jwtcheck apple revoke`.
    package static let revoke = CommandSpec(
        "revoke",
        abstract: "Revoke a refresh or access token.",
        overview: "Revoke a refresh or access token at Apple (/auth/revoke). " + endpointNote,
        arguments: [ArgumentSpec("<token>", help: "The token; @path to read it from a file; - for standard input.")],
        options: [
            Options.p8, Options.keyID, Options.teamID, Options.clientID, Options.hint, Options.endpoint,
            Options.now.with(help: "The time to date the client secret at."), Options.caBundle, Options.json,
        ],
        sections: [
            .exitStatus(
                "0 revoked; 1 Apple refused (any 4xx, named by Apple's error value or the status); 64 usage; 65 bad "
                    + ".p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx whatever the body says.")
        ])

    /// The declaration of a subcommand of `jwtcheck apple`.
    /// - Returns: its declaration.
    package static func command(_ subcommand: AppleCommand.Subcommand) -> CommandSpec {
        switch subcommand {
        case .verify: verify
        case .notification: notification
        case .clientSecret: clientSecret
        case .exchange: exchange
        case .refresh: refresh
        case .revoke: revoke
        }
    }
}
