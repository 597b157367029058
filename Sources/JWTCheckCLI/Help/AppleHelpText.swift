import CommandLineKit

/// `jwtcheck apple`'s help texts, written by `HelpFormatter` from the declarations in `AppleInterface`.
package enum AppleHelpText {
    /// The help for one subcommand of `jwtcheck apple`, or for `apple` itself.
    /// - Parameter subcommand: the subcommand, or `nil`.
    /// - Returns: the text, ending in a newline.
    package static func text(for subcommand: AppleCommand.Subcommand?) -> String {
        guard let subcommand else { return HelpFormatter.text(for: AppleInterface.apple, path: ["jwtcheck", "apple"]) }
        return HelpFormatter.text(
            for: AppleInterface.command(subcommand), path: ["jwtcheck", "apple", subcommand.rawValue])
    }
}
