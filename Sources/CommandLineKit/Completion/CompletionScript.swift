/// Writes a tool's shell completion script from its declaration: its commands and subcommands, each command's
/// options, and what to offer for values and arguments (files, directories, a fixed list).
package enum CompletionScript {
    /// The completion script of `tool` for `shell`.
    /// - Parameters:
    ///   - tool: the root command (its name is the tool's).
    /// - Returns: the script: bash for `source` or `share/bash-completion/completions/<tool>`, zsh for
    ///   `share/zsh/site-functions/_<tool>` (or `source`), fish for `share/fish/vendor_completions.d/<tool>.fish`.
    package static func text(for tool: CommandSpec, shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletion.script(for: tool)
        case .zsh: ZshCompletion.script(for: tool)
        case .fish: FishCompletion.script(for: tool)
        }
    }

    /// A command of the tool and its key in the bash and fish walkers: the names after the tool's, joined by
    /// spaces ("" for the tool itself).
    typealias KeyedCommand = (key: String, command: CommandSpec)

    /// Every command of `tool` with its key, depth first, in declaration order.
    static func keyedCommands(of tool: CommandSpec) -> [KeyedCommand] {
        tool.walk(path: []).map { (key: $0.path.joined(separator: " "), command: $0.command) }
    }

    /// The `key:word` pairs the bash and fish walkers match to step into a subcommand.
    static func subcommandKeys(_ commands: [KeyedCommand]) -> [String] {
        commands.flatMap { entry in entry.command.subcommands.map { "\(entry.key):\($0.name)" } }
    }

    /// The `key:word` pairs the bash and fish walkers match for an option whose value is the next word.
    static func valueOptionKeys(_ commands: [KeyedCommand]) -> [String] {
        commands.flatMap { entry in
            entry.command.allOptions.filter(\.takesValue).flatMap { option in
                option.spellings.map { "\(entry.key):\($0)" }
            }
        }
    }

    /// A name safe in a shell function name: letters, digits and `_`.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// `text` in single quotes for bash and zsh.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// A completion description: the first sentence of a help text.
    static func description(_ help: String) -> String { TextWrapping.firstSentence(help) }
}
