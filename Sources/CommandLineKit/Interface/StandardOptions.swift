/// The options every Gatehouse tool declares alike, declared once: `--now`, `--json`, `--version` and `--man`. A
/// command that words one its own way uses `with(help:)`; name, kind, value name and reading stay these.
///
/// Value names are written one way in both tools, as swift-argument-parser writes them and as every positional
/// argument already was: in lower case between angle brackets (`--now <time>`, `<token>`), `<a|b>` for a choice.
package enum StandardOptions {
    /// `--now <time>`: the time the command takes as the current one, as given; `resolveNow(_:clock:)` reads it.
    package static let now = Option(
        .value(
            "now", valueName: "<time>",
            help: "Take this time as the current one: ISO 8601, a date, month or year (local time), a relative time "
                + "or Unix seconds."))
    /// `--json`: one JSON object instead of the human report (each command says what it holds).
    package static let json = OptionSpec.flag("json", help: "Print one JSON object.")
    /// `--version`, before any command: the tool's version (`CommandHelp.version`).
    package static let version = OptionSpec.flag("version", help: "Show the version.")

    /// `--man`, before any command: the manual page, for `man -l -` where it is not installed.
    /// - Parameter tool: the tool's name, for the help's example.
    /// - Returns: the option.
    package static func manual(tool: String) -> OptionSpec {
        OptionSpec.flag(
            manualName,
            help: "Print the manual page (roff) to standard output; read it with '\(tool) --man | man -l -'.")
    }

    /// The long name of `--man`.
    static let manualName = "man"

    /// The one reading of `--now`: the time given (ISO 8601, a date, month or year, a relative time, `now`, or Unix
    /// seconds), else the clock.
    /// - Parameters:
    ///   - text: the `--now` value, if given.
    ///   - clock: the current time, Unix seconds (relative times count from it).
    /// - Returns: Unix seconds.
    /// - Throws: `CommandFailure` (usage) naming the text and the forms accepted.
    package static func resolveNow(_ text: String?, clock: Int64) throws(CommandFailure) -> Int64 {
        guard let text else { return clock }
        return try TimeParser.parse(text, now: clock, acceptsUnixSeconds: true)
    }
}
