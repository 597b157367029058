import CommandLineKit
import ReviewLog
import ReviewSync

/// Parses `review` command lines: a pure function of the arguments and the current time. Each command is scanned
/// with its declaration in `ReviewInterface`, and each option read through its record in `ReviewOptions`.
package enum ReviewParser {
    private typealias Options = ReviewOptions

    /// Parses the arguments after the program name.
    /// - Parameters:
    ///   - arguments: the arguments, without `review` itself.
    ///   - now: the current time, for `--at now` and relative times.
    /// - Returns: the invocation.
    /// - Throws: `CommandFailure` with status `.usage` naming the offending argument (and the closest valid
    ///   spelling for an unknown command, option, state or platform).
    package static func parse(_ arguments: [String], now: Timestamp) throws(CommandFailure) -> ReviewInvocation {
        // The options before the subcommand: the global ones, or one that prints something and stops.
        let (leading, remainder) = try ArgumentScanner.scanLeadingOptions(
            arguments, options: ReviewInterface.tool.allOptions,
            stopFlags: [OptionSpec.help.name, Options.showVersion.name, Options.manual.name],
            unknownOptionHint: " (a command's own options go after it)")
        if leading.has(.help) { return ReviewInvocation(command: .help(nil)) }
        if leading.has(Options.showVersion) { return ReviewInvocation(command: .version) }
        if leading.has(Options.manual) { return ReviewInvocation(command: .manual) }
        guard let name = remainder.first else {
            throw .usage("no command given; try 'review --help' (commands: \(commandList))")
        }
        let rest = Array(remainder.dropFirst())
        if name == ReviewInterface.help.name {
            guard rest.count <= 1 else { throw .usage("help takes at most one command name") }
            if let topic = rest.first, ReviewHelp.text(for: topic) == nil { throw unknownCommand(topic) }
            return ReviewInvocation(command: .help(rest.first))
        }
        guard let spec = ReviewInterface.tool.subcommand(name) else { throw unknownCommand(name) }
        let scanned = try ArgumentScanner.scan(rest, command: spec)
        if scanned.has(.help) { return ReviewInvocation(command: .help(name)) }
        // The global options, read once whichever side of the subcommand they were given on.
        var database = try leading.value(Options.database)
        if let after = try scanned.value(Options.database) {
            guard database == nil else { throw .usage("option --db was given more than once") }
            database = after
        }
        if database?.isEmpty == true { throw .usage("option --db needs a non-empty path") }
        let command = try makeCommand(name, scanned, now: now)
        return ReviewInvocation(
            databasePath: database, utc: leading.has(Options.utc) || scanned.has(Options.utc),
            json: scanned.has(Options.json), command: command)
    }

    private static var commandList: String { ReviewHelp.commands.joined(separator: ", ") }

    private static func unknownCommand(_ name: String) -> CommandFailure {
        if let suggestion = Suggestion.closest(to: name, among: ReviewHelp.commands) {
            return .usage("unknown command \"\(name)\"; did you mean \(suggestion)?")
        }
        return .usage("unknown command \"\(name)\"; the commands are \(commandList)")
    }

    private static func makeCommand(_ name: String, _ scanned: ScannedArguments, now: Timestamp) throws(CommandFailure)
        -> ReviewCommand
    {
        let positionals = scanned.positionals
        func expect(_ range: ClosedRange<Int>, _ usage: String) throws(CommandFailure) {
            guard range.contains(positionals.count) else {
                let what = positionals.count < range.lowerBound ? "missing arguments" : "too many arguments"
                throw .usage("\(what) for \(name); usage: \(usage)")
            }
        }
        switch name {
        case "log":
            try expect(2...2, "review log APP STATE [--version V] [--at TIME]")
            let state = try parseState(positionals[1])
            let at = try time(try scanned.value(Options.at), now: now) ?? now
            // A time well ahead of now is nearly always a typo (2030 for 2020): refused unless asked for.
            if at.secondsSince1970 > now.secondsSince1970 + futureTolerance, !scanned.has(Options.allowFuture) {
                throw .usage(
                    "--at \(at.iso8601) is \(DurationFormat.string(seconds: now.seconds(until: at))) in the future; "
                        + "check the date, or add --allow-future to record it anyway")
            }
            let platform = try scanned.value(Options.platform)
            let note = try scanned.value(Options.note).flatMap { $0.isEmpty ? nil : $0 }
            return .log(
                LogRequest(
                    app: positionals[0], platform: platform ?? .iOS, version: try scanned.value(Options.appVersion),
                    build: try scanned.value(Options.build).flatMap { $0.isEmpty ? nil : $0 }, state: state, at: at,
                    note: note, source: .manual), platformGiven: platform != nil)
        case "status":
            try expect(0...1, "review status [APP]")
            return .status(app: positionals.first)
        case "timeline":
            try expect(1...1, "review timeline APP [--version V] [--platform P]")
            let platform = try scanned.value(Options.platform)
            return .timeline(app: positionals[0], version: try scanned.value(Options.appVersion), platform: platform)
        case "stats":
            try expect(0...1, "review stats [APP] [--since DATE] [--until DATE]")
            let since = try time(try scanned.value(Options.since), now: now)
            let until = try time(try scanned.value(Options.until), now: now)
            if let since, let until, until <= since {
                throw .usage("--until (\(until.iso8601)) must be after --since (\(since.iso8601))")
            }
            return .stats(app: positionals.first, since: since, until: until)
        case "report":
            try expect(0...1, "review report [APP] --html FILE")
            guard let file = try scanned.value(Options.html), !file.isEmpty else {
                throw .usage("report needs --html FILE (the page to write; - for standard output)")
            }
            return .report(app: positionals.first, html: file)
        case "export":
            try expect(0...0, "review export [--format json|csv]")
            return .export(try scanned.value(Options.format) ?? .json)
        case "import":
            try expect(1...1, "review import FILE")
            return .importFile(positionals[0])
        case "completion":
            try expect(1...1, "review completion bash|zsh|fish")
            return .completion(try Shell.named(positionals[0]))
        case "sync":
            try expect(0...0, "review sync [--profile NAME] [--app NAME]...")
            return .sync(try keyFlags(scanned), apps: try scanned.values(Options.app))
        case "watch":
            try expect(0...0, "review watch [--interval 5m] [--profile NAME] [--app NAME]...")
            return .watch(
                try keyFlags(scanned), apps: try scanned.values(Options.app),
                interval: try scanned.value(Options.interval) ?? .seconds(300))
        case "auth":
            try expect(1...1, "review auth add|list|check")
            let flags = try keyFlags(scanned)
            switch positionals[0] {
            case "add":
                guard let profile = flags.profile, let keyID = flags.keyID, let path = flags.privateKeyPath else {
                    throw .usage(
                        "auth add needs --profile NAME, --key-id ID and --private-key FILE (and --issuer-id ID for a "
                            + "team key)")
                }
                guard !profile.isEmpty, !keyID.isEmpty else { throw .usage("auth add needs non-empty values") }
                return .authAdd(profile: profile, keyID: keyID, issuerID: flags.issuerID, privateKeyPath: path)
            case "list": return .authList
            case "check": return .authCheck(flags)
            default: throw .usage("unknown auth action \"\(positionals[0])\"; use add, list or check")
            }
        default:  // delete
            try expect(1...1, "review delete EVENT_ID --yes")
            guard let id = Int64(positionals[0]), id > 0 else {
                throw .usage("the event id \"\(positionals[0])\" is not a positive integer")
            }
            guard scanned.has(Options.yes) else {
                throw .usage("delete removes event \(id) for good; add --yes to confirm")
            }
            return .delete(id)
        }
    }

    /// The key options of `sync`, `watch` and `auth`.
    private static func keyFlags(_ scanned: ScannedArguments) throws(CommandFailure) -> CredentialResolver.Flags {
        CredentialResolver.Flags(
            keyID: try scanned.value(Options.keyID), issuerID: try scanned.value(Options.issuerID),
            privateKeyPath: try scanned.value(Options.privateKey), profile: try scanned.value(Options.profile))
    }

    /// How far ahead of now `log --at` may be without `--allow-future`: 5 minutes (clock skew, a typed "now").
    package static let futureTolerance: Int64 = 300

    /// Reads a state from any spelling, suggesting the closest on a typo.
    /// - Parameter text: the spelling.
    /// - Returns: the state.
    /// - Throws: `CommandFailure` (usage) naming the text and the closest state.
    package static func parseState(_ text: String) throws(CommandFailure) -> ReviewState {
        if let state = ReviewState(spelling: text) { return state }
        let typed = String(text.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
        if let suggestion = Suggestion.closest(to: typed, among: ReviewState.allCases.map(\.kebabAlias)) {
            let apiString = ReviewState(spelling: suggestion)?.apiString ?? suggestion
            throw .usage("unknown state \"\(text)\"; did you mean \(suggestion) (\(apiString))?")
        }
        throw .usage(
            "unknown state \"\(text)\"; use an App Store Connect state such as waiting-for-review, in-review, "
                + "rejected or ready-for-distribution (see review --help)")
    }

    /// A time option's value read against `now`, if it was given.
    private static func time(_ text: String?, now: Timestamp) throws(CommandFailure) -> Timestamp? {
        guard let text else { return nil }
        return Timestamp(secondsSince1970: try TimeParser.parse(text, now: now.secondsSince1970))
    }
}
