/// The one help façade of a tool: every text written from its declarations, the help of each command, the manual
/// page, the completion scripts and the version line (`ParsableCommand.help` of the tool's root).
package struct CommandHelp: Sendable {
    /// The tool's declaration, its commands and subcommands included (`ParsableCommand.interface`).
    package let tool: CommandSpec

    /// The façade of a tool.
    /// - Parameter tool: the root's interface.
    package init(tool: CommandSpec) { self.tool = tool }

    /// The help of the command at `path`, as `--help` prints it.
    /// - Parameter path: the names after the tool's (`["apple", "verify"]`); empty for the tool.
    /// - Returns: the text, ending in a newline; nil when no command has that path.
    package func text(for path: [String]) -> String? {
        var command = tool
        for name in path {
            guard let subcommand = command.subcommand(name) else { return nil }
            command = subcommand
        }
        return HelpFormatter.text(for: command, path: [tool.name] + path)
    }

    /// The manual page: every command, from the same declarations.
    package var manPage: String { ManPage.text(for: tool, version: GatehouseVersion.string) }

    /// The completion script for a shell, from the same declarations.
    /// - Returns: the script.
    package func completionScript(for shell: Shell) -> String { CompletionScript.text(for: tool, shell: shell) }

    /// What `--version` prints, without the newline: `jwtcheck 0.1.0`.
    package var version: String { "\(tool.name) \(GatehouseVersion.string)" }
}
