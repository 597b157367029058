/// A whole `review` command line, parsed: the global options and the subcommand.
public struct ReviewInvocation: Sendable, Equatable {
    /// `--db PATH`, if given (before or after the subcommand).
    public var databasePath: String?
    /// `--utc`: show times in UTC instead of the local time zone.
    public var utc: Bool
    /// `--json`: machine-readable output for read commands.
    public var json: Bool
    /// The subcommand.
    public var command: ReviewCommand

    /// Creates an invocation.
    /// - Parameters:
    ///   - databasePath: `--db`, if given.
    ///   - utc: whether `--utc` was given.
    ///   - json: whether `--json` was given.
    ///   - command: the subcommand.
    public init(databasePath: String? = nil, utc: Bool = false, json: Bool = false, command: ReviewCommand) {
        self.databasePath = databasePath
        self.utc = utc
        self.json = json
        self.command = command
    }
}
