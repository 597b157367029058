/// Parses a command line down a tool's tree of commands: each group's subcommand by the word after its name
/// (`SubcommandSelection`), then the command's own arguments, scanned against its spec, into `init(parsing:)` and
/// `validate()`. Pure: no file, clock or network is read.
enum CommandParser {
    static func parse<Root: ParsableCommand>(
        _ arguments: [String], root: Root.Type
    ) throws(CommandFailure) -> CommandRequest<Root.Context> {
        var node: any ParsableCommand<Root.Context>.Type = root
        var path = [root.spec.name]
        var rest = arguments
        var before = ScannedArguments()
        while !node.subcommands.isEmpty {
            let spec = node.spec
            let word: String?
            switch node.subcommandSelection {
            case .firstWord:
                word = rest.first
                rest = Array(rest.dropFirst())
            case .afterOptions(let hint):
                let (leading, remainder) = try ArgumentScanner.scanLeadingOptions(
                    rest, options: spec.allOptions,
                    stopFlags: Set([OptionSpec.help.name] + spec.informationOptions.map(\.name)),
                    unknownOptionHint: hint)
                if leading.has(.help) { return .help(path) }
                if let request: CommandRequest<Root.Context> = information(in: spec, given: leading.has) {
                    return request
                }
                before.merge(leading)
                word = remainder.first
                rest = Array(remainder.dropFirst())
            }
            guard let word else {
                guard let subcommand = node.defaultSubcommand else {
                    throw node.missingSubcommand(path: path, help: HelpFormatter.text(for: node.interface, path: path))
                }
                node = subcommand
                path.append(subcommand.spec.name)
                continue
            }
            if let subcommand = node.subcommands.first(where: { $0.spec.name == word }) {
                node = subcommand
                path.append(word)
                continue
            }
            if word == "help" || OptionSpec.help.matches(word) {
                if let topic = rest.first, node.subcommands.contains(where: { $0.spec.name == topic }) {
                    return .help(path + [topic])
                }
                return .help(path)
            }
            if node.subcommandSelection == .firstWord,
                let request: CommandRequest<Root.Context> = information(in: spec, given: { $0.matches(word) })
            {
                return request
            }
            throw node.unknownSubcommand(word, path: path)
        }
        let spec = node.spec
        let scanned = try ArgumentScanner.scan(rest, command: spec)
        if scanned.has(.help) { return .help(path) }
        let command = try node.init(
            parsing: CommandArguments(path: path, spec: spec, scanned: scanned, beforeSubcommand: before))
        try command.validate()
        return .run(command)
    }

    /// The request of the first information option of `spec` that was given: `--version` or `--man`.
    private static func information<Context>(
        in spec: CommandSpec, given: (OptionSpec) -> Bool
    ) -> CommandRequest<Context>? {
        for option in spec.informationOptions where given(option) {
            switch option.name {
            case StandardOptions.version.name: return .version
            case StandardOptions.manualName: return .manual
            default: continue
            }
        }
        return nil
    }
}

extension ScannedArguments {
    /// Adds what another scan read: its values after these, its flags and positionals.
    fileprivate mutating func merge(_ other: ScannedArguments) {
        positionals += other.positionals
        values.merge(other.values) { $0 + $1 }
        flags.formUnion(other.flags)
    }
}
