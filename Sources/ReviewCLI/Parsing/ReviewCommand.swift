import CommandLineKit
import ReviewLog
import ReviewSync

/// A parsed `review` subcommand with its arguments, checked and typed.
package enum ReviewCommand: Sendable, Equatable {
    /// `review help [COMMAND]`, `review --help`, `review COMMAND --help`: the help text of a command, or the
    /// overview for `nil`.
    case help(String?)
    /// `review --version`.
    case version
    /// `review --man`: the manual page (roff).
    case manual
    /// `review completion SHELL`: the shell's completion script.
    case completion(Shell)
    /// `review log APP STATE ...`; without `--platform` (`platformGiven` false) the platform is the app's own
    /// (see `ReviewCLI.platform(for:store:)`), iOS only for an app without events.
    case log(LogRequest, platformGiven: Bool = true)
    /// `review status [APP]`.
    case status(app: String?)
    /// `review timeline APP [--version V] [--platform P]`.
    case timeline(app: String, version: String?, platform: Platform?)
    /// `review stats [APP] [--since DATE] [--until DATE]`.
    case stats(app: String?, since: Timestamp?, until: Timestamp?)
    /// `review report [APP] --html FILE`: the HTML report, written to FILE (`-`: standard output).
    case report(app: String?, html: String)
    /// `review export [--format json|csv]`.
    case export(InterchangeFormat)
    /// `review import FILE`.
    case importFile(String)
    /// `review delete EVENT_ID --yes`.
    case delete(Int64)
    /// `review sync [key options] [--app A]...`.
    case sync(CredentialResolver.Flags, apps: [String])
    /// `review watch [key options] [--app A]... [--interval D]`.
    case watch(CredentialResolver.Flags, apps: [String], interval: Duration)
    /// `review auth add --profile NAME --key-id ID [--issuer-id ID] --private-key FILE`.
    case authAdd(profile: String, keyID: String, issuerID: String?, privateKeyPath: String)
    /// `review auth list`.
    case authList
    /// `review auth check [key options]`.
    case authCheck(CredentialResolver.Flags)

    /// Whether the command makes a store when there is none: `log`, `import`, `sync` and `watch` (the list beside
    /// the exit-status table in STYLE.md). Every other command reads, or changes what exists, and a missing store is
    /// 66: a mistyped `--db` must not leave an empty store behind.
    package var createsStore: Bool {
        switch self {
        case .log, .importFile, .sync, .watch: true
        default: false
        }
    }

    /// Whether the command talks to App Store Connect (and so runs asynchronously).
    package var usesNetwork: Bool {
        switch self {
        case .sync, .watch, .authCheck: true
        default: false
        }
    }
}
