import CommandLineKit

/// The pure parser of `jwtcheck apple ...`: no files are read and no clock is consulted here.
enum AppleParser {
    static func parse(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        guard let first = arguments.first else {
            throw .usage("jwtcheck apple needs a subcommand\n\n" + AppleHelpText.apple)
        }
        let rest = Array(arguments.dropFirst())
        if first == "--help" || first == "-h" || first == "help" {
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
            throw .usage(message + "\nRun 'jwtcheck apple --help' for the subcommands.")
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
        let scanned = try ArgumentScanner.scan(
            arguments,
            options: [
                .value("client-id", repeatable: true), .value("nonce"), .value("nonce-sha256"), .value("jwks"),
                .value("now"), .value("leeway"), .flag("json"),
            ] + FetchOptions.specs)
        if scanned.has("help") { return .appleHelp(subcommand) }
        let name = subcommand == .verify ? "TOKEN" : "TOKEN_OR_@BODY_FILE"
        let token = try single(scanned, name: name, subcommand: subcommand)
        let clientIDs = scanned.allValues("client-id")
        guard !clientIDs.isEmpty else {
            throw .usage(
                "jwtcheck apple \(subcommand.rawValue) needs --client-id ID (your bundle ID or Services ID; repeat "
                    + "it for both): the audience check cannot be skipped\n\n" + AppleHelpText.text(for: subcommand))
        }
        if let empty = clientIDs.first(where: \.isEmpty) {
            throw .usage("--client-id '\(empty)' is empty; give a bundle ID or Services ID")
        }
        var options = AppleVerifyOptions(token: TokenSource(argument: token), clientIDs: clientIDs)
        switch (scanned.value("nonce"), scanned.value("nonce-sha256")) {
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
        options.jwks = scanned.value("jwks").map(URLArgument.canonical)
        options.now = scanned.value("now")
        options.leewaySeconds = try leeway(scanned)
        options.json = scanned.has("json")
        options.fetching = try JWTCheckParser.fetchOptions(scanned)
        return .apple(subcommand == .verify ? .verify(options) : .notification(options))
    }

    static let secretSpecs: [OptionSpec] = [
        .value("p8"), .value("key-id"), .value("team-id"), .value("client-id"), .value("days"),
    ]

    static func parseClientSecret(_ arguments: [String]) throws(CommandFailure) -> JWTCheckCommand {
        let scanned = try ArgumentScanner.scan(arguments, options: secretSpecs)
        if scanned.has("help") { return .appleHelp(.clientSecret) }
        if let extra = scanned.positionals.first {
            throw .usage(
                "jwtcheck apple client-secret takes no positional arguments, got '\(extra)'\n\n"
                    + AppleHelpText.clientSecret)
        }
        return .apple(.clientSecret(try secretOptions(scanned, subcommand: .clientSecret)))
    }

    static func secretOptions(_ scanned: ScannedArguments, subcommand: AppleCommand.Subcommand) throws(CommandFailure)
        -> AppleClientSecretOptions
    {
        for required in ["p8", "key-id", "team-id", "client-id"] where (scanned.value(required) ?? "").isEmpty {
            throw .usage(
                "jwtcheck apple \(subcommand.rawValue) needs --\(required)\n\n" + AppleHelpText.text(for: subcommand))
        }
        var options = AppleClientSecretOptions(
            p8Path: scanned.value("p8")!, keyID: scanned.value("key-id")!, teamID: scanned.value("team-id")!,
            clientID: scanned.value("client-id")!)
        if let text = scanned.value("days") {
            // Apple's limit is 15,777,000 s: 182 whole days.
            guard let days = Int(text), (1...182).contains(days) else {
                throw .usage(
                    "--days takes whole days from 1 to 182, not '\(text)': Apple refuses client secrets living over "
                        + "15,777,000 s (six months)")
            }
            options.days = days
        }
        return options
    }

    static func parseEndpoint(_ arguments: [String], action: AppleEndpointOptions.Action) throws(CommandFailure)
        -> JWTCheckCommand
    {
        let subcommand = AppleCommand.Subcommand(rawValue: action.rawValue)!
        // The secret is made for this one call and lives a day: no --days here.
        var specs =
            secretSpecs.filter { $0.name != "days" } + [
                .value("endpoint"), .value("now"), .flag("json"), .value("cacert"),
            ]
        switch action {
        case .exchange:
            specs += [.value("redirect-uri"), .value("jwks"), .value("cache-dir"), .flag("no-cache")]
        case .refresh:
            specs += [.value("jwks"), .value("cache-dir"), .flag("no-cache")]
        case .revoke:
            specs += [.value("hint")]
        }
        let scanned = try ArgumentScanner.scan(arguments, options: specs)
        if scanned.has("help") { return .appleHelp(subcommand) }
        let value = try single(scanned, name: action == .exchange ? "CODE" : "TOKEN", subcommand: subcommand)
        var options = AppleEndpointOptions(
            action: action, value: TokenSource(argument: value),
            secret: try secretOptions(scanned, subcommand: subcommand))
        if let endpoint = scanned.value("endpoint") {
            guard URLArgument.isHTTP(endpoint) else {
                throw .usage("--endpoint takes an http(s) URL such as https://appleid.apple.com, not '\(endpoint)'")
            }
            options.endpoint = URLArgument.canonical(endpoint)
        }
        options.redirectURI = scanned.value("redirect-uri")
        if let hint = scanned.value("hint") {
            guard hint == "refresh_token" || hint == "access_token" else {
                throw .usage("--hint takes refresh_token or access_token, not '\(hint)'")
            }
            options.hint = hint
        }
        options.jwks = scanned.value("jwks").map(URLArgument.canonical)
        options.now = scanned.value("now")
        options.json = scanned.has("json")
        options.fetching = try JWTCheckParser.fetchOptions(scanned)
        return .apple(.endpoint(options))
    }

    private static func leeway(_ scanned: ScannedArguments) throws(CommandFailure) -> Int? {
        guard let text = scanned.value("leeway") else { return nil }
        guard let seconds = Int(text), (0...600).contains(seconds) else {
            throw .usage("--leeway takes whole seconds from 0 to 600, not '\(text)'")
        }
        return seconds
    }

    private static func single(
        _ scanned: ScannedArguments, name: String, subcommand: AppleCommand.Subcommand
    ) throws(CommandFailure) -> String {
        switch scanned.positionals.count {
        case 1:
            return scanned.positionals[0]
        case 0:
            throw .usage(
                "jwtcheck apple \(subcommand.rawValue) needs \(name)\n\n" + AppleHelpText.text(for: subcommand))
        default:
            throw .usage(
                "jwtcheck apple \(subcommand.rawValue) takes one \(name), got \(scanned.positionals.count) "
                    + "arguments: " + scanned.positionals.map { "'\($0)'" }.joined(separator: " "))
        }
    }
}
