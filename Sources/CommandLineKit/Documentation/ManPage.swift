/// Writes a tool's manual page (roff, `man(7)` macros, section 1) from its declaration: the tool's own options,
/// then every command and subcommand with its synopsis, overview, arguments, options and sections.
package enum ManPage {
    /// The man page of `tool`.
    /// - Parameters:
    ///   - tool: the root command (its name is the tool's).
    ///   - version: the version for the page's footer.
    /// - Returns: roff source, for `man -l -` or `share/man/man1/<tool>.1`.
    package static func text(for tool: CommandSpec, version: String) -> String {
        var lines: [String] = [
            ".\\\" The manual page of \(tool.name), written by '\(tool.name) --man' from the declarations its --help "
                + "is written from.",
            ".TH \(tool.name.uppercased()) 1 \"\" \"Gatehouse \(version)\" \"Gatehouse Manual\"",
            ".SH NAME",
            "\(escape(tool.name)) \\- \(escape(tool.abstract))",
            ".SH SYNOPSIS",
        ]
        lines += synopsis(tool, path: [tool.name])
        lines.append(".SH DESCRIPTION")
        lines += paragraphs(tool.overview)
        for section in tool.sections where section.title == nil {
            lines.append(".PP")
            lines += paragraphs(section.text)
        }
        if !tool.allOptions.isEmpty {
            lines.append(".SH OPTIONS")
            lines += tool.allOptions.flatMap(optionItem)
        }
        if !tool.subcommands.isEmpty {
            lines.append(".SH \(tool.subcommandNoun.uppercased())S")
            for subcommand in tool.subcommands {
                lines += command(subcommand, path: [tool.name, subcommand.name])
            }
        }
        for section in tool.sections {
            guard let title = section.title else { continue }
            lines.append(".SH \(escape(title))")
            lines += paragraphs(section.text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A command's entry under COMMANDS, then its subcommands' entries.
    static func command(_ command: CommandSpec, path: [String]) -> [String] {
        var lines = [".SS \"\(escape(path.joined(separator: " ")))\""]
        lines += synopsis(command, path: path)
        lines.append(".PP")
        lines += paragraphs(command.overview)
        if !command.arguments.isEmpty {
            lines += [".PP", "Arguments:"]
            for argument in command.arguments {
                lines += [".TP", "\\fI\(escape(argument.name))\\fR"] + paragraphs(argument.help)
            }
        }
        if !command.subcommands.isEmpty {
            lines += [
                ".PP",
                escape(command.subcommandNoun.prefix(1).uppercased() + command.subcommandNoun.dropFirst()) + "s:",
            ]
            for subcommand in command.subcommands {
                lines += [".TP", "\\fB\(escape(subcommand.name))\\fR", escape(subcommand.abstract)]
            }
        }
        let options = command.allOptions
        if !options.isEmpty {
            lines += [".PP", "Options:"]
            lines += options.flatMap(optionItem)
        }
        for section in command.sections {
            lines.append(".PP")
            let title = section.title.map { "\\fB\(escape($0)):\\fR " } ?? ""
            lines += paragraphs(section.text, lead: title)
        }
        for subcommand in command.subcommands {
            lines += Self.command(subcommand, path: path + [subcommand.name])
        }
        return lines
    }

    /// An option as a tagged paragraph: `\fB\-\-jwks\fR \fI<file|url>\fR`, then its help.
    static func optionItem(_ option: OptionSpec) -> [String] {
        let names = option.spellings.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
        let value = option.takesValue ? " \\fI\(escape(option.valueName))\\fR" : ""
        return [".TP", names + value] + paragraphs(option.help)
    }

    /// The synopsis, option names in bold and placeholders in italics.
    static func synopsis(_ command: CommandSpec, path: [String]) -> [String] {
        let words = CommandSynopsis.parts(of: command).flatMap { $0.split(separator: " ").map(String.init) }
        let styled = words.map { word -> String in
            let core = word.trimmingCharacters(in: "[]|.")
            guard !core.isEmpty, let range = word.firstRange(of: core) else { return escape(word) }
            let font = core.hasPrefix("-") ? "B" : "I"
            return escape(String(word[..<range.lowerBound])) + "\\f\(font)\(escape(core))\\fR"
                + escape(String(word[range.upperBound...]))
        }
        return ["\\fB\(escape(path.joined(separator: " ")))\\fR " + styled.joined(separator: " ")]
    }

    /// Paragraphs as filled text lines, separated by `.PP`.
    static func paragraphs(_ text: String, lead: String = "") -> [String] {
        TextWrapping.paragraphs(of: text).enumerated().flatMap { number, words in
            let line = escape(words.joined(separator: " "))
            return number == 0 ? [lead + line] : [".PP", line]
        }
    }

    /// `text` safe in a roff text line: backslashes and hyphens escaped, non-ASCII as `\[uXXXX]`, and a leading
    /// `.` or `'` kept from being read as a request.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}

extension String {
    /// The string without leading and trailing characters from `characters`.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        return String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
