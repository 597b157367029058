/// The help texts of `review` and each subcommand, in the USAGE / ARGUMENTS / OPTIONS layout.
public enum ReviewHelp {
    /// The version `--version` prints.
    public static let version = "review 0.1.0"

    /// The subcommands, in the order the overview lists them.
    public static let commands = ["log", "status", "timeline", "stats", "export", "import", "delete", "help"]

    private static let globalOptions = """
          --db PATH               The store (default: $REVIEW_DB, else $XDG_DATA_HOME/gatehouse/review.sqlite3,
                                  else ~/.local/share/gatehouse/review.sqlite3). Before or after the subcommand.
          --utc                   Show times in UTC instead of the local time zone (TZ).
          -h, --help              Show this help.
        """

    /// The help text of a subcommand, or the overview for `nil`.
    /// - Parameter command: the subcommand's name, or `nil`.
    /// - Returns: the text, ending in a newline; `nil` for an unknown name.
    public static func text(for command: String?) -> String? {
        switch command {
        case nil: overview
        case "log": log
        case "status": status
        case "timeline": timeline
        case "stats": stats
        case "export": export
        case "import": importText
        case "delete": delete
        case "help": help
        default: nil
        }
    }

    static let overview = """
        OVERVIEW: Keep App Review state changes and turn them into elapsed times and statistics.

        USAGE: review [--db PATH] [--utc] <command> [arguments] [options]

        COMMANDS:
          log        Record a state change: review log APP STATE [--version V] [--at TIME]
          status     Each app version's current state and time in it
          timeline   Each submission cycle of a version: states with start, end and duration
          stats      Median, 90th percentile and maximum of waiting, review and decision times
          export     All events to standard output, as JSON or CSV
          import     Events from a JSON or CSV file (idempotent)
          delete     Delete one event
          help       Show help for a command

        OPTIONS:
        \(globalOptions)
          --version               Show the version.

        STATES: App Store Connect's API strings (WAITING_FOR_REVIEW), display names ("Waiting for Review") or
        kebab-case aliases (waiting-for-review), in any case.

        EXIT STATUS: 0 success; 1 app or event not found; 64 usage error; 65 malformed import file;
        66 import file missing; 74 store error (cannot open or write; a foreign or corrupt database file).

        See 'review help <command>' for a command's arguments and options.

        """

    static let log = """
        OVERVIEW: Record a state change of an app version. Logging the same app, platform, version, state and time
        again changes nothing. An unusual transition is recorded with a warning on standard error.

        USAGE: review log <app> <state> [--version V] [--build B] [--platform P] [--at TIME] [--note TEXT]

        ARGUMENTS:
          <app>                   The app's name (created on its first event; matched case-insensitively).
          <state>                 The state entered: WAITING_FOR_REVIEW, "Waiting for Review" or waiting-for-review.

        OPTIONS:
          --version V             The version (default: the app's latest version on that platform; the first
                                  event of an app needs one).
          --build B               The build number.
          --platform P            iOS (default), macOS, tvOS, visionOS or watchOS.
          --at TIME               When: ISO 8601 with an offset (2020-03-15T10:00:00+09:00), without one (local
                                  time), a date (local midnight), now (default), or relative (-3h, -2d, -45m).
          --note TEXT             A note.
        \(globalOptions)

        """

    static let status = """
        OVERVIEW: Show each app version's current state and how long it has been in it.

        USAGE: review status [<app>] [--json]

        ARGUMENTS:
          <app>                   Only this app.

        OPTIONS:
          --json                  Output {"versions": [{"app", "platform", "version", "state", "since", "seconds"}]}.
        \(globalOptions)

        """

    static let timeline = """
        OVERVIEW: Show a version's submission cycles: each state with its start, end and duration, the time
        waiting, in review and to the decision. A cycle starts on entering Waiting for Review; its decision is
        its first review outcome.

        USAGE: review timeline <app> [--version V] [--platform P] [--json]

        ARGUMENTS:
          <app>                   The app.

        OPTIONS:
          --version V             The version (default: the version of the app's latest event).
          --platform P            The platform (default: the platform of the app's latest event).
          --json                  Output {"cycles": [{"states": [{"state", "start", "end", "seconds"}]}]};
                                  times are ISO 8601 in UTC, end is null for the current state.
        \(globalOptions)

        """

    static let stats = """
        OVERVIEW: Statistics across submission cycles: count, median, 90th percentile (nearest rank) and maximum
        of time waiting, time in review and time to decision; the share decided within 24 and 48 hours beside
        Apple's published figures. Withdrawn cycles (Developer Rejected before a decision) are counted apart.

        USAGE: review stats [<app>] [--since DATE] [--until DATE] [--json]

        ARGUMENTS:
          <app>                   Only this app (default: all apps).

        OPTIONS:
          --since DATE            Only cycles that entered Waiting for Review at or after DATE.
          --until DATE            Only cycles that entered Waiting for Review before DATE (exclusive).
          --json                  Output the statistics as JSON (durations in seconds).
        \(globalOptions)

        """

    static let export = """
        OVERVIEW: Write every event to standard output. Importing the export into an empty store and exporting
        again gives the same bytes.

        USAGE: review export [--format json|csv]

        OPTIONS:
          --format F              json (default): {"events": [{"id", "app", "platform", "version", "state", "at",
                                  "note", "source", ...}]}; csv: the same columns with a header row.
        \(globalOptions)

        """

    static let importText = """
        OVERVIEW: Add events from a JSON or CSV file (the format is taken from the extension, else the content).
        Events already present are skipped, so importing twice changes nothing. The whole file is imported in one
        transaction, or nothing is.

        USAGE: review import <file>

        ARGUMENTS:
          <file>                  A file written by 'review export', or by hand with at least app, version, state
                                  and at (ISO 8601 with an offset) per event; - reads standard input.

        OPTIONS:
        \(globalOptions)

        """

    static let delete = """
        OVERVIEW: Delete one event for good.

        USAGE: review delete <event-id> --yes

        ARGUMENTS:
          <event-id>              The event's id, as 'review timeline' and 'review export' show it.

        OPTIONS:
          --yes                   Confirm the deletion (required).
        \(globalOptions)

        """

    static let help = """
        OVERVIEW: Show help for a command.

        USAGE: review help [<command>]

        ARGUMENTS:
          <command>               One of: log, status, timeline, stats, export, import, delete.

        """
}
