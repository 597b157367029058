import CommandLineKit

/// `jwtcheck`'s help texts, written by `HelpFormatter` from the declarations in `JWTCheckInterface`.
package enum HelpText {
    /// The help for one subcommand, or for the tool.
    /// - Parameter subcommand: the subcommand, or `nil` for the tool.
    /// - Returns: the text, ending in a newline.
    package static func text(for subcommand: JWTCheckCommand.Subcommand?) -> String {
        guard let subcommand else { return HelpFormatter.text(for: JWTCheckInterface.tool, path: ["jwtcheck"]) }
        return HelpFormatter.text(for: JWTCheckInterface.command(subcommand), path: ["jwtcheck", subcommand.rawValue])
    }

    /// The manual page: every command, from the same declarations.
    package static var manPage: String { ManPage.text(for: JWTCheckInterface.tool, version: GatehouseVersion.string) }

    /// The completion script for a shell, from the same declarations.
    /// - Returns: the script.
    package static func completionScript(for shell: Shell) -> String {
        CompletionScript.text(for: JWTCheckInterface.tool, shell: shell)
    }
}
