import CommandLineKit

/// The help texts of `review` and each subcommand, written by `HelpFormatter` from the declarations in
/// `ReviewInterface`.
package enum ReviewHelp {
    /// The version `--version` prints.
    package static let version = "review \(GatehouseVersion.string)"

    /// The subcommands, in the order the overview lists them.
    package static let commands = ReviewInterface.tool.subcommands.map(\.name)

    /// The help text of a subcommand, or the overview for `nil`.
    /// - Parameter command: the subcommand's name, or `nil`.
    /// - Returns: the text, ending in a newline; `nil` for an unknown name.
    package static func text(for command: String?) -> String? {
        guard let command else { return overview }
        return ReviewInterface.tool.subcommand(command).map {
            HelpFormatter.text(for: $0, path: ["review", $0.name])
        }
    }

    /// The overview: the commands and the options taken before them.
    static var overview: String { HelpFormatter.text(for: ReviewInterface.tool, path: ["review"]) }

    /// The manual page: every command, from the same declarations.
    package static var manPage: String { ManPage.text(for: ReviewInterface.tool, version: GatehouseVersion.string) }

    /// The completion script for a shell, from the same declarations.
    /// - Returns: the script.
    package static func completionScript(for shell: Shell) -> String {
        CompletionScript.text(for: ReviewInterface.tool, shell: shell)
    }
}
