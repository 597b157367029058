/// The synopsis of a command, as the parts the help wraps and the man page sets: `<token>`, `[--aud <id>]...`.
enum CommandSynopsis {
    /// The parts after the command's path.
    /// - Returns: arguments, then the command's own options (exclusive ones grouped), or the subcommand placeholder.
    static func parts(of command: CommandSpec) -> [String] {
        var parts: [String] = []
        let ownOptions = command.options
        var grouped: Set<String> = []
        var optionParts: [String] = []
        for option in ownOptions where !grouped.contains(option.name) {
            if let group = command.exclusiveOptions.first(where: { $0.contains(option.name) }) {
                let members = group.compactMap { name in ownOptions.first { $0.name == name } }
                grouped.formUnion(group)
                optionParts.append("[" + members.map(\.usage).joined(separator: " | ") + "]")
                continue
            }
            switch (option.isRequired, option.repeatable) {
            case (true, false): optionParts.append(option.usage)
            case (true, true): optionParts.append("\(option.usage) [\(option.usage)]...")
            case (false, false): optionParts.append("[\(option.usage)]")
            case (false, true): optionParts.append("[\(option.usage)]...")
            }
        }
        if command.subcommands.isEmpty {
            parts += command.arguments.map { $0.isOptional ? "[\($0.name)]" : $0.name }
            // Required options first, as people write them; the rest in the order declared.
            parts += optionParts.filter { !$0.hasPrefix("[") } + optionParts.filter { $0.hasPrefix("[") }
        } else {
            parts += optionParts
            parts += ["<\(command.subcommandNoun)>", "[arguments]", "[options]"]
        }
        return parts
    }
}
