import CommandLineKit

/// `review help [<command>]`: the help of a command, or the overview.
package struct HelpCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "help",
        abstract: "Show help for a command",
        overview: "Show help for a command.",
        arguments: [
            ArgumentSpec(
                "<command>", help: "One of: " + ReviewCommand.commandNames.joined(separator: ", ") + ".",
                isOptional: true, completion: .choices(ReviewCommand.commandNames))
        ],
        helpOption: nil)

    package static let store = StoreUse.none

    /// The command asked about; nil for the overview.
    package var topic: String?
    package var global = GlobalOptions()

    /// Creates the command.
    package init(topic: String? = nil, global: GlobalOptions = GlobalOptions()) {
        self.topic = topic
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        guard arguments.positionals.count <= 1 else { throw .usage("help takes at most one command name") }
        let topic = arguments.positionals.first
        if let topic, !ReviewCommand.subcommands.contains(where: { $0.spec.name == topic }) {
            throw ReviewCommand.unknownSubcommand(topic, path: ["review"])
        }
        self.init(topic: topic, global: try GlobalOptions(arguments))
    }

    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        let help = ReviewCommand.help
        return CommandOutput(standardOutput: help.text(for: topic.map { [$0] } ?? []) ?? help.text(for: [])!)
    }
}
