/// The fish completion script: a function that walks the words typed so far to find the command and how many
/// of its arguments were given, and a `complete` line per option, subcommand and argument with that condition.
enum FishCompletion {
    /// The script for `tool`: two helper functions and the `complete` lines.
    static func script(for tool: CommandSpec) -> String {
        let prefix = "__fish_" + CompletionScript.identifier(tool.name)
        let commands = CompletionScript.keyedCommands(of: tool)
        var lines = [
            "# fish completion for \(tool.name), written by '\(tool.name) completion fish' from the declarations its",
            "# --help is written from. Install as share/fish/vendor_completions.d/\(tool.name).fish, or run:",
            "#   \(tool.name) completion fish | source",
            "",
            "# Prints the command typed so far (\"\" for the tool itself) and how many of its arguments were given.",
            "function \(prefix)_state",
            "    set -l words (commandline -opc)",
            "    set -e words[1]",
            "    set -l path \"\"",
            "    set -l pending 0",
            "    set -l positionals 0",
            "    set -l options_ended 0",
            "    for word in $words",
            "        if test $pending = 1",
            "            set pending 0",
            "            continue",
            "        end",
            "        if test $options_ended = 1; or test \"$word\" = -; or not string match -q -- '-*' $word",
            "            switch \"$path:$word\"",
        ]
        let subcommandKeys = CompletionScript.subcommandKeys(commands).map { quoted($0) }
        if !subcommandKeys.isEmpty {
            lines += [
                "                case \(subcommandKeys.joined(separator: " "))",
                "                    set path (string trim -- \"$path $word\")",
                "                    set positionals 0",
            ]
        }
        lines += [
            "                case '*'",
            "                    set positionals (math $positionals + 1)",
            "            end",
            "        else if test \"$word\" = --",
            "            set options_ended 1",
            "        else",
        ]
        let valueKeys = CompletionScript.valueOptionKeys(commands).map { quoted($0) }
        if !valueKeys.isEmpty {
            lines += [
                "            switch \"$path:$word\"",
                "                case \(valueKeys.joined(separator: " "))",
                "                    set pending 1",
                "            end",
            ]
        }
        lines += [
            "        end",
            "    end",
            "    echo $path",
            "    echo $positionals",
            "end",
            "",
            "# Whether the command typed so far is $argv[1] and, when given, it has $argv[2] arguments.",
            "function \(prefix)_using",
            "    set -l state (\(prefix)_state)",
            "    test \"$state[1]\" = \"$argv[1]\"",
            "    and begin",
            "        test (count $argv) -lt 2",
            "        or test \"$state[2]\" = \"$argv[2]\"",
            "    end",
            "end",
            "",
            "complete -c \(tool.name) -f",
        ]
        for entry in commands {
            let condition = "-n " + quoted("\(prefix)_using \(quoted(entry.key, double: true))")
            let atStart = "-n " + quoted("\(prefix)_using \(quoted(entry.key, double: true)) 0")
            for subcommand in entry.command.subcommands {
                lines.append(
                    "complete -c \(tool.name) \(atStart) -a \(quoted(subcommand.name)) -d "
                        + quoted(CompletionScript.description(subcommand.abstract)))
            }
            for option in entry.command.allOptions {
                var line = "complete -c \(tool.name) \(condition)"
                if let short = option.shortName { line += " -s \(short)" }
                line += " -l \(option.name)"
                if option.takesValue { line += valueArguments(option.completion) }
                line += " -d " + quoted(CompletionScript.description(option.help))
                lines.append(line)
            }
            if entry.command.subcommands.isEmpty {
                for (index, argument) in entry.command.arguments.enumerated() where argument.completion != .none {
                    let at = "-n " + quoted("\(prefix)_using \(quoted(entry.key, double: true)) \(index)")
                    lines.append(
                        "complete -c \(tool.name) \(at)\(positionalArguments(argument.completion)) -d "
                            + quoted(CompletionScript.description(argument.help)))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `complete` arguments for an option's value: `-r` (the option takes a value) for a file, else `-x` (a value,
    /// and no files offered), then what a positional argument of the same kind offers.
    static func valueArguments(_ completion: ValueCompletion) -> String {
        (completion == .file ? " -r" : " -x") + positionalArguments(completion)
    }

    /// `complete` arguments for a positional argument.
    static func positionalArguments(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: ""
        case .file: " -F"
        case .directory: " -a '(__fish_complete_directories)'"
        case .choices(let words): " -a " + quoted(words.joined(separator: " "))
        }
    }

    /// `text` quoted for fish: single quotes (backslash and quote escaped), or double quotes.
    static func quoted(_ text: String, double: Bool = false) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == (double ? "\"" : "'") || (double && character == "$") {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return double ? "\"\(escaped)\"" : "'\(escaped)'"
    }
}
