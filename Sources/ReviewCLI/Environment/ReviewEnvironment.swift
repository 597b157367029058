import AppStoreConnect
import CommandLineKit
import GatehouseCore
import GatehouseHTTP
import ReviewLog
import ReviewPostgreSQL
import ReviewSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a `review` run takes from outside: the time, the environment variables and how to open a store.
///
/// `main.swift` builds it from the process; tests build it with a pinned time and a temporary store.
package struct ReviewEnvironment: Sendable {
    /// Now, for `--at now`, relative times and the current state's duration.
    package var now: Timestamp
    /// Environment variables (`REVIEW_DB`, `XDG_DATA_HOME`, `HOME`, `NO_COLOR`).
    package var variables: [String: String]
    /// Whether standard output is a terminal (`status` and `timeline` colour states only there, unless `--color`).
    package var standardOutputIsTerminal = false
    /// Opens the store at a path: the one store type, with every capability a command uses.
    package var openStore: @Sendable (String) throws -> RelationalReviewStore
    /// The HTTP client App Store Connect is reached with; nil for libcurl's.
    package var http: (any HTTPFetching)?
    /// The moving clock of sync passes (look times); `now` stays the command's fixed time.
    package var clock: any TimeSource = .system
    /// Waits of the App Store Connect client (rate limits, retries) and between watch passes.
    package var sleeper: any ASCSleeper = ASCTaskSleeper()
    /// Set by SIGINT/SIGTERM (main.swift) or a test, to stop `watch` between apps.
    package var stop = StopFlag()
    /// Triggered by SIGINT/SIGTERM (main.swift) or a test: `serve`'s one graceful shutdown (no flag is polled).
    package var shutdown = GracefulShutdown()
    /// Writes a line of `watch` output as it happens (standard output in the process).
    package var emit: @Sendable (String) -> Void = { _ in }
    /// Writes a warning or error line of `watch` as it happens (standard error in the process).
    package var emitError: @Sendable (String) -> Void = { _ in }

    /// Creates an environment.
    /// - Parameters:
    ///   - now: the current time.
    ///   - variables: environment variables.
    ///   - openStore: opens a store at a path or URL; by default a `postgres://` or `postgresql://` URL is the
    ///     PostgreSQL store, anything else the SQLite store's file.
    package init(
        now: Timestamp, variables: [String: String],
        openStore: @escaping @Sendable (String) throws -> RelationalReviewStore = ReviewEnvironment.openDefaultStore
    ) {
        self.now = now
        self.variables = variables
        self.openStore = openStore
    }

    /// Opens the store `--db`, `REVIEW_DB` or `migrate --to` names, as `StoreLocation` reads it: a PostgreSQL URL,
    /// else a SQLite file.
    /// - Parameter location: a path or URL.
    /// - Returns: the store.
    /// - Throws: `ReviewError` from reading the location (`invalidValue`: a URL of another scheme, or one that does
    ///   not parse) or opening it.
    @Sendable package static func openDefaultStore(_ location: String) throws(ReviewError) -> RelationalReviewStore {
        switch try StoreLocation(location) {
        case .sqliteFile(let path): return try RelationalReviewStore(sqlitePath: path)
        case .postgreSQL(let url): return try RelationalReviewStore(postgreSQLURL: url, creating: true)!
        }
    }

    /// Opens the store at a path or URL for a command that must not create one: nil when there is none, a missing
    /// file or a database without the store's tables (read-only commands refuse it with 66). On PostgreSQL one
    /// connection both checks and serves; a server that cannot be used throws (69).
    /// - Parameter location: a path or URL.
    /// - Returns: the store, or nil.
    /// - Throws: `ReviewError` from reading the location or opening it.
    package func openExistingStore(_ location: String) throws -> RelationalReviewStore? {
        switch try StoreLocation(location) {
        case .postgreSQL(let url): return try RelationalReviewStore(postgreSQLURL: url, creating: false)
        case .sqliteFile(let path): return access(path, F_OK) == 0 ? try openStore(location) : nil
        }
    }

    /// A store's location as messages show it: a PostgreSQL URL without its password (`StoreLocation.displayed`).
    /// - Parameter location: a path or URL.
    /// - Returns: what may be printed.
    package static func displayed(_ location: String) -> String {
        StoreLocation.displayed(location)
    }

    /// The store's path: `--db`, else `REVIEW_DB`, else `$XDG_DATA_HOME/gatehouse/review.sqlite3`, else
    /// `~/.local/share/gatehouse/review.sqlite3` (XDG Base Directory: a relative `XDG_DATA_HOME` is ignored).
    /// - Parameter option: the `--db` value, if given.
    /// - Returns: the path.
    /// - Throws: `CommandFailure` (74) when neither `XDG_DATA_HOME` nor `HOME` is usable.
    package func databasePath(option: String?) throws -> String {
        if let option, !option.isEmpty { return option }
        if let variable = variables["REVIEW_DB"], !variable.isEmpty { return variable }
        if let data = variables["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/gatehouse/review.sqlite3" }
        if let home = variables["HOME"], home.hasPrefix("/") { return home + "/.local/share/gatehouse/review.sqlite3" }
        throw CommandFailure(
            .ioError, "neither XDG_DATA_HOME nor HOME is set to an absolute path; give --db PATH or set REVIEW_DB")
    }
}
