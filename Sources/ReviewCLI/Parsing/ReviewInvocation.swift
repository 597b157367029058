import ReviewLog

/// A whole `review` command line, parsed: the global options and the subcommand.
package struct ReviewInvocation: Sendable, Equatable {
    /// `--db PATH`, if given (before or after the subcommand).
    package var databasePath: String?
    /// `--utc`: show times in UTC instead of the local time zone.
    package var utc: Bool
    /// `--json`: machine-readable output for read commands.
    package var json: Bool
    /// `--now TIME`, resolved once against the clock: the time the command takes as the current one (`nil`: the
    /// environment's).
    package var now: Timestamp?
    /// The subcommand.
    package var command: ReviewCommand

    /// Creates an invocation.
    /// - Parameters:
    ///   - databasePath: `--db`, if given.
    ///   - utc: whether `--utc` was given.
    ///   - json: whether `--json` was given.
    ///   - now: `--now`, resolved, if given.
    ///   - command: the subcommand.
    package init(
        databasePath: String? = nil, utc: Bool = false, json: Bool = false, now: Timestamp? = nil,
        command: ReviewCommand
    ) {
        self.databasePath = databasePath
        self.utc = utc
        self.json = json
        self.now = now
        self.command = command
    }

    /// The environment the command runs in: `environment` with its `now` replaced by `--now`, if given.
    /// - Parameter environment: the process's environment.
    /// - Returns: the environment to run with.
    package func environment(_ environment: ReviewEnvironment) -> ReviewEnvironment {
        guard let now else { return environment }
        var pinned = environment
        pinned.now = now
        return pinned
    }
}
