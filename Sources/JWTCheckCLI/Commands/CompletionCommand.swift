import CommandLineKit

/// `jwtcheck completion <shell>`: the shell's completion script, written from the declarations.
package struct CompletionCommand: ParsableCommand {
    package typealias Context = ToolEnvironment

    package static let spec = CommandSpec(
        "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        overview: "Print the completion script for a shell to standard output. 'make install' puts them where the "
            + "shells look; to try one in the current shell: source <(jwtcheck completion bash), source "
            + "<(jwtcheck completion zsh), or jwtcheck completion fish | source.",
        arguments: [
            ArgumentSpec(
                "<shell>", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))
        ],
        sections: [.exitStatus("0 printed; 64 usage (no shell, or one this tool does not know).")])

    /// The shell.
    package var shell: Shell

    /// Creates the command.
    package init(shell: Shell) { self.shell = shell }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        self.init(shell: try Shell.named(try arguments.onePositional(named: "SHELL (bash, zsh or fish)")))
    }

    package func run(in environment: ToolEnvironment) throws(CommandFailure) -> CommandOutput {
        CommandOutput(standardOutput: JWTCheckCommand.help.completionScript(for: shell))
    }
}
