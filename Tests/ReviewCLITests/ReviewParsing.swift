import CommandLineKit
import ReviewLog

@testable import ReviewCLI

/// `review` command lines parsed in process, through `ReviewCommand` (CommandLineKit's parser): pure, no store, no
/// clock.
enum ReviewParsing {
    /// What a command line asks for.
    static func parse(_ arguments: [String]) throws(CommandFailure) -> CommandRequest<ReviewEnvironment> {
        try ReviewCommand.parse(arguments)
    }

    /// The command a command line runs; nil for a help, the version or the manual page.
    static func command(_ arguments: [String]) throws(CommandFailure) -> (any ReviewSubcommand)? {
        try parse(arguments).command as? any ReviewSubcommand
    }

    /// The `--db`, `--utc` and `--now` a command line gave its command.
    static func global(_ arguments: [String]) throws(CommandFailure) -> GlobalOptions? {
        try command(arguments)?.global
    }

    /// The `--now` a command line gave, read against `now`; nil when none was given.
    static func now(_ arguments: [String], now: Timestamp) throws(CommandFailure) -> Timestamp? {
        guard let global = try global(arguments), global.now != nil else { return nil }
        return try global.environment(ReviewEnvironment(now: now, variables: [:])).now
    }

    /// Whether the command makes a store when there is none.
    static func createsStore(_ command: any ReviewSubcommand) -> Bool { type(of: command).store == .createsIfMissing }

    /// Whether the command runs asynchronously (it talks to App Store Connect or a channel).
    static func usesNetwork(_ command: any ReviewSubcommand) -> Bool { command.execution != .synchronous }
}
