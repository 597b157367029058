/// A parsed `jwtcheck` command line: what to do, with its options, before any file is read.
public enum JWTCheckCommand: Sendable, Equatable {
    /// `--help` for the tool or for one subcommand (`nil` for the tool).
    case help(Subcommand?)
    /// `--version`.
    case version
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
    public enum Subcommand: String, Sendable, CaseIterable {
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
    }
}

/// Where a token comes from: the argument itself, a file (`@path`), or standard input (`-`).
public enum TokenSource: Sendable, Equatable {
    /// The compact token given on the command line, taken exactly.
    case literal(String)
    /// `@path`: read from a file; surrounding whitespace is trimmed.
    case file(String)
    /// `-`: read from standard input; surrounding whitespace is trimmed.
    case standardInput

    /// Interprets a TOKEN argument.
    /// - Parameter argument: the argument as given.
    /// - Returns: the source.
    public init(argument: String) {
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
public struct TokenOptions: Sendable, Equatable {
    /// The token.
    public var token: TokenSource
    /// The key set (`--jwks`): a file, or an http(s) URL; nil for Apple's key set URL, in which case the issuer
    /// must be Apple's.
    public var jwksPath: String?
    /// Accepted audiences (`--aud`, repeatable); empty means the audience is not checked, and the output says so.
    public var audiences: [String] = []
    /// The expected issuer (`--iss`).
    public var issuer: String?
    /// Allowed algorithms (`--alg`, repeatable); empty means every asymmetric algorithm.
    public var algorithms: [String] = []
    /// Clock leeway in seconds (`--leeway`).
    public var leewaySeconds: Int?
    /// The time to verify at (`--now`), ISO 8601 or Unix seconds, as given.
    public var now: String?
    /// One JSON object instead of the human report (`--json`).
    public var json = false
    /// How a key set URL is fetched and cached (`--no-cache`, `--cache-dir`, `--cacert`).
    public var fetching = FetchOptions()

    /// Creates options with the required members.
    /// - Parameters:
    ///   - token: where the token comes from.
    ///   - jwksPath: the key set file or URL; nil for Apple's key set URL.
    public init(token: TokenSource, jwksPath: String?) {
        self.token = token
        self.jwksPath = jwksPath
    }
}

/// Options of `jwtcheck decode`.
public struct DecodeOptions: Sendable, Equatable {
    /// The token.
    public var token: TokenSource
    /// One JSON object instead of the human report.
    public var json = false

    /// Creates options.
    /// - Parameter token: where the token comes from.
    public init(token: TokenSource) { self.token = token }
}

/// Options of `jwtcheck keys`.
public struct KeysOptions: Sendable, Equatable {
    /// The key set file.
    public var jwksPath: String
    /// One JSON object instead of the human report.
    public var json = false

    /// Creates options.
    /// - Parameter jwksPath: the key set file.
    public init(jwksPath: String) { self.jwksPath = jwksPath }
}

/// Options of `jwtcheck sign`.
public struct SignOptions: Sendable, Equatable {
    /// The private key file: PEM PKCS#8 (Apple's `.p8`), PKCS#1 or SEC1.
    public var keyPath: String
    /// The algorithm name (`--alg`).
    public var algorithm: String
    /// The key ID for the header (`--kid`).
    public var keyID: String?
    /// The claims: a JSON object, or `@path` to read it from a file.
    public var claims: String
    /// `--insecure-weak-key`: sign with an RSA key the default key policy refuses (1024 bits, e = 3).
    public var allowsWeakKey = false

    /// Creates options.
    /// - Parameters:
    ///   - keyPath: the private key file.
    ///   - algorithm: the algorithm name.
    ///   - keyID: the key ID, if any.
    ///   - claims: JSON or `@path`.
    public init(keyPath: String, algorithm: String, keyID: String?, claims: String) {
        self.keyPath = keyPath
        self.algorithm = algorithm
        self.keyID = keyID
        self.claims = claims
    }
}
