/// Writes a command's `--help` text from its declaration, in the house layout: OVERVIEW, USAGE, ARGUMENTS,
/// COMMANDS (or SUBCOMMANDS), OPTIONS, then the command's sections (EXIT STATUS...).
package enum HelpFormatter {
    /// The width help texts are wrapped to, the width the hand-written texts had.
    package static let width = 106
    /// The widest label kept on the same line as its help; a wider one gets a line of its own.
    static let widestInlineLabel = 24

    /// The help text of `command`.
    /// - Parameters:
    ///   - path: the names leading to it, the tool's first (`["jwtcheck", "apple", "verify"]`).
    /// - Returns: the text, ending in a newline.
    package static func text(for command: CommandSpec, path: [String]) -> String {
        var blocks: [[String]] = []
        blocks.append(TextWrapping.lines(command.overview, width: width, firstPrefix: "OVERVIEW: "))
        blocks.append(usage(command, path: path))
        let options = command.allOptions
        let labels = command.arguments.map(\.name) + options.map(\.label)
        let column = 2 + (labels.filter { $0.count <= widestInlineLabel }.map(\.count).max() ?? 0) + 2
        if !command.arguments.isEmpty {
            blocks.append(["ARGUMENTS:"] + command.arguments.flatMap { row($0.name, $0.help, column: column) })
        }
        if !command.subcommands.isEmpty {
            let nameColumn = 2 + (command.subcommands.map(\.name.count).max() ?? 0) + 2
            blocks.append(
                ["\(command.subcommandNoun.uppercased())S:"]
                    + command.subcommands.flatMap { row($0.name, $0.abstract, column: nameColumn) })
        }
        if !options.isEmpty {
            blocks.append(["OPTIONS:"] + options.flatMap { row($0.label, $0.help, column: column) })
        }
        for section in command.sections {
            blocks.append(
                TextWrapping.lines(section.text, width: width, firstPrefix: section.title.map { "\($0): " } ?? ""))
        }
        return blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// `USAGE: jwtcheck token <token> [--jwks <file|url>] ...`, continuation lines aligned after the path.
    static func usage(_ command: CommandSpec, path: [String]) -> [String] {
        let head = "USAGE: " + path.joined(separator: " ")
        var lines: [String] = []
        var line = head
        for part in CommandSynopsis.parts(of: command) {
            if line.count > head.count, line.count + 1 + part.count > width {
                lines.append(line)
                line = String(repeating: " ", count: head.count)
            }
            line += " " + part
        }
        lines.append(line)
        return lines
    }

    /// One row of ARGUMENTS, COMMANDS or OPTIONS: the label, then the help wrapped at `column`.
    static func row(_ label: String, _ help: String, column: Int) -> [String] {
        let indent = "  " + label
        if indent.count + 1 > column {
            let pad = String(repeating: " ", count: column)
            return [indent] + TextWrapping.lines(help, width: width, firstPrefix: pad, indent: column)
        }
        let prefix = indent + String(repeating: " ", count: column - indent.count)
        return TextWrapping.lines(help, width: width, firstPrefix: prefix, indent: column)
    }
}
