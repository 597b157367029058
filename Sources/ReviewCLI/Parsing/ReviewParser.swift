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
        // --now is resolved once, against the clock, and is then the only "now" the command sees.
        var nowText = try leading.value(Options.now)
        if let after = try scanned.value(Options.now) {
            guard nowText == nil else { throw .usage("option --now was given more than once") }
            nowText = after
        }
        let pinned = try nowText.map { text throws(CommandFailure) in
            Timestamp(secondsSince1970: try TimeParser.parse(text, now: now.secondsSince1970, acceptsUnixSeconds: true))
        }
        let command = try makeCommand(name, scanned, now: pinned ?? now)
        return ReviewInvocation(
            databasePath: database, utc: leading.has(Options.utc) || scanned.has(Options.utc),
            json: scanned.has(Options.json), now: pinned, command: command)
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
            let at = try pastTime(scanned, now: now) ?? now
            let platform = try scanned.value(Options.platform)
            let note = try scanned.value(Options.note).flatMap { $0.isEmpty ? nil : $0 }
            return .log(
                LogRequest(
                    app: positionals[0], platform: platform ?? .iOS, version: try scanned.value(Options.appVersion),
                    build: try scanned.value(Options.build).flatMap { $0.isEmpty ? nil : $0 }, state: state, at: at,
                    note: note, source: .manual, bundleID: try scanned.value(Options.bundleID),
                    appStoreID: try scanned.value(Options.appStoreID)), platformGiven: platform != nil,
                newApp: scanned.has(Options.newApp))
        case "status":
            try expect(0...1, "review status [APP] [--platform P] [--all]")
            return .status(
                StatusQuery(
                    app: positionals.first, platform: try scanned.value(Options.platformFilter),
                    all: scanned.has(Options.all), color: try scanned.value(Options.color) ?? .auto))
        case "timeline":
            try expect(1...1, "review timeline APP [--version V | --all] [--platform P]")
            let version = try scanned.value(Options.appVersion)
            if version != nil, scanned.has(Options.all) {
                throw .usage("timeline takes --version V or --all, not both")
            }
            return .timeline(
                TimelineQuery(
                    app: positionals[0], version: version, platform: try scanned.value(Options.platform),
                    all: scanned.has(Options.all), color: try scanned.value(Options.color) ?? .auto))
        case "stats":
            try expect(0...1, "review stats [APP] [--platform P] [--since DATE] [--until DATE] [--by month|quarter]")
            let (since, until) = try window(scanned, now: now)
            return .stats(
                StatisticsQuery(
                    app: positionals.first, platform: try scanned.value(Options.platformFilter), since: since,
                    until: until, period: try scanned.value(Options.by), includeOpen: scanned.has(Options.includeOpen)))
        case "report":
            try expect(0...1, "review report [APP] --html FILE")
            guard let file = try scanned.value(Options.html), !file.isEmpty else {
                throw .usage("report needs --html FILE (the page to write; - for standard output)")
            }
            return .report(app: positionals.first, html: file)
        case "export":
            try expect(0...0, "review export [--format json|csv] [--app A]... [--platform P] [--since T] [--until T]")
            var format = try scanned.value(Options.format)
            if scanned.has(Options.json) {
                guard format != .csv else {
                    throw .usage("--json and --format csv ask for two formats; give one of them")
                }
                format = .json
            }
            let (since, until) = try window(scanned, now: now)
            return .export(
                format ?? .json,
                EventFilter(
                    apps: try scanned.values(Options.app), platform: try scanned.value(Options.platform),
                    since: since, until: until))
        case "import":
            try expect(1...1, "review import FILE [--notify]")
            return .importFile(positionals[0], notify: scanned.has(Options.notify))
        case "notify":
            return .notify(try notifyAction(positionals, scanned))
        case "apps":
            switch (positionals.first, positionals.count) {
            case (nil, 0), ("list", 1): return .apps(.list)
            case ("rename", 3): return .apps(.rename(positionals[1], to: positionals[2]))
            case ("merge", 3): return .apps(.merge(positionals[1], into: positionals[2]))
            default:
                throw .usage(
                    "usage: review apps [list], review apps rename OLD NEW, or review apps merge FROM INTO (not "
                        + positionals.map { "\"\($0)\"" }.joined(separator: " ") + ")")
            }
        case "edit":
            try expect(1...1, "review edit EVENT_ID [--note TEXT] [--at TIME]")
            let id = try eventID(positionals[0])
            let note = try scanned.value(Options.note)
            let at = try pastTime(scanned, now: now)
            guard note != nil || at != nil else {
                throw .usage("edit needs --note TEXT (\"\" removes the note), --at TIME, or both")
            }
            return .edit(id: id, note: note, at: at)
        case "migrate":
            try expect(0...0, "review migrate --to URL|PATH")
            guard let target = try scanned.value(Options.migrateTarget), !target.isEmpty else {
                throw .usage("migrate needs --to URL|PATH (a postgres:// URL, or a SQLite file)")
            }
            return .migrate(to: target)
        case "undo":
            try expect(0...0, "review undo")
            return .undo
        case "states":
            try expect(0...0, "review states [--json]")
            return .states
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
        case "serve":
            try expect(0...0, "review serve [--listen HOST:PORT] [--webhook-secret-file FILE]")
            var settings = ServeSettings(flags: try keyFlags(scanned))
            if let listen = try scanned.value(Options.listen) { settings.listen = listen }
            settings.secretFile = try scanned.value(Options.webhookSecretFile)
            if let interval = try scanned.value(Options.resolveInterval) { settings.resolveInterval = interval }
            return .serve(settings)
        case "webhook":
            try expect(1...1, "review webhook create|list|ping")
            let flags = try keyFlags(scanned)
            let apps = try scanned.values(Options.app)
            switch positionals[0] {
            case "create":
                guard apps.count == 1, let url = try scanned.value(Options.url) else {
                    throw .usage("webhook create needs one --app NAME and --url URL (the public https URL of serve)")
                }
                guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                    throw .usage("--url \(url) is not an http(s) URL; App Store Connect delivers to https URLs")
                }
                return .webhookCreate(
                    flags, app: apps[0], url: url, secretFile: try scanned.value(Options.webhookSecretFile))
            case "list": return .webhookList(flags, apps: apps)
            case "ping": return .webhookPing(flags, apps: apps)
            default: throw .usage("unknown webhook action \"\(positionals[0])\"; use create, list or ping")
            }
        default:  // delete
            try expect(1...1, "review delete EVENT_ID --yes")
            let id = try eventID(positionals[0])
            guard scanned.has(Options.yes) else {
                throw .usage("delete removes event \(id) for good; add --yes to confirm")
            }
            return .delete(id)
        }
    }

    /// `notify add|list|remove|test|flush` and their arguments.
    private static func notifyAction(_ positionals: [String], _ scanned: ScannedArguments) throws(CommandFailure)
        -> NotifyAction
    {
        let usage = "review notify add slack|discord|teams|webhook URL | list | remove ID | test ID | flush"
        guard let action = positionals.first else { throw .usage("notify needs an action; usage: \(usage)") }
        let rest = Array(positionals.dropFirst())
        func channelID() throws(CommandFailure) -> Int64 {
            guard rest.count == 1 else { throw .usage("notify \(action) takes one channel ID; usage: \(usage)") }
            guard let id = Int64(rest[0]), id > 0 else {
                throw .usage("the channel ID \"\(rest[0])\" is not a positive integer; review notify list shows them")
            }
            return id
        }
        let secretFile = try scanned.value(Options.secretFile)
        let apps = try scanned.values(Options.app)
        let states = try scanned.value(Options.states)
        if action != "add", secretFile != nil || !apps.isEmpty || states != nil {
            throw .usage("--secret-file, --app and --states belong to notify add")
        }
        switch action {
        case "add":
            guard rest.count == 2 else {
                throw .usage("notify add takes a kind and a URL; usage: review notify add KIND URL [--secret-file F]")
            }
            guard let kind = NotificationChannel.Kind(rawValue: rest[0].lowercased()) else {
                let kinds = NotificationChannel.Kind.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: rest[0], among: kinds).map { "; did you mean \($0)?" } ?? ""
                throw .usage("unknown channel kind \"\(rest[0])\"\(hint) (kinds: \(kinds.joined(separator: ", ")))")
            }
            if secretFile != nil, kind != .webhook {
                throw .usage(
                    "--secret-file signs generic webhooks only; \(kind.rawValue) webhook URLs carry their own secret")
            }
            if secretFile?.isEmpty == true { throw .usage("--secret-file needs a non-empty path") }
            return .add(
                NotificationChannel(kind: kind, url: rest[1], secretFile: secretFile, apps: apps, states: states ?? []))
        case "list", "flush":
            guard rest.isEmpty else { throw .usage("notify \(action) takes no arguments") }
            return action == "list" ? .list : .flush
        case "remove": return .remove(try channelID())
        case "test": return .test(try channelID())
        default:
            let actions = ["add", "list", "remove", "test", "flush"]
            let hint = Suggestion.closest(to: action, among: actions).map { "; did you mean \($0)?" } ?? ""
            throw .usage("unknown notify action \"\(action)\"\(hint); usage: \(usage)")
        }
    }

    /// The key options of `sync`, `watch` and `auth`.
    private static func keyFlags(_ scanned: ScannedArguments) throws(CommandFailure) -> CredentialResolver.Flags {
        CredentialResolver.Flags(
            keyID: try scanned.value(Options.keyID), issuerID: try scanned.value(Options.issuerID),
            privateKeyPath: try scanned.value(Options.privateKey), profile: try scanned.value(Options.profile))
    }

    /// An event id argument: a positive integer.
    private static func eventID(_ text: String) throws(CommandFailure) -> Int64 {
        guard let id = Int64(text), id > 0 else { throw .usage("the event id \"\(text)\" is not a positive integer") }
        return id
    }

    /// `--at` of `log` and `edit`, if given; a time well ahead of now is nearly always a typo (2030 for 2020), so it
    /// is refused unless `--allow-future`.
    private static func pastTime(_ scanned: ScannedArguments, now: Timestamp) throws(CommandFailure) -> Timestamp? {
        guard let at = try time(try scanned.value(Options.at), now: now) else { return nil }
        if at.secondsSince1970 > now.secondsSince1970 + futureTolerance, !scanned.has(Options.allowFuture) {
            throw .usage(
                "--at \(at.iso8601) is \(DurationFormat.string(seconds: now.seconds(until: at))) in the future; "
                    + "check the date, or add --allow-future to record it anyway")
        }
        return at
    }

    /// How far ahead of now `log --at` may be without `--allow-future`: 5 minutes (clock skew, a typed "now").
    package static let futureTolerance: Int64 = 300

    /// Reads a state from any spelling, suggesting the closest on a typo (never one of another stage:
    /// `ReviewState.suggestion(for:)`).
    /// - Parameter text: the spelling.
    /// - Returns: the state.
    /// - Throws: `CommandFailure` (usage) naming the text and the closest state, else pointing to `review states`.
    package static func parseState(_ text: String) throws(CommandFailure) -> ReviewState {
        if let state = ReviewState(spelling: text) { return state }
        if let suggestion = ReviewState.suggestion(for: text) {
            throw .usage(
                "unknown state \"\(text)\"; did you mean \(suggestion.kebabAlias) (\(suggestion.apiString))? "
                    + "'review states' lists every state and its spellings")
        }
        throw .usage(
            "unknown state \"\(text)\"; 'review states' lists every state and its spellings (such as "
                + "waiting-for-review, in-review, rejected or ready-for-distribution)")
    }

    /// A time option's value read against `now`, if it was given; `edge` says what a day, month or year means.
    private static func time(_ text: String?, now: Timestamp, edge: TimeParser.Edge = .start) throws(CommandFailure)
        -> Timestamp?
    {
        guard let text else { return nil }
        return Timestamp(secondsSince1970: try TimeParser.parse(text, now: now.secondsSince1970, edge: edge))
    }

    /// `--since` and `--until`: a day, month or year given to `--since` starts at its first instant, given to
    /// `--until` (exclusive) ends at the first instant after it, so `--since 2025-06 --until 2025-06` is June.
    private static func window(_ scanned: ScannedArguments, now: Timestamp) throws(CommandFailure)
        -> (since: Timestamp?, until: Timestamp?)
    {
        let since = try time(try scanned.value(Options.since), now: now)
        let until = try time(try scanned.value(Options.until), now: now, edge: .end)
        if let since, let until, until <= since {
            throw .usage("--until (\(until.iso8601)) must be after --since (\(since.iso8601))")
        }
        return (since, until)
    }
}
