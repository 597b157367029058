import CommandLineKit
import ReviewLog

/// The options every `review` command takes before or after its name: `--db`, `--utc` and `--now`, read once. The
/// times are kept as typed and read against the context's clock when the command runs, so parsing reads no clock.
package struct GlobalOptions: Sendable, Equatable {
    /// `--db PATH`, if given.
    package var database: String?
    /// `--utc`: times in UTC instead of the local time zone.
    package var utc: Bool
    /// `--now TIME` as typed, if given.
    package var now: String?

    /// Creates the options.
    package init(database: String? = nil, utc: Bool = false, now: String? = nil) {
        self.database = database
        self.utc = utc
        self.now = now
    }

    /// Reads the options from both sides of the command's name.
    /// - Throws: `CommandFailure` (usage) for an empty `--db`, or a `--now` that is not a time.
    init(_ arguments: ReviewArguments) throws(CommandFailure) {
        database = try arguments.value(ReviewOptions.database)
        if database?.isEmpty == true { throw .usage("option --db needs a non-empty path") }
        utc = arguments.has(ReviewOptions.utc)
        now = try arguments.value(ReviewOptions.now)
        if let now { _ = try TimeParser.parse(now, now: 0, acceptsUnixSeconds: true) }
    }

    /// The environment the command runs in: `environment` with its `now` replaced by `--now`, read against it.
    /// - Throws: `CommandFailure` (usage) when `--now` is not a time.
    package func environment(_ environment: ReviewEnvironment) throws(CommandFailure) -> ReviewEnvironment {
        guard let now else { return environment }
        var pinned = environment
        pinned.now = Timestamp(
            secondsSince1970: try StandardOptions.resolveNow(now, clock: environment.now.secondsSince1970))
        return pinned
    }
}

/// A time option's value (`--at`, `--since`, `--until`) kept as typed, read when the command runs.
enum TimeOption {
    /// Checks that a time reads, against any clock: the forms do not depend on it.
    /// - Throws: `CommandFailure` (usage) naming the text and the forms accepted.
    static func check(_ text: String?) throws(CommandFailure) {
        if let text { _ = try TimeParser.parse(text, now: 0) }
    }

    /// The time, read against `now`; `edge` says what a day, month or year means.
    /// - Throws: `CommandFailure` (usage) naming the text and the forms accepted.
    static func resolve(_ text: String?, now: Timestamp, edge: TimeParser.Edge = .start) throws(CommandFailure)
        -> Timestamp?
    {
        guard let text else { return nil }
        return Timestamp(secondsSince1970: try TimeParser.parse(text, now: now.secondsSince1970, edge: edge))
    }

    /// `--since` and `--until`: a day, month or year given to `--since` starts at its first instant, given to
    /// `--until` (exclusive) ends at the first instant after it, so `--since 2025-06 --until 2025-06` is June.
    /// - Throws: `CommandFailure` (usage) when `--until` is not after `--since`.
    static func window(since: String?, until: String?, now: Timestamp) throws(CommandFailure)
        -> (since: Timestamp?, until: Timestamp?)
    {
        let since = try resolve(since, now: now)
        let until = try resolve(until, now: now, edge: .end)
        if let since, let until, until <= since {
            throw .usage("--until (\(until.iso8601)) must be after --since (\(since.iso8601))")
        }
        return (since, until)
    }

    /// How far ahead of now `log --at` and `edit --at` may be without `--allow-future`: 5 minutes (clock skew, a
    /// typed "now").
    static let futureTolerance: Int64 = 300

    /// `--at` of `log` and `edit`, if given; a time well ahead of now is nearly always a typo (2030 for 2020), so it
    /// is refused unless `--allow-future`.
    /// - Throws: `CommandFailure` (usage).
    static func past(_ text: String?, now: Timestamp, allowFuture: Bool) throws(CommandFailure) -> Timestamp? {
        guard let at = try resolve(text, now: now) else { return nil }
        if at.secondsSince1970 > now.secondsSince1970 + futureTolerance, !allowFuture {
            throw .usage(
                "--at \(at.iso8601) is \(DurationFormat.string(seconds: now.seconds(until: at))) in the future; "
                    + "check the date, or add --allow-future to record it anyway")
        }
        return at
    }
}
