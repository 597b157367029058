/// What a command line asks a tool for, once parsed: a command to run, or one of the texts every tool prints the
/// same way (a help, the version, the manual page).
package enum CommandRequest<Context: Sendable>: Sendable, Equatable {
    /// Run this command.
    case run(any ParsableCommand<Context>)
    /// Print the help of the command at this path (the tool's name first): `--help`, `-h`, `help`.
    case help([String])
    /// Print the version: `--version` (`StandardOptions.version`).
    case version
    /// Print the manual page: `--man` (`StandardOptions.manual(tool:)`).
    case manual

    /// The command to run, if that is what was asked for.
    package var command: (any ParsableCommand<Context>)? {
        if case .run(let command) = self { return command }
        return nil
    }

    package static func == (left: CommandRequest, right: CommandRequest) -> Bool {
        switch (left, right) {
        case (.run(let one), .run(let other)): one.isEqual(to: other)
        case (.help(let one), .help(let other)): one == other
        case (.version, .version), (.manual, .manual): true
        default: false
        }
    }
}
