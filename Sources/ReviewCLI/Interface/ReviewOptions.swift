import CommandLineKit
import ReviewLog

/// Every option of `review`, declared once: name, value name, help and how its value is read. The parser, the
/// help texts, the man page and the shell completions are all made from these (see `ReviewInterface`).
package enum ReviewOptions {
    // MARK: Every command

    /// `--db PATH`: before or after the subcommand.
    package static let database = Option(
        .value(
            "db", valueName: "PATH",
            help: "The store (default: $REVIEW_DB, else $XDG_DATA_HOME/gatehouse/review.sqlite3, else "
                + "~/.local/share/gatehouse/review.sqlite3). Before or after the subcommand.",
            completion: .file))
    /// `--utc`: before or after the subcommand.
    package static let utc = OptionSpec.flag("utc", help: "Show times in UTC instead of the local time zone (TZ).")
    /// The options every command that uses the store takes, before or after the subcommand: read once, in
    /// `ReviewParser`.
    package static let global: [any OptionDeclaration] = [database, utc]

    // MARK: The tool

    /// `--version` before any subcommand: the tool's version (not `log --version V`).
    package static let showVersion = OptionSpec.flag("version", help: "Show the version.")
    /// `--man`: the manual page, for `man -l -` where it is not installed.
    package static let manual = OptionSpec.flag(
        "man", help: "Print the manual page (roff) to standard output; read it with 'review --man | man -l -'.")

    // MARK: Commands

    /// `--version V` of `log` and `timeline`.
    package static let appVersion = Option(.value("version", valueName: "V", help: "The version."))
    /// `--build B` of `log`.
    package static let build = Option(.value("build", valueName: "B", help: "The build number."))
    /// `--platform P` of `log` and `timeline`, any spelling of a platform.
    package static let platform = Option(
        .value(
            "platform", valueName: "P",
            help: "iOS, macOS, tvOS, visionOS or watchOS (default for log: the app's own platform, iOS for a new app).",
            completion: .choices(Platform.allCases.map(\.rawValue))),
        parse: { text throws(CommandFailure) in
            if let platform = Platform(spelling: text) { return platform }
            let names = Platform.allCases.map(\.rawValue)
            let hint = Suggestion.closest(to: text, among: names).map { "; did you mean \($0)?" } ?? ""
            throw .usage("unknown platform \"\(text)\"\(hint) (platforms: \(names.joined(separator: ", ")))")
        })
    /// `--at TIME` of `log`, read against the current time by the parser.
    package static let at = Option(
        .value(
            "at", valueName: "TIME",
            help: "When: ISO 8601 with an offset (2020-03-15T10:00:00+09:00), without one (local time), a date "
                + "(local midnight), now (default), or relative (-3h, -2d, -45m)."))
    /// `--allow-future` of `log`: accept a time more than `ReviewParser.futureTolerance` ahead of now.
    package static let allowFuture = OptionSpec.flag(
        "allow-future",
        help: "Accept an --at more than 5 minutes in the future (without it, such a time is refused as a likely typo).")
    /// `--note TEXT` of `log`.
    package static let note = Option(.value("note", valueName: "TEXT", help: "A note."))
    /// `--json` of the read commands (each says what it prints).
    package static let json = OptionSpec.flag("json", help: "Output JSON.")
    /// `--since DATE` of `stats`.
    package static let since = Option(
        .value("since", valueName: "DATE", help: "Only cycles that entered Waiting for Review at or after DATE."))
    /// `--until DATE` of `stats`.
    package static let until = Option(
        .value(
            "until", valueName: "DATE", help: "Only cycles that entered Waiting for Review before DATE (exclusive)."))
    /// `--format json|csv` of `export`.
    package static let format = Option(
        .value(
            "format", valueName: "json|csv",
            help: "json (default): {\"events\": [{\"id\", \"app\", \"platform\", \"version\", \"state\", \"at\", "
                + "\"note\", \"source\", ...}]}; csv: the same columns with a header row.",
            completion: .choices(InterchangeFormat.allCases.map(\.rawValue))),
        parse: { text throws(CommandFailure) in
            guard let format = InterchangeFormat(rawValue: text.lowercased()) else {
                throw .usage("unknown export format \"\(text)\"; use json or csv")
            }
            return format
        })
    /// `--html FILE` of `report`: where the page goes (`-` for standard output).
    package static let html = Option(
        .value(
            "html", valueName: "FILE",
            help: "Write the report as one self-contained HTML page to FILE (replaced if it exists; - for standard "
                + "output).", completion: .file, isRequired: true))
    /// `--yes` of `delete`.
    package static let yes = OptionSpec.flag("yes", help: "Confirm the deletion (required).", isRequired: true)

    // MARK: App Store Connect

    /// `--profile NAME`: a named App Store Connect key from `review auth add`.
    package static let profile = Option(
        .value(
            "profile", valueName: "NAME",
            help: "The App Store Connect key saved under NAME by 'review auth add' (default: flags, else ASC_KEY_ID "
                + "and friends, else every saved profile)."))
    /// `--key-id ID`.
    package static let keyID = Option(
        .value("key-id", valueName: "ID", help: "The App Store Connect API key ID (else $ASC_KEY_ID)."))
    /// `--issuer-id ID`.
    package static let issuerID = Option(
        .value(
            "issuer-id", valueName: "ID",
            help: "The issuer ID of a team key (else $ASC_ISSUER_ID); none for an individual key."))
    /// `--private-key FILE`.
    package static let privateKey = Option(
        .value(
            "private-key", valueName: "FILE", help: "The key's AuthKey_<ID>.p8 file (else $ASC_PRIVATE_KEY_PATH).",
            completion: .file))
    /// `--app NAME|BUNDLE_ID`, repeatable, of `sync` and `watch`.
    package static let app = Option(
        .value(
            "app", repeatable: true, valueName: "NAME|BUNDLE_ID",
            help: "Only this app (repeatable; default every app the key can see)."))
    /// `--interval DURATION` of `watch`: 60 s at least.
    package static let interval = Option(
        .value("interval", valueName: "DURATION", help: "Time between passes: 90s, 5m (default), 1h; at least 60s."),
        parse: { text throws(CommandFailure) -> Duration in
            let digits = text.prefix { $0.isNumber }
            let unit = text.dropFirst(digits.count)
            let scale: Int64? =
                switch unit {
                case "s", "": 1
                case "m": 60
                case "h": 3600
                default: nil
                }
            guard !digits.isEmpty, digits.count <= 6, let scale, let amount = Int64(digits) else {
                throw .usage("--interval takes a duration such as 90s, 5m or 1h, not '\(text)'")
            }
            let seconds = amount * scale
            guard seconds >= 60 else {
                throw .usage(
                    "--interval \(text) is shorter than 60 s; App Store Connect allows about 3600 requests an hour per "
                        + "key, and a review takes hours: 5m is plenty")
            }
            return .seconds(seconds)
        })
}
