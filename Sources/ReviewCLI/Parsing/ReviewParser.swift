import CommandLineKit
import ReviewLog

/// Parses `review` command lines: a pure function of the arguments and the current time.
public enum ReviewParser {
    private static let shared: [OptionSpec] = [.value("db"), .flag("utc")]

    private static func options(for command: String) -> [OptionSpec] {
        switch command {
        case "log":
            shared + [.value("version"), .value("build"), .value("platform"), .value("at"), .value("note")]
        case "status": shared + [.flag("json")]
        case "timeline": shared + [.value("version"), .value("platform"), .flag("json")]
        case "stats": shared + [.value("since"), .value("until"), .flag("json")]
        case "export": shared + [.value("format")]
        case "import": shared
        case "delete": shared + [.flag("yes")]
        default: []
        }
    }

    /// Parses the arguments after the program name.
    /// - Parameters:
    ///   - arguments: the arguments, without `review` itself.
    ///   - now: the current time, for `--at now` and relative times.
    /// - Returns: the invocation.
    /// - Throws: `CommandFailure` with status `.usage` naming the offending argument (and the closest valid
    ///   spelling for an unknown command, option, state or platform).
    public static func parse(_ arguments: [String], now: Timestamp) throws(CommandFailure) -> ReviewInvocation {
        var index = 0
        var database: String?
        var utc = false
        // Global options before the subcommand.
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-" {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help": return ReviewInvocation(command: .help(nil))
            case "--version": return ReviewInvocation(command: .version)
            case "--utc": utc = true
            case "--db":
                guard index < arguments.count else { throw .usage("option --db needs a value") }
                database = arguments[index]
                index += 1
            default:
                if argument.hasPrefix("--db=") {
                    database = String(argument.dropFirst(5))
                } else {
                    let bare = String(argument.drop(while: { $0 == "-" }))
                    let hint =
                        Suggestion.closest(to: bare, among: ["db", "utc", "help", "version"])
                        .map { "; did you mean --\($0)?" } ?? ""
                    throw .usage("unknown option \(argument)\(hint) (a command's own options go after it)")
                }
            }
        }
        guard index < arguments.count else {
            throw .usage("no command given; try 'review --help' (commands: \(commandList))")
        }
        let name = arguments[index]
        let rest = Array(arguments[(index + 1)...])
        if name == "help" {
            guard rest.count <= 1 else { throw .usage("help takes at most one command name") }
            if let topic = rest.first, ReviewHelp.text(for: topic) == nil { throw unknownCommand(topic) }
            return ReviewInvocation(command: .help(rest.first))
        }
        guard ReviewHelp.commands.contains(name) else { throw unknownCommand(name) }
        let scanned = try ArgumentScanner.scan(rest, options: options(for: name))
        if scanned.has("help") { return ReviewInvocation(command: .help(name)) }
        if let after = scanned.value("db") {
            guard database == nil else { throw .usage("option --db was given more than once") }
            database = after
        }
        if database?.isEmpty == true { throw .usage("option --db needs a non-empty path") }
        let command = try makeCommand(name, scanned, now: now)
        return ReviewInvocation(
            databasePath: database, utc: utc || scanned.has("utc"), json: scanned.has("json"), command: command)
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
            let at = try scanned.value("at").map { text throws(CommandFailure) in try parseTime(text, now: now) } ?? now
            let platform = try scanned.value("platform").map { text throws(CommandFailure) in try parsePlatform(text) }
            let note = scanned.value("note").flatMap { $0.isEmpty ? nil : $0 }
            return .log(
                LogRequest(
                    app: positionals[0], platform: platform ?? .iOS, version: scanned.value("version"),
                    build: scanned.value("build").flatMap { $0.isEmpty ? nil : $0 }, state: state, at: at, note: note,
                    source: .manual))
        case "status":
            try expect(0...1, "review status [APP]")
            return .status(app: positionals.first)
        case "timeline":
            try expect(1...1, "review timeline APP [--version V] [--platform P]")
            let platform = try scanned.value("platform").map { text throws(CommandFailure) in try parsePlatform(text) }
            return .timeline(app: positionals[0], version: scanned.value("version"), platform: platform)
        case "stats":
            try expect(0...1, "review stats [APP] [--since DATE] [--until DATE]")
            let since = try scanned.value("since").map { text throws(CommandFailure) in try parseTime(text, now: now) }
            let until = try scanned.value("until").map { text throws(CommandFailure) in try parseTime(text, now: now) }
            if let since, let until, until <= since {
                throw .usage("--until (\(until.iso8601)) must be after --since (\(since.iso8601))")
            }
            return .stats(app: positionals.first, since: since, until: until)
        case "export":
            try expect(0...0, "review export [--format json|csv]")
            let text = scanned.value("format") ?? "json"
            guard let format = InterchangeFormat(rawValue: text.lowercased()) else {
                throw .usage("unknown export format \"\(text)\"; use json or csv")
            }
            return .export(format)
        case "import":
            try expect(1...1, "review import FILE")
            return .importFile(positionals[0])
        default:  // delete
            try expect(1...1, "review delete EVENT_ID --yes")
            guard let id = Int64(positionals[0]), id > 0 else {
                throw .usage("the event id \"\(positionals[0])\" is not a positive integer")
            }
            guard scanned.has("yes") else {
                throw .usage("delete removes event \(id) for good; add --yes to confirm")
            }
            return .delete(id)
        }
    }

    /// Reads a state from any spelling, suggesting the closest on a typo.
    /// - Parameter text: the spelling.
    /// - Returns: the state.
    /// - Throws: `CommandFailure` (usage) naming the text and the closest state.
    public static func parseState(_ text: String) throws(CommandFailure) -> ReviewState {
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

    private static func parsePlatform(_ text: String) throws(CommandFailure) -> Platform {
        if let platform = Platform(spelling: text) { return platform }
        let names = Platform.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: text, among: names).map { "; did you mean \($0)?" } ?? ""
        throw .usage("unknown platform \"\(text)\"\(hint) (platforms: \(names.joined(separator: ", ")))")
    }

    private static func parseTime(_ text: String, now: Timestamp) throws(CommandFailure) -> Timestamp {
        Timestamp(secondsSince1970: try TimeParser.parse(text, now: now.secondsSince1970))
    }
}
