/// `jwtcheck`'s help texts, in the USAGE / ARGUMENTS / OPTIONS layout.
public enum HelpText {
    /// The help for one subcommand, or for the tool.
    /// - Parameter subcommand: the subcommand, or `nil` for the tool.
    /// - Returns: the text, ending in a newline.
    public static func text(for subcommand: JWTCheckCommand.Subcommand?) -> String {
        switch subcommand {
        case nil: return tool
        case .token: return token
        case .decode: return decode
        case .keys: return keys
        case .sign: return sign
        case .apple: return AppleHelpText.apple
        }
    }

    static let tool = """
        OVERVIEW: Verify JSON Web Tokens the strict way: the key chosen by kid, the signature checked by OpenSSL,
        then the claims.

        USAGE: jwtcheck <command> [options]

        COMMANDS:
          token     Verify a token against a key set (JWKS) and show what it says.
          decode    Show a token's header and claims WITHOUT verifying them.
          keys      Show each key of a key set: kid, type, alg, use, size, thumbprint, and why it is unusable.
          sign      Sign claims with a private key (PEM or Apple .p8) and print the compact JWS.
          apple     Sign in with Apple: verify identity tokens and notifications, make client secrets, call
                    Apple's token endpoint ('jwtcheck apple --help').

        OPTIONS:
          -h, --help  Show help; 'jwtcheck <command> --help' for a command.
          --version   Show the version.

        EXIT STATUS: 0 valid or done, 1 token rejected, 64 usage error, 65 bad input data,
        66 input file missing or unreadable, 69 key set or Apple endpoint cannot be reached.

        """

    static let token = """
        OVERVIEW: Verify a token against a key set and show its header, the key used and why, the claims, and the
        verdict.

        USAGE: jwtcheck token <token> [--jwks <file|url>] [--aud <id>]... [--iss <issuer>] [--alg <alg>]...
                              [--leeway <seconds>] [--now <time>] [--json]
                              [--no-cache | --cache-dir <dir>] [--cacert <file>]

        ARGUMENTS:
          <token>            The compact token; @path to read it from a file; - for standard input.

        OPTIONS:
          --jwks <file|url>  The JWKS document holding the verification keys: a file, or an http(s) URL to
                             fetch. Without it, Apple's key set (https://appleid.apple.com/auth/keys) is
                             fetched and the issuer must be https://appleid.apple.com.
          --aud <id>         An accepted audience (repeatable). Without it the audience is NOT checked, and the
                             report says so.
          --iss <issuer>     The required issuer.
          --alg <alg>        An allowed algorithm (repeatable). Default: every asymmetric algorithm
                             (RS*, PS*, ES*, EdDSA). HS* only when named, and then only with a key set of
                             HMAC secrets alone: a secret (kty oct) inside a set of public keys is unusable,
                             since such a set is meant to be published and the secret is then exposed.
                             'none' never.
          --leeway <seconds> Clock skew allowed for exp and nbf (default 60). iat may be up to 300 s in the
                             future, whatever the leeway.
          --now <time>       Verify as of this time: ISO 8601 (2024-04-04T12:00:00Z) or Unix seconds.
          --json             Print one JSON object: valid, reason, header, claims, kid.
          --no-cache         Do not read or write the on-disk copy of a fetched key set.
          --cache-dir <dir>  Keep the on-disk copy here (default $XDG_CACHE_HOME/gatehouse, else
                             ~/.cache/gatehouse).
          --cacert <file>    Trust the CAs in this PEM file instead of the system store.
          -h, --help         Show this help.

        EXIT STATUS: 0 valid; 1 rejected (the reason on stderr); 64 usage; 65 key set is not a JWKS;
        66 token or key set file missing; 69 key set URL cannot be fetched (connection, timeout, TLS,
        non-2xx status), also when the token's kid is not in the cached copy and the refetch fails.

        """

    static let decode = """
        OVERVIEW: Show a token's header and claims WITHOUT verifying the signature or the claims.

        USAGE: jwtcheck decode <token> [--json]

        ARGUMENTS:
          <token>     The compact token; @path to read it from a file; - for standard input.

        OPTIONS:
          --json      Print one JSON object: verified (always false), header, claims.
          -h, --help  Show this help.

        EXIT STATUS: 0 decoded; 1 malformed token; 64 usage; 66 token file missing.

        """

    static let keys = """
        OVERVIEW: Show each key of a JWKS document: kid, type, algorithm, use, size and RFC 7638 thumbprint;
        keys that cannot be used are listed with the reason.

        USAGE: jwtcheck keys <file> [--json]

        ARGUMENTS:
          <file>      The JWKS document.

        OPTIONS:
          --json      Print one JSON object: {"keys": [...]}.
          -h, --help  Show this help.

        EXIT STATUS: 0 shown; 64 usage; 65 not a JWKS document; 66 file missing.

        """

    static let sign = """
        OVERVIEW: Sign claims and print the compact JWS.

        USAGE: jwtcheck sign --key <file> --alg <alg> [--kid <kid>] --claims <json|@file> [--insecure-weak-key]

        OPTIONS:
          --key <file>       The private key: PEM PKCS#8 (Apple's .p8 AuthKey files), PKCS#1 or SEC1.
          --alg <alg>        RS256/384/512, PS256/384/512, ES256/384/512 or EdDSA, fitting the key.
          --kid <kid>        The key ID to put in the header.
          --claims <json>    The claims as a JSON object, or @path to read them from a file.
          --insecure-weak-key
                             Sign with an RSA key under 2048 bits (or e < 65537) anyway. Without it such a key is
                             refused, since 'jwtcheck token' and the library's default key policy refuse what it
                             signs.
          -h, --help         Show this help.

        EXIT STATUS: 0 signed; 64 usage; 65 claims or key that do not parse, or a key too weak to sign with;
        66 key or claims file missing.

        """
}
