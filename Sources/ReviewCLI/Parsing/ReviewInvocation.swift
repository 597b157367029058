/// A whole `review` command line, parsed: the global options and the subcommand.
package struct ReviewInvocation: Sendable, Equatable {
    /// `--db PATH`, if given (before or after the subcommand).
    package var databasePath: String?
    /// `--utc`: show times in UTC instead of the local time zone.
    package var utc: Bool
    /// `--json`: machine-readable output for read commands.
    package var json: Bool
    /// The subcommand.
    package var command: ReviewCommand

    /// Creates an invocation.
    /// - Parameters:
    ///   - databasePath: `--db`, if given.
    ///   - utc: whether `--utc` was given.
    ///   - json: whether `--json` was given.
    ///   - command: the subcommand.
    package init(databasePath: String? = nil, utc: Bool = false, json: Bool = false, command: ReviewCommand) {
        self.databasePath = databasePath
        self.utc = utc
        self.json = json
        self.command = command
    }
}
