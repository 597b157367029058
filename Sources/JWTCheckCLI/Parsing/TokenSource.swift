/// Where a token comes from: the argument itself, a file (`@path`), or standard input (`-`).
package enum TokenSource: Sendable, Equatable {
    /// The compact token given on the command line, taken exactly.
    case literal(String)
    /// `@path`: read from a file; surrounding whitespace is trimmed.
    case file(String)
    /// `-`: read from standard input; surrounding whitespace is trimmed.
    case standardInput

    /// Interprets a TOKEN argument.
    /// - Parameter argument: the argument as given.
    /// - Returns: the source.
    package init(argument: String) {
        if argument == "-" {
            self = .standardInput
        } else if argument.hasPrefix("@"), argument.count > 1 {
            self = .file(String(argument.dropFirst()))
        } else {
            self = .literal(argument)
        }
    }
}
