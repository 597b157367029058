import CommandLineKit
import ReviewSync

/// What `sync`, `webhook list` and `webhook ping` read from their command lines, the same way: the key options,
/// `--app` (repeatable), `--json` and the global options, with no positional argument.
package struct KeyedAppsOptions: Sendable, Equatable {
    /// The key options.
    package var flags: CredentialResolver.Flags
    /// `--app`; empty for every app.
    package var apps: [String]
    /// `--json`.
    package var json: Bool
    package var global: GlobalOptions

    /// Creates the options.
    package init(
        flags: CredentialResolver.Flags = CredentialResolver.Flags(), apps: [String] = [], json: Bool = false,
        global: GlobalOptions = GlobalOptions()
    ) {
        self.flags = flags
        self.apps = apps
        self.json = json
        self.global = global
    }

    /// Reads them from a command's arguments.
    /// - Throws: `CommandFailure` (64) for a positional argument or a value that does not parse.
    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        self.init(
            flags: try arguments.keyFlags(), apps: try arguments.values(ReviewOptions.app),
            json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }
}

/// A command that reads `KeyedAppsOptions` and talks to App Store Connect (`sync`, `webhook list`, `webhook ping`):
/// its parse, its global options, its key flags for the advice after a failure, and its asynchronous run, once.
package protocol KeyedAppsCommand: ReviewSubcommand {
    /// What its command line gave.
    var options: KeyedAppsOptions { get }

    /// Creates the command.
    init(_ options: KeyedAppsOptions)
}

extension KeyedAppsCommand {
    package var global: GlobalOptions { options.global }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(try KeyedAppsOptions(parsing: arguments))
    }

    package var credentialFlags: CredentialResolver.Flags? { options.flags }

    /// App Store Connect, over the network.
    package var execution: CommandExecution { .asynchronous }
}
