/// What a shell may offer for an option's value or a positional argument.
package enum ValueCompletion: Sendable, Hashable {
    /// Free text: the shell offers nothing (a token, an ID, a time).
    case none
    /// A path to a file.
    case file
    /// A path to a directory.
    case directory
    /// One of these words.
    case choices([String])
}
