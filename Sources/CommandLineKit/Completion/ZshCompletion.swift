/// The zsh completion script: a function per command built on `_arguments` (options with their descriptions and
/// value completions, positional arguments), commands with subcommands dispatching on the word typed.
enum ZshCompletion {
    /// The script for `tool`: a `#compdef` file, autoloadable from `$fpath` or sourced after `compinit`.
    static func script(for tool: CommandSpec) -> String {
        let root = "_" + CompletionScript.identifier(tool.name)
        var lines = [
            "#compdef \(tool.name)",
            "# zsh completion for \(tool.name), written by '\(tool.name) completion zsh' from the declarations its --help",
            "# is written from. Install as _\(tool.name) in a directory of $fpath (share/zsh/site-functions), or run:",
            "#   source <(\(tool.name) completion zsh)",
            "",
        ]
        for (path, command) in tool.walk(path: []) {
            lines += function(
                command, name: ([root] + path.map(CompletionScript.identifier)).joined(separator: "_"),
                path: [tool.name] + path)
            lines.append("")
        }
        lines += [
            "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
            "    \(root) \"$@\"",
            "else",
            "    compdef \(root) \(tool.name)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The function completing one command.
    static func function(_ command: CommandSpec, name: String, path: [String]) -> [String] {
        var specs = command.allOptions.map(optionSpec)
        var lines = ["\(name)() {"]
        if command.subcommands.isEmpty {
            for argument in command.arguments {
                let colon = argument.isOptional ? "::" : ":"
                specs.append(
                    CompletionScript.singleQuoted(
                        "\(colon)\(message(argument.name)):\(action(argument.completion))"))
            }
            lines.append("    _arguments -S \\")
            lines += specs.map { "        \($0) \\" }
            lines.append("        && return 0")
            lines.append("    return 1")
            lines.append("}")
            return lines
        }
        specs += ["': :->command'", "'*:: :->argument'"]
        lines += [
            "    local curcontext=\"$curcontext\" state state_descr line",
            "    typeset -A opt_args",
            "    _arguments -C -S \\",
        ]
        lines += specs.map { "        \($0) \\" }
        lines += [
            "        && return 0",
            "    case $state in",
            "    command)",
            "        local -a subcommands",
            "        subcommands=(",
        ]
        for subcommand in command.subcommands {
            lines.append(
                "            "
                    + CompletionScript.singleQuoted(
                        "\(subcommand.name):\(CompletionScript.description(subcommand.abstract))"))
        }
        lines += [
            "        )",
            "        _describe -t commands \(CompletionScript.singleQuoted(path.joined(separator: " ") + " " + command.subcommandNoun)) subcommands",
            "        ;;",
            "    argument)",
            "        curcontext=\"${curcontext%:*:*}:\(CompletionScript.identifier(path.joined(separator: "-")))-$words[1]:\"",
            "        case $words[1] in",
        ]
        for subcommand in command.subcommands {
            lines.append("        \(subcommand.name)) \(name)_\(CompletionScript.identifier(subcommand.name)) ;;")
        }
        lines += [
            "        esac",
            "        ;;",
            "    esac",
            "}",
        ]
        return lines
    }

    /// An `_arguments` option spec: `'--jwks=[description]:file|url:_files'`, `'*--aud=[...]:id:'`,
    /// `'(-h --help)'{-h,--help}'[...]'`.
    static func optionSpec(_ option: OptionSpec) -> String {
        let description = "[" + escapeDescription(CompletionScript.description(option.help)) + "]"
        let value = option.takesValue ? ":\(message(option.valueName)):\(action(option.completion))" : ""
        let repeatable = option.repeatable ? "*" : ""
        let equals = option.takesValue ? "=" : ""
        if option.spellings.count > 1 {
            let exclusion = "(" + option.spellings.joined(separator: " ") + ")"
            return CompletionScript.singleQuoted(exclusion) + "{" + option.spellings.joined(separator: ",") + "}"
                + CompletionScript.singleQuoted(equals + description + value)
        }
        return CompletionScript.singleQuoted(repeatable + option.longFlag + equals + description + value)
    }

    /// The `_arguments` action for a kind of value.
    static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: ""
        case .file: "_files"
        case .directory: "_files -/"
        case .choices(let words): "(" + words.joined(separator: " ") + ")"
        }
    }

    /// A value's name as `_arguments` shows it: no angle brackets, no colons.
    static func message(_ valueName: String) -> String {
        let bare = valueName.filter { $0 != "<" && $0 != ">" && $0 != ":" }
        return bare.isEmpty ? "value" : bare
    }

    /// A description inside `[...]`: brackets and backslashes escaped.
    static func escapeDescription(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "[" || character == "]" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
