/// The bash completion script: one function that walks the words typed so far to find the command (skipping
/// options and their values, `--opt=value` included), then offers that command's options, its subcommands, or
/// what its option value or positional argument takes.
enum BashCompletion {
    /// The script for `tool`: a `_<tool>` function and the `complete -F` line that binds it.
    static func script(for tool: CommandSpec) -> String {
        let function = "_" + CompletionScript.identifier(tool.name)
        let commands = CompletionScript.keyedCommands(of: tool)
        var lines = [
            "# bash completion for \(tool.name), written by '\(tool.name) completion bash' from the declarations its",
            "# --help is written from. Install as share/bash-completion/completions/\(tool.name), or run:",
            "#   source <(\(tool.name) completion bash)",
            "\(function)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\"",
            "    local path=\"\" pending=\"\" word i positionals=0 options_ended=0",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        word=\"${COMP_WORDS[i]}\"",
            "        if [[ -n $pending ]]; then",
            "            # The option's value; with --opt=value, bash splits off the = as a word of its own.",
            "            [[ $word == \"=\" ]] || pending=\"\"",
            "            continue",
            "        fi",
            "        if ((options_ended)) || [[ $word != -* || $word == \"-\" ]]; then",
            "            case \"$path:$word\" in",
        ]
        let subcommandKeys = CompletionScript.subcommandKeys(commands).map(CompletionScript.singleQuoted)
        if !subcommandKeys.isEmpty {
            lines.append(
                "            \(subcommandKeys.joined(separator: " | ")))"
                    + " path=\"${path:+$path }$word\"; positionals=0 ;;")
        }
        lines += [
            "            *) positionals=$((positionals + 1)) ;;",
            "            esac",
            "        elif [[ $word == \"--\" ]]; then",
            "            options_ended=1",
            "        else",
            "            case \"$path:$word\" in",
        ]
        let valueKeys = CompletionScript.valueOptionKeys(commands).map(CompletionScript.singleQuoted)
        if !valueKeys.isEmpty {
            lines.append("            \(valueKeys.joined(separator: " | "))) pending=\"$word\" ;;")
        }
        lines += [
            "            esac",
            "        fi",
            "    done",
            "    [[ $cur == \"=\" ]] && cur=\"\"",
            "    COMPREPLY=()",
            "    if [[ -n $pending ]]; then",
            "        case \"$path:$pending\" in",
        ]
        var valueArms: [(keys: [String], completion: ValueCompletion)] = []
        for entry in commands {
            for option in entry.command.allOptions where option.takesValue && option.completion != .none {
                let keys = option.spellings.map { "\(entry.key):\($0)" }
                if let index = valueArms.firstIndex(where: { $0.completion == option.completion }) {
                    valueArms[index].keys += keys
                } else {
                    valueArms.append((keys, option.completion))
                }
            }
        }
        for arm in valueArms {
            lines.append(
                "        \(arm.keys.map(CompletionScript.singleQuoted).joined(separator: " | ")))"
                    + " \(action(arm.completion)) ;;")
        }
        lines += [
            "        esac",
            "        return 0",
            "    fi",
            "    if ((!options_ended)) && [[ $cur == -* ]]; then",
            "        case \"$path\" in",
        ]
        for entry in commands {
            let words = entry.command.allOptions.flatMap(\.spellings)
            lines.append(
                "        \(CompletionScript.singleQuoted(entry.key))) \(action(.choices(words))) ;;")
        }
        lines += [
            "        esac",
            "        return 0",
            "    fi",
            "    case \"$path:$positionals\" in",
        ]
        for entry in commands {
            if !entry.command.subcommands.isEmpty {
                let names = entry.command.subcommands.map(\.name)
                lines.append(
                    "    \(CompletionScript.singleQuoted("\(entry.key):0"))) \(action(.choices(names))) ;;")
                continue
            }
            for (index, argument) in entry.command.arguments.enumerated() where argument.completion != .none {
                lines.append(
                    "    \(CompletionScript.singleQuoted("\(entry.key):\(index)"))) \(action(argument.completion)) ;;")
            }
        }
        lines += [
            "    esac",
            "    return 0",
            "}",
            "complete -F \(function) \(tool.name)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The commands that fill `COMPREPLY` for a kind of value.
    static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none:
            ":"
        case .file:
            "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
        case .directory:
            "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
        case .choices(let words):
            "mapfile -t COMPREPLY < <(compgen -W \(CompletionScript.singleQuoted(words.joined(separator: " "))) "
                + "-- \"$cur\")"
        }
    }
}
