/// A shell `completion SHELL` writes a script for.
package enum Shell: String, Sendable, CaseIterable {
    /// GNU bash (with or without the bash-completion package).
    case bash
    /// zsh, through its completion system (`compinit`).
    case zsh
    /// fish.
    case fish

    /// Reads a shell's name as given to `completion`.
    /// - Parameter text: the argument.
    /// - Returns: the shell.
    /// - Throws: `CommandFailure` (usage) naming the shells, and the closest one on a typo.
    package static func named(_ text: String) throws(CommandFailure) -> Shell {
        if let shell = Shell(rawValue: text.lowercased()) { return shell }
        let names = allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("unknown shell '\(text)'\(hint) (the shells are \(names.joined(separator: ", ")))")
    }
}
