/// `jwtcheck apple`'s help texts, in the USAGE / ARGUMENTS / OPTIONS layout.
public enum AppleHelpText {
    /// The help for one subcommand of `jwtcheck apple`, or for `apple` itself.
    /// - Parameter subcommand: the subcommand, or `nil`.
    /// - Returns: the text, ending in a newline.
    public static func text(for subcommand: AppleCommand.Subcommand?) -> String {
        switch subcommand {
        case nil: apple
        case .verify: verify
        case .notification: notification
        case .clientSecret: clientSecret
        case .exchange: exchange
        case .refresh: refresh
        case .revoke: revoke
        }
    }

    static let apple = """
        OVERVIEW: Sign in with Apple from the server side.

        USAGE: jwtcheck apple <subcommand> [options]

        SUBCOMMANDS:
          verify         Verify an identity token: Apple's keys, issuer, RS256, your client IDs, nonce.
          notification   Verify a server-to-server notification and show its event.
          client-secret  Make the ES256 client secret for Apple's token endpoint from a .p8 key.
          exchange       Exchange an authorization code at Apple's token endpoint.
          refresh        Validate a refresh token at Apple's token endpoint.
          revoke         Revoke a refresh or access token.

        OPTIONS:
          -h, --help  Show help; 'jwtcheck apple <subcommand> --help' for a subcommand.

        EXIT STATUS: 0 valid or done; 1 rejected (token, notification, or Apple refused the request: any
        4xx from the token endpoint); 64 usage; 65 bad input data (key set not a JWKS, .p8 not a P-256 key);
        66 input file missing; 69 Apple's key set or endpoint cannot be reached (connection, timeout, TLS,
        a key set URL answering non-2xx, a token endpoint answering 5xx whatever its body says).

        """

    static let fetchOptions = """
          --jwks <file|url>    Apple's keys from a file or URL instead of https://appleid.apple.com/auth/keys.
          --no-cache           Do not read or write the on-disk copy of the fetched key set.
          --cache-dir <dir>    Keep the on-disk copy here (default $XDG_CACHE_HOME/gatehouse, else
                               ~/.cache/gatehouse).
          --cacert <file>      Trust the CAs in this PEM file instead of the system store.
        """

    static let verify = """
        OVERVIEW: Verify a Sign in with Apple identity token and show the Apple user: sub, email, whether it is
        a private relay address, whether it is verified, the real-user status, and the verdict.

        USAGE: jwtcheck apple verify <token> --client-id <id> [--client-id <id>]...
                                     [--nonce <raw> | --nonce-sha256 <raw>] [--jwks <file|url>]
                                     [--now <time>] [--leeway <seconds>] [--json]
                                     [--no-cache | --cache-dir <dir>] [--cacert <file>]

        ARGUMENTS:
          <token>              The identity token; @path to read it from a file; - for standard input.

        OPTIONS:
          --client-id <id>     An accepted audience: your bundle ID and/or Services ID (required, repeatable).
          --nonce <raw>        The nonce claim must equal <raw> exactly.
          --nonce-sha256 <raw> The nonce claim must equal the lowercase hex SHA-256 of <raw> (apps that send a
                               hashed nonce). With neither, a nonce in the token is shown but not checked.
        \(fetchOptions)
          --now <time>         Verify as of this time: ISO 8601 or Unix seconds.
          --leeway <seconds>   Clock skew allowed for exp (default 60, at most 600).
          --json               Print one JSON object.
          -h, --help           Show this help.

        EXIT STATUS: 0 valid; 1 rejected; 64 usage; 65 key set not a JWKS; 66 file missing;
        69 key set cannot be fetched, including when the token's kid is not in the cached copy and the
        refetch fails (a key rotated in during an outage is not called invalid).

        """

    static let notification = """
        OVERVIEW: Verify a Sign in with Apple server-to-server notification (same keys, issuer and audience
        rules as identity tokens) and show its event: email-disabled, email-enabled, consent-revoked,
        account-delete (other types are shown as they are).

        USAGE: jwtcheck apple notification <token|@body-file> --client-id <id> [--client-id <id>]...
                                           [--jwks <file|url>] [--now <time>] [--leeway <seconds>] [--json]
                                           [--no-cache | --cache-dir <dir>] [--cacert <file>]

        ARGUMENTS:
          <token|@body-file>   The notification JWT, or @path to a file holding the JWT or the JSON body Apple
                               POSTed ({"payload":"<JWT>"}); - for standard input.

        OPTIONS:
          --client-id <id>     An accepted audience (required, repeatable).
        \(fetchOptions)
          --now <time>         Verify as of this time: ISO 8601 or Unix seconds.
          --leeway <seconds>   Clock skew allowed for exp (default 60, at most 600).
          --json               Print one JSON object.
          -h, --help           Show this help.

        EXIT STATUS: 0 valid; 1 rejected; 64 usage; 65 key set not a JWKS; 66 file missing;
        69 key set cannot be fetched, including when the token's kid is not in the cached copy and the
        refetch fails (a key rotated in during an outage is not called invalid).

        """

    static let keyOptions = """
          --p8 <file>          The AuthKey_<KeyID>.p8 file (EC P-256 private key, PKCS#8 PEM).
          --key-id <kid>       The Key ID of that key (the header's kid).
          --team-id <team>     Your Team ID (the iss claim).
          --client-id <id>     The client ID (the sub claim): the bundle ID for codes from your app, the
                               Services ID for the web.
        """

    static let secretOptions = """
        \(keyOptions)
          --days <n>           The secret's lifetime in days, 1 to 182 (default 180; Apple's limit is six
                               months).
        """

    /// For exchange, refresh and revoke: the secret is made for the call and lives one hour (AppleTokenClient.secretLifetime).
    static let endpointSecretOptions = """
        \(keyOptions)
                               (A client secret is made for this call from these, living one hour.)
        """

    static let clientSecret = """
        OVERVIEW: Make the client_secret for Apple's token endpoint: an ES256 JWT (raw r||s signature) with
        iss = Team ID, sub = client ID, aud = https://appleid.apple.com, iat and exp.

        USAGE: jwtcheck apple client-secret --p8 <file> --key-id <kid> --team-id <team> --client-id <id>
                                            [--days <n>]

        OPTIONS:
        \(secretOptions)
          -h, --help           Show this help.

        EXIT STATUS: 0 printed; 64 usage; 65 the .p8 is not an EC P-256 private key; 66 .p8 file missing.

        """

    static let endpointOptions = """
          --endpoint <url>     Apple's base URL (default https://appleid.apple.com).
          --now <time>         The time to date the client secret and verify the id_token at.
          --cacert <file>      Trust the CAs in this PEM file instead of the system store.
          --json               Print one JSON object.
          -h, --help           Show this help.
        """

    static let exchange = """
        OVERVIEW: Exchange an authorization code at Apple's token endpoint (grant_type=authorization_code)
        and verify the id_token it returns.

        USAGE: jwtcheck apple exchange <code> --p8 <file> --key-id <kid> --team-id <team> --client-id <id>
                                       [--redirect-uri <uri>] [--endpoint <url>] [--jwks <file|url>] ...

        ARGUMENTS:
          <code>               The authorization code; @path to read it from a file; - for standard input.

        OPTIONS:
        \(endpointSecretOptions)
          --redirect-uri <uri> The redirect_uri of the authorization request (web flows only).
          --jwks <file|url>    Apple's keys for the id_token (default https://appleid.apple.com/auth/keys).
          --no-cache, --cache-dir <dir>  The on-disk key set copy, as for 'apple verify'.
        \(endpointOptions)

        EXIT STATUS: 0 exchanged; 1 Apple refused (any 4xx: named by Apple's error value such as invalid_grant
        or invalid_client, or by the status when there is none) or the id_token was rejected; 64 usage;
        65 bad .p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx whatever the body says.

        """

    static let refresh = """
        OVERVIEW: Validate a refresh token at Apple's token endpoint (grant_type=refresh_token).

        USAGE: jwtcheck apple refresh <token> --p8 <file> --key-id <kid> --team-id <team> --client-id <id>
                                      [--endpoint <url>] [--jwks <file|url>] ...

        ARGUMENTS:
          <token>              The refresh token; @path to read it from a file; - for standard input.

        OPTIONS:
        \(endpointSecretOptions)
          --jwks <file|url>    Apple's keys for the id_token (default https://appleid.apple.com/auth/keys).
          --no-cache, --cache-dir <dir>  The on-disk key set copy, as for 'apple verify'.
        \(endpointOptions)

        EXIT STATUS: 0 valid; 1 Apple refused (any 4xx, named by Apple's error value or the status) or the
        id_token was rejected; 64 usage; 65 bad .p8; 66 file missing; 69 Apple cannot be reached, or
        answered 5xx whatever the body says.

        """

    static let revoke = """
        OVERVIEW: Revoke a refresh or access token at Apple (/auth/revoke).

        USAGE: jwtcheck apple revoke <token> --p8 <file> --key-id <kid> --team-id <team> --client-id <id>
                                     [--hint refresh_token|access_token] [--endpoint <url>] ...

        ARGUMENTS:
          <token>              The token; @path to read it from a file; - for standard input.

        OPTIONS:
        \(endpointSecretOptions)
          --hint <type>        token_type_hint: refresh_token (default) or access_token.
        \(endpointOptions)

        EXIT STATUS: 0 revoked; 1 Apple refused (any 4xx, named by Apple's error value or the status);
        64 usage; 65 bad .p8; 66 file missing; 69 Apple cannot be reached, or answered 5xx whatever the
        body says.

        """
}
