import CommandLineKit

/// A parsed `jwtcheck` command line: what to do, with its options, before any file is read.
package enum JWTCheckCommand: Sendable, Equatable {
    /// `--help` for the tool or for one subcommand (`nil` for the tool).
    case help(Subcommand?)
    /// `--version`.
    case version
    /// `--man`: the manual page (roff).
    case manual
    /// `jwtcheck completion SHELL`: the shell's completion script.
    case completion(Shell)
    /// `jwtcheck token TOKEN --jwks FILE ...`: verify a token against a key set.
    case token(TokenOptions)
    /// `jwtcheck decode TOKEN`: header and claims without verification.
    case decode(DecodeOptions)
    /// `jwtcheck keys FILE`: describe each key of a key set.
    case keys(KeysOptions)
    /// `jwtcheck sign --key PEM --alg ALG --claims JSON`: produce a compact JWS.
    case sign(SignOptions)
    /// `jwtcheck apple <subcommand>`: Sign in with Apple.
    case apple(AppleCommand)
    /// `--help` for `jwtcheck apple` or one of its subcommands (`nil` for `apple` itself).
    case appleHelp(AppleCommand.Subcommand?)

    /// The subcommands, by name.
    package enum Subcommand: String, Sendable, CaseIterable {
        /// Verify a token.
        case token
        /// Decode without verifying.
        case decode
        /// Describe a key set.
        case keys
        /// Sign claims.
        case sign
        /// Sign in with Apple.
        case apple
        /// A shell completion script.
        case completion
    }
}

/// Where a token comes from: the argument itself, a file (`@path`), or standard input (`-`).
package enum TokenSource: Sendable, Equatable {
    /// The compact token given on the command line, taken exactly.
    case literal(String)
    /// `@path`: read from a file; surrounding whitespace is trimmed.
    case file(String)
    /// `-`: read from standard input; surrounding whitespace is trimmed.
    case standardInput

    /// Interprets a TOKEN argument.
    /// - Parameter argument: the argument as given.
    /// - Returns: the source.
    package init(argument: String) {
        if argument == "-" {
            self = .standardInput
        } else if argument.hasPrefix("@"), argument.count > 1 {
            self = .file(String(argument.dropFirst()))
        } else {
            self = .literal(argument)
        }
    }
}

/// Options of `jwtcheck token`.
package struct TokenOptions: Sendable, Equatable {
    /// The token.
    package var token: TokenSource
    /// The key set (`--jwks`): a file, or an http(s) URL; nil for Apple's key set URL, in which case the issuer
    /// must be Apple's.
    package var jwksPath: String?
    /// Accepted audiences (`--aud`, repeatable); empty means the audience is not checked, and the output says so.
    package var audiences: [String] = []
    /// The expected issuer (`--iss`).
    package var issuer: String?
    /// Allowed algorithms (`--alg`, repeatable); empty means every asymmetric algorithm.
    package var algorithms: [String] = []
    /// Clock leeway in seconds (`--leeway`).
    package var leewaySeconds: Int?
    /// The time to verify at (`--now`), ISO 8601 or Unix seconds, as given.
    package var now: String?
    /// One JSON object instead of the human report (`--json`).
    package var json = false
    /// How a key set URL is fetched and cached (`--no-cache`, `--cache-dir`, `--cacert`).
    package var fetching = FetchOptions()

    /// Creates options with the required members.
    /// - Parameters:
    ///   - token: where the token comes from.
    ///   - jwksPath: the key set file or URL; nil for Apple's key set URL.
    package init(token: TokenSource, jwksPath: String?) {
        self.token = token
        self.jwksPath = jwksPath
    }
}

/// Options of `jwtcheck decode`.
package struct DecodeOptions: Sendable, Equatable {
    /// The token.
    package var token: TokenSource
    /// One JSON object instead of the human report.
    package var json = false

    /// Creates options.
    /// - Parameter token: where the token comes from.
    package init(token: TokenSource) { self.token = token }
}

/// Options of `jwtcheck keys`.
package struct KeysOptions: Sendable, Equatable {
    /// The key set file.
    package var jwksPath: String
    /// One JSON object instead of the human report.
    package var json = false

    /// Creates options.
    /// - Parameter jwksPath: the key set file.
    package init(jwksPath: String) { self.jwksPath = jwksPath }
}

/// Options of `jwtcheck sign`.
package struct SignOptions: Sendable, Equatable {
    /// The private key file: PEM PKCS#8 (Apple's `.p8`), PKCS#1 or SEC1.
    package var keyPath: String
    /// The algorithm name (`--alg`).
    package var algorithm: String
    /// The key ID for the header (`--kid`).
    package var keyID: String?
    /// The claims: a JSON object, or `@path` to read it from a file.
    package var claims: String
    /// `--insecure-weak-key`: sign with an RSA key the default key policy refuses (1024 bits, e = 3).
    package var allowsWeakKey = false

    /// Creates options.
    /// - Parameters:
    ///   - keyPath: the private key file.
    ///   - algorithm: the algorithm name.
    ///   - keyID: the key ID, if any.
    ///   - claims: JSON or `@path`.
    package init(keyPath: String, algorithm: String, keyID: String?, claims: String) {
        self.keyPath = keyPath
        self.algorithm = algorithm
        self.keyID = keyID
        self.claims = claims
    }
}
