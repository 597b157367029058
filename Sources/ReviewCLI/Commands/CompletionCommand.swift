import CommandLineKit

/// `review completion <shell>`: the shell's completion script, written from the declarations.
package struct CompletionCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "completion",
        abstract: "Print the shell completion script for bash, zsh or fish",
        overview: "Print the completion script for a shell to standard output. 'make install' puts them where the "
            + "shells look; to try one in the current shell: source <(review completion bash), source "
            + "<(review completion zsh), or review completion fish | source.",
        arguments: [
            ArgumentSpec("<shell>", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))
        ])

    package static let store = StoreUse.none

    /// The shell.
    package var shell: Shell
    package var global = GlobalOptions()

    /// Creates the command.
    package init(shell: Shell, global: GlobalOptions = GlobalOptions()) {
        self.shell = shell
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(1...1)
        self.init(shell: try Shell.named(arguments.positionals[0]), global: try GlobalOptions(arguments))
    }

    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        CommandOutput(standardOutput: ReviewCommand.help.completionScript(for: shell))
    }
}
