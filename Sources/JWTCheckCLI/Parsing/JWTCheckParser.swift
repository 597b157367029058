public import CommandLineKit

/// The pure parser of `jwtcheck`'s command line: no files are read and no clock is consulted here.
public enum JWTCheckParser {
    /// Parses the arguments after the program name.
    /// - Parameter arguments: `CommandLine.arguments.dropFirst()`.
    /// - Returns: the command.
    /// - Throws: `CommandFailure` with status `.usage` naming what is wrong.
    public static func parse(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard let first = arguments.first else {
            throw .usage("no command given\n\n" + HelpText.tool)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            if let topic = rest.first, let subcommand = JWTCheckCommand.Subcommand(rawValue: topic) {
                return .help(subcommand)
            }
            return .help(nil)
        case "--version":
            return .version
        default:
            break
        }
        guard let subcommand = JWTCheckCommand.Subcommand(rawValue: first) else {
            let names = JWTCheckCommand.Subcommand.allCases.map(\.rawValue)
            var message = "unknown command '\(first)'"
            if let suggestion = Suggestion.closest(to: first, among: names) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw .usage(message + "\nRun 'jwtcheck --help' for the commands.")
        }
        switch subcommand {
        case .token: return try parseToken(rest)
        case .decode: return try parseDecode(rest)
        case .keys: return try parseKeys(rest)
        case .sign: return try parseSign(rest)
        case .apple: return try AppleParser.parse(rest)
        }
    }

    static func parseToken(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        let scanned = try ArgumentScanner.scan(
            arguments,
            options: [
                .value("jwks"), .value("aud", repeatable: true), .value("iss"), .value("alg", repeatable: true),
                .value("leeway"), .value("now"), .flag("json"),
            ] + FetchOptions.specs)
        if scanned.has("help") { return .help(.token) }
        let token = try singlePositional(scanned, name: "TOKEN", subcommand: .token)
        var options = TokenOptions(
            token: TokenSource(argument: token), jwksPath: scanned.value("jwks").map(URLArgument.canonical))
        options.fetching = try fetchOptions(scanned)
        options.audiences = scanned.allValues("aud")
        options.issuer = scanned.value("iss")
        options.algorithms = scanned.allValues("alg")
        if let leeway = scanned.value("leeway") {
            guard let seconds = Int(leeway), seconds >= 0, seconds <= 86_400 else {
                throw .usage("--leeway takes whole seconds from 0 to 86400, not '\(leeway)'")
            }
            options.leewaySeconds = seconds
        }
        options.now = scanned.value("now")
        options.json = scanned.has("json")
        return .token(options)
    }

    static func parseDecode(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        let scanned = try ArgumentScanner.scan(arguments, options: [.flag("json")])
        if scanned.has("help") { return .help(.decode) }
        let token = try singlePositional(scanned, name: "TOKEN", subcommand: .decode)
        var options = DecodeOptions(token: TokenSource(argument: token))
        options.json = scanned.has("json")
        return .decode(options)
    }

    static func parseKeys(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        let scanned = try ArgumentScanner.scan(arguments, options: [.flag("json")])
        if scanned.has("help") { return .help(.keys) }
        let path = try singlePositional(scanned, name: "FILE", subcommand: .keys)
        var options = KeysOptions(jwksPath: path)
        options.json = scanned.has("json")
        return .keys(options)
    }

    static func parseSign(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        let scanned = try ArgumentScanner.scan(
            arguments,
            options: [.value("key"), .value("alg"), .value("kid"), .value("claims"), .flag("insecure-weak-key")])
        if scanned.has("help") { return .help(.sign) }
        if let extra = scanned.positionals.first {
            throw .usage("jwtcheck sign takes no positional arguments, got '\(extra)'\n\n" + HelpText.sign)
        }
        for required in ["key", "alg", "claims"] where scanned.value(required) == nil {
            throw .usage("jwtcheck sign needs --\(required)\n\n" + HelpText.sign)
        }
        var options = SignOptions(
            keyPath: scanned.value("key")!, algorithm: scanned.value("alg")!, keyID: scanned.value("kid"),
            claims: scanned.value("claims")!)
        options.allowsWeakKey = scanned.has("insecure-weak-key")
        return .sign(options)
    }

    /// `--no-cache`, `--cache-dir`, `--cacert`; the first two exclude each other.
    static func fetchOptions(_ scanned: ScannedArguments) throws(CommandFailure) -> FetchOptions {
        var options = FetchOptions()
        options.noCache = scanned.has("no-cache")
        options.cacheDirectory = scanned.value("cache-dir")
        options.caBundlePath = scanned.value("cacert")
        if options.noCache, options.cacheDirectory != nil {
            throw .usage("--no-cache and --cache-dir exclude each other: give one")
        }
        return options
    }

    private static func singlePositional(
        _ scanned: ScannedArguments, name: String, subcommand: JWTCheckCommand.Subcommand
    ) throws(CommandFailure) -> String {
        switch scanned.positionals.count {
        case 1:
            return scanned.positionals[0]
        case 0:
            throw .usage("jwtcheck \(subcommand.rawValue) needs \(name)\n\n" + HelpText.text(for: subcommand))
        default:
            throw .usage(
                "jwtcheck \(subcommand.rawValue) takes one \(name), got \(scanned.positionals.count) arguments: "
                    + scanned.positionals.map { "'\($0)'" }.joined(separator: " "))
        }
    }
}
