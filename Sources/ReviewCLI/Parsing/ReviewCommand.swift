import CommandLineKit
import MicroHTTPServer
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
    /// (see `ReviewCLI.platform(for:store:)`), iOS only for an app without events. A new app whose name is close to
    /// an existing one is refused unless `--new-app` (`newApp`).
    case log(LogRequest, platformGiven: Bool = true, newApp: Bool = false)
    /// `review status [APP] [--platform P] [--all] [--color WHEN]`.
    case status(StatusQuery)
    /// `review timeline APP [--version V | --all] [--platform P] [--color WHEN]`.
    case timeline(TimelineQuery)
    /// `review stats [APP] [--platform P] [--since DATE] [--until DATE] [--by PERIOD] [--include-open]`.
    case stats(StatisticsQuery)
    /// `review report [APP] --html FILE`: the HTML report, written to FILE (`-`: standard output).
    case report(app: String?, html: String)
    /// `review export [--format json|csv] [--app A]... [--platform P] [--since T] [--until T]`.
    case export(InterchangeFormat, EventFilter = EventFilter())
    /// `review import FILE [--notify]`.
    case importFile(String, notify: Bool = false)
    /// `review delete EVENT_ID --yes`.
    case delete(Int64)
    /// `review sync [key options] [--app A]...`.
    case sync(CredentialResolver.Flags, apps: [String])
    /// `review watch [key options] [--app A]... [--interval D]`.
    case watch(CredentialResolver.Flags, apps: [String], interval: Duration)
    /// `review notify add|list|remove|test|flush`.
    case notify(NotifyAction)
    /// `review auth add --profile NAME --key-id ID [--issuer-id ID] --private-key FILE`.
    case authAdd(profile: String, keyID: String, issuerID: String?, privateKeyPath: String)
    /// `review auth list`.
    case authList
    /// `review auth check [key options]`.
    case authCheck(CredentialResolver.Flags)
    /// `review states`: every state by stage, with its spellings and meaning (no store needed).
    case states
    /// `review apps [list]`, `review apps rename OLD NEW`, `review apps merge FROM INTO`.
    case apps(AppsAction)
    /// `review edit EVENT_ID [--note TEXT] [--at TIME]`: `note` "" removes the note.
    case edit(id: Int64, note: String?, at: Timestamp?)
    /// `review migrate --to TARGET`: copy the store into another (a PostgreSQL URL or a SQLite path).
    case migrate(to: String)
    /// `review undo`: delete the last event logged by hand.
    case undo
    /// `review serve [--listen HOST:PORT] [--webhook-secret-file FILE] [--resolve-interval D] [key options]`.
    case serve(ServeSettings)
    /// `review webhook create --app NAME --url URL [--webhook-secret-file FILE] [key options]`.
    case webhookCreate(CredentialResolver.Flags, app: String, url: String, secretFile: String?)
    /// `review webhook list [--app NAME]... [key options]`.
    case webhookList(CredentialResolver.Flags, apps: [String])
    /// `review webhook ping [--app NAME]... [key options]`.
    case webhookPing(CredentialResolver.Flags, apps: [String])

    /// Whether the command makes a store when there is none: `log`, `import`, `sync`, `watch`, `serve` and `notify add`
    /// (the list beside the exit-status table in STYLE.md). Every other command reads, or changes what exists, and a missing store is
    /// 66: a mistyped `--db` must not leave an empty store behind.
    package var createsStore: Bool {
        switch self {
        case .log, .importFile, .sync, .watch, .serve, .notify(.add): true
        default: false
        }
    }

    /// Whether the command talks to App Store Connect (and so runs asynchronously).
    package var usesNetwork: Bool {
        switch self {
        case .sync, .watch, .authCheck, .serve, .webhookCreate, .webhookList, .webhookPing, .notify(.test),
            .notify(.flush):
            true
        default: false
        }
    }
}

/// What `review notify` does.
package enum NotifyAction: Sendable, Equatable {
    /// `notify add KIND URL [--secret-file F] [--app NAME]... [--states LIST]`.
    case add(NotificationChannel)
    /// `notify list`.
    case list
    /// `notify remove ID`.
    case remove(Int64)
    /// `notify test ID`.
    case test(Int64)
    /// `notify flush`.
    case flush
}

/// What `review serve` was asked for.
package struct ServeSettings: Sendable, Equatable {
    /// The key options (the version lookups' credentials).
    package var flags: CredentialResolver.Flags
    /// Where to listen.
    package var listen: ListenAddress = .loopbackDefault
    /// `--webhook-secret-file`, if given.
    package var secretFile: String?
    /// How often pending deliveries are retried.
    package var resolveInterval: Duration = .seconds(60)
}
