/// The root command of a tool (`jwtcheck`, `review`): the group its command lines start from, with what the runner
/// needs of the tool as a whole.
package protocol CommandLineTool: CommandGroup {
    /// The failure a command ends with when it throws `error`: the tool's exit status for it (its one
    /// `ExitStatusMapping.swift`, by error code) and the line for standard error, without the tool's name.
    /// - Parameters:
    ///   - error: what `run(in:)` or `perform(in:)` threw.
    ///   - command: the command that threw it.
    /// - Returns: the status and message.
    static func failure(for error: any Error, running command: any ParsableCommand<Context>) -> CommandFailure
}

extension CommandLineTool {
    /// Parses a command line: pure, so tests call it in process.
    /// - Parameter arguments: the arguments after the program name.
    /// - Returns: what the command line asks for.
    /// - Throws: `CommandFailure` (usage, 64) naming what is wrong, and the closest valid spelling for an unknown
    ///   command or option.
    package static func parse(_ arguments: [String]) throws(CommandFailure) -> CommandRequest<Context> {
        try CommandParser.parse(arguments, root: Self.self)
    }
}
