import ReviewLog

/// A parsed `review` subcommand with its arguments, checked and typed.
public enum ReviewCommand: Sendable, Equatable {
    /// `review help [COMMAND]`, `review --help`, `review COMMAND --help`: the help text of a command, or the
    /// overview for `nil`.
    case help(String?)
    /// `review --version`.
    case version
    /// `review log APP STATE ...`.
    case log(LogRequest)
    /// `review status [APP]`.
    case status(app: String?)
    /// `review timeline APP [--version V] [--platform P]`.
    case timeline(app: String, version: String?, platform: Platform?)
    /// `review stats [APP] [--since DATE] [--until DATE]`.
    case stats(app: String?, since: Timestamp?, until: Timestamp?)
    /// `review export [--format json|csv]`.
    case export(InterchangeFormat)
    /// `review import FILE`.
    case importFile(String)
    /// `review delete EVENT_ID --yes`.
    case delete(Int64)
}
