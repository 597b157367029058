import CommandLineKit

/// The pure parser of `jwtcheck apple ...`: no files are read and no clock is consulted here. Each subcommand is
/// scanned with its declaration in `AppleInterface`, and each option read through its record in `JWTCheckOptions`.
enum AppleParser {
    private typealias Options = JWTCheckOptions

    static func parse(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard let first = arguments.first else {
            throw .usage("jwtcheck apple needs a subcommand", help: "\n\n" + AppleHelpText.text(for: nil))
        }
        let rest = Array(arguments.dropFirst())
        if first == "help" || OptionSpec.help.matches(first) {
            guard let topic = rest.first.flatMap(AppleCommand.Subcommand.init(rawValue:)) else { return .help(.apple) }
            return .appleHelp(topic)
        }
        guard let subcommand = AppleCommand.Subcommand(rawValue: first) else {
            var message = "unknown apple subcommand '\(first)'"
            if let suggestion = Suggestion.closest(
                to: first, among: AppleCommand.Subcommand.allCases.map(\.rawValue))
            {
                message += "; did you mean '\(suggestion)'?"
            }
            throw .usage(message, help: "\nRun 'jwtcheck apple --help' for the subcommands.")
        }
        switch subcommand {
        case .verify, .notification: return try parseVerify(rest, subcommand: subcommand)
        case .clientSecret: return try parseClientSecret(rest)
        case .exchange: return try parseEndpoint(rest, action: .exchange)
        case .refresh: return try parseEndpoint(rest, action: .refresh)
        case .revoke: return try parseEndpoint(rest, action: .revoke)
        }
    }

    static func parseVerify(_ arguments: [String], subcommand: AppleCommand.Subcommand) throws(CommandFailure)
        -> JWTCheckCommand
    {
        let scanned = try ArgumentScanner.scan(arguments, command: AppleInterface.command(subcommand))
        if scanned.has(.help) { return .appleHelp(subcommand) }
        let name = subcommand == .verify ? "TOKEN" : "TOKEN_OR_@BODY_FILE"
        let token = try single(scanned, name: name, subcommand: subcommand)
        let clientIDs = try scanned.values(Options.clientIDs)
        guard !clientIDs.isEmpty else {
            throw .usage(
                "jwtcheck apple \(subcommand.rawValue) needs --client-id ID (your bundle ID or Services ID; repeat "
                    + "it for both): the audience check cannot be skipped",
                help: "\n\n" + AppleHelpText.text(for: subcommand))
        }
        if let empty = clientIDs.first(where: \.isEmpty) {
            throw .usage("--client-id '\(empty)' is empty; give a bundle ID or Services ID")
        }
        var options = AppleVerifyOptions(token: TokenSource(argument: token), clientIDs: clientIDs)
        switch (try scanned.value(Options.nonce), try scanned.value(Options.nonceSHA256)) {
        case (let raw?, nil): options.nonce = .exact(raw)
        case (nil, let raw?): options.nonce = .sha256(raw)
        case (nil, nil): options.nonce = nil
        case (_?, _?):
            throw .usage(
                "--nonce and --nonce-sha256 exclude each other: --nonce RAW when the app sent RAW to Apple, "
                    + "--nonce-sha256 RAW when it sent the SHA-256 hex of RAW")
        }
        if subcommand == .notification, options.nonce != nil {
            throw .usage("notifications carry no nonce; --nonce and --nonce-sha256 apply to 'apple verify' only")
        }
        options.jwks = try scanned.value(Options.jwks)
        options.now = try scanned.value(Options.now)
        options.leewaySeconds = try scanned.value(Options.appleLeeway)
        options.json = scanned.has(Options.json)
        options.fetching = try JWTCheckParser.fetchOptions(scanned)
        return .apple(subcommand == .verify ? .verify(options) : .notification(options))
    }

    static func parseClientSecret(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        let scanned = try ArgumentScanner.scan(arguments, command: AppleInterface.clientSecret)
        if scanned.has(.help) { return .appleHelp(.clientSecret) }
        if let extra = scanned.positionals.first {
            throw .usage(
                "jwtcheck apple client-secret takes no positional arguments, got '\(extra)'\n\n"
                    + AppleHelpText.text(for: .clientSecret))
        }
        return .apple(.clientSecret(try secretOptions(scanned, subcommand: .clientSecret)))
    }

    /// `--p8`, `--key-id`, `--team-id`, `--client-id` (each required and non-empty) and `--days`.
    static func secretOptions(_ scanned: ScannedArguments, subcommand: AppleCommand.Subcommand) throws(CommandFailure)
        -> AppleClientSecretOptions
    {
        if let missing = AppleInterface.command(subcommand).firstMissingOption(in: scanned, emptyIsMissing: true) {
            throw .usage(
                "jwtcheck apple \(subcommand.rawValue) needs \(missing.longFlag)\n\n"
                    + AppleHelpText.text(for: subcommand))
        }
        var options = AppleClientSecretOptions(
            p8Path: try scanned.value(Options.p8)!, keyID: try scanned.value(Options.keyID)!,
            teamID: try scanned.value(Options.teamID)!, clientID: try scanned.value(Options.clientID)!)
        if let days = try scanned.value(Options.days) { options.days = days }
        return options
    }

    /// `exchange`, `refresh` and `revoke`: the secret is made for the one call and lives an hour, so no `--days`.
    static func parseEndpoint(_ arguments: [String], action: AppleEndpointOptions.Action) throws(CommandFailure)
        -> JWTCheckCommand
    {
        let subcommand = AppleCommand.Subcommand(rawValue: action.rawValue)!
        let scanned = try ArgumentScanner.scan(arguments, command: AppleInterface.command(subcommand))
        if scanned.has(.help) { return .appleHelp(subcommand) }
        let value = try single(scanned, name: action == .exchange ? "CODE" : "TOKEN", subcommand: subcommand)
        var options = AppleEndpointOptions(
            action: action, value: TokenSource(argument: value),
            secret: try secretOptions(scanned, subcommand: subcommand))
        options.endpoint = try scanned.value(Options.endpoint)
        options.redirectURI = try scanned.value(Options.redirectURI)
        options.hint = try scanned.value(Options.hint)
        options.jwks = try scanned.value(Options.jwks)
        options.now = try scanned.value(Options.now)
        options.json = scanned.has(Options.json)
        options.fetching = try JWTCheckParser.fetchOptions(scanned)
        return .apple(.endpoint(options))
    }

    private static func single(
        _ scanned: ScannedArguments, name: String, subcommand: AppleCommand.Subcommand
    ) throws(CommandFailure) -> String {
        try JWTCheckParser.singlePositional(scanned, name: name, command: "apple \(subcommand.rawValue)") {
            AppleHelpText.text(for: subcommand)
        }
    }
}
