/// One positional argument of a command, for the help text, the man page and the completions.
package struct ArgumentSpec: Sendable, Hashable {
    /// The name as the help shows it (`"<token>"`).
    package let name: String
    /// What it is, as one paragraph.
    package let help: String
    /// Whether it may be left out; shown in brackets in the synopsis.
    package let isOptional: Bool
    /// What a shell may offer for it.
    package let completion: ValueCompletion

    /// Declares an argument.
    /// - Parameters:
    ///   - name: the name as the help shows it.
    ///   - help: what it is.
    ///   - isOptional: whether it may be left out.
    ///   - completion: what a shell may offer.
    package init(_ name: String, help: String, isOptional: Bool = false, completion: ValueCompletion = .none) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.completion = completion
    }
}
