import CommandLineKit

/// The pure parser of `jwtcheck`'s command line: no files are read and no clock is consulted here. Each command
/// is scanned with its declaration in `JWTCheckInterface`, and each option read through its record in
/// `JWTCheckOptions`.
package enum JWTCheckParser {
    private typealias Options = JWTCheckOptions

    /// Parses the arguments after the program name.
    /// - Parameter arguments: `CommandLine.arguments.dropFirst()`.
    /// - Returns: the command.
    /// - Throws: `CommandFailure` with status `.usage` naming what is wrong.
    package static func parse(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard let first = arguments.first else {
            throw .usage("no command given", help: "\n\n" + HelpText.text(for: nil))
        }
        let rest = Array(arguments.dropFirst())
        if first == "help" || OptionSpec.help.matches(first) {
            if let topic = rest.first, let subcommand = JWTCheckCommand.Subcommand(rawValue: topic) {
                return .help(subcommand)
            }
            return .help(nil)
        }
        if Options.version.matches(first) { return .version }
        if Options.manual.matches(first) { return .manual }
        guard let subcommand = JWTCheckCommand.Subcommand(rawValue: first) else {
            let names = JWTCheckCommand.Subcommand.allCases.map(\.rawValue)
            var message = "unknown command '\(first)'"
            if let suggestion = Suggestion.closest(to: first, among: names) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw .usage(message, help: "\nRun 'jwtcheck --help' for the commands.")
        }
        switch subcommand {
        case .token: return try parseToken(rest)
        case .decode: return try parseDecode(rest)
        case .keys: return try parseKeys(rest)
        case .sign: return try parseSign(rest)
        case .apple: return try AppleParser.parse(rest)
        case .completion: return try parseCompletion(rest)
        }
    }

    static func parseToken(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard case let (scanned, token)? = try scan(arguments, .token, positional: "TOKEN") else {
            return .help(.token)
        }
        var options = TokenOptions(token: TokenSource(argument: token), jwksPath: try scanned.value(Options.jwks))
        options.fetching = try fetchOptions(scanned)
        options.audiences = try scanned.values(Options.audience)
        options.issuer = try scanned.value(Options.issuer)
        options.algorithms = try scanned.values(Options.allowedAlgorithm)
        options.leewaySeconds = try scanned.value(Options.leeway)
        options.now = try scanned.value(Options.now)
        options.json = scanned.has(Options.json)
        return .token(options)
    }

    static func parseDecode(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard case let (scanned, token)? = try scan(arguments, .decode, positional: "TOKEN") else {
            return .help(.decode)
        }
        var options = DecodeOptions(token: TokenSource(argument: token))
        options.json = scanned.has(Options.json)
        return .decode(options)
    }

    static func parseKeys(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard case let (scanned, path)? = try scan(arguments, .keys, positional: "FILE") else { return .help(.keys) }
        var options = KeysOptions(jwksPath: path)
        options.json = scanned.has(Options.json)
        return .keys(options)
    }

    static func parseSign(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        let command = JWTCheckInterface.sign
        let scanned = try ArgumentScanner.scan(arguments, command: command)
        if scanned.has(.help) { return .help(.sign) }
        if let extra = scanned.positionals.first {
            throw .usage(
                "jwtcheck sign takes no positional arguments, got '\(extra)'", help: "\n\n" + HelpText.text(for: .sign))
        }
        if let missing = command.firstMissingOption(in: scanned) {
            throw .usage("jwtcheck sign needs \(missing.longFlag)", help: "\n\n" + HelpText.text(for: .sign))
        }
        var options = SignOptions(
            keyPath: try scanned.value(Options.signingKey)!, algorithm: try scanned.value(Options.signingAlgorithm)!,
            keyID: try scanned.value(Options.keyIDHeader), claims: try scanned.value(Options.claims)!)
        options.allowsWeakKey = scanned.has(Options.insecureWeakKey)
        return .sign(options)
    }

    static func parseCompletion(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard case let (_, name)? = try scan(arguments, .completion, positional: "SHELL (bash, zsh or fish)") else {
            return .help(.completion)
        }
        return .completion(try Shell.named(name))
    }

    /// `--no-cache`, `--cache-dir`, `--cacert`; the first two exclude each other.
    static func fetchOptions(_ scanned: ScannedArguments) throws(CommandFailure) -> FetchOptions {
        var options = FetchOptions()
        options.noCache = scanned.has(Options.noCache)
        options.cacheDirectory = try scanned.value(Options.cacheDirectory)
        options.caBundlePath = try scanned.value(Options.caBundle)
        if options.noCache, options.cacheDirectory != nil {
            throw .usage("--no-cache and --cache-dir exclude each other: give one")
        }
        return options
    }

    /// Scans `arguments` with the declaration of `subcommand` and reads its one positional argument.
    /// - Parameters:
    ///   - arguments: the arguments after the subcommand.
    ///   - name: what the positional argument is, for the messages (`TOKEN`).
    /// - Returns: the scanned arguments and the positional one; nil when they ask for the subcommand's help.
    /// - Throws: a usage error when the arguments do not scan, or there is not exactly one positional argument.
    private static func scan(
        _ arguments: [String], _ subcommand: JWTCheckCommand.Subcommand, positional name: String
    ) throws(CommandFailure) -> (ScannedArguments, String)? {
        let scanned = try ArgumentScanner.scan(arguments, command: JWTCheckInterface.command(subcommand))
        if scanned.has(.help) { return nil }
        let positional = try singlePositional(scanned, name: name, command: subcommand.rawValue) {
            HelpText.text(for: subcommand)
        }
        return (scanned, positional)
    }

    /// The one positional argument of a command.
    /// - Parameters:
    ///   - scanned: the command's arguments.
    ///   - name: what the argument is, for the messages (`TOKEN`).
    ///   - command: the command after `jwtcheck` (`apple verify`).
    ///   - help: the command's help, printed after the message when the argument is missing.
    /// - Returns: the argument.
    /// - Throws: a usage error when there is none, or more than one.
    static func singlePositional(
        _ scanned: ScannedArguments, name: String, command: String, help: () -> String
    ) throws(CommandFailure) -> String {
        switch scanned.positionals.count {
        case 1:
            return scanned.positionals[0]
        case 0:
            throw .usage("jwtcheck \(command) needs \(name)", help: "\n\n" + help())
        default:
            throw .usage(
                "jwtcheck \(command) takes one \(name), got \(scanned.positionals.count) arguments: "
                    + scanned.positionals.map { "'\($0)'" }.joined(separator: " "))
        }
    }
}
