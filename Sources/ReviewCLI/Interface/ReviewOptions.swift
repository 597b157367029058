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
            "platform", valueName: "P", help: "iOS (default), macOS, tvOS, visionOS or watchOS.",
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
    /// `--yes` of `delete`.
    package static let yes = OptionSpec.flag("yes", help: "Confirm the deletion (required).", isRequired: true)
}
