/// An option whose value is read into `Value` by the declaration that also documents it: the parse closure is
/// written once, beside the name and the help.
package struct Option<Value: Sendable>: Sendable, OptionDeclaration {
    /// The option's record.
    package let spec: OptionSpec
    private let convert: @Sendable (String) throws(CommandFailure) -> Value

    /// Declares an option read by `parse`.
    /// - Parameters:
    ///   - spec: the record (name, value name, help, kind).
    ///   - parse: reads one value; throws a usage failure naming the option and the value when it does not parse.
    package init(_ spec: OptionSpec, parse: @escaping @Sendable (String) throws(CommandFailure) -> Value) {
        self.spec = spec
        self.convert = parse
    }

    /// Reads one value as given on the command line.
    /// - Parameter text: the value.
    /// - Returns: the typed value.
    /// - Throws: `CommandFailure` (usage) naming the option and the value.
    package func parse(_ text: String) throws(CommandFailure) -> Value { try convert(text) }

    /// The same option with the help a particular command gives it.
    /// - Parameter help: the command's help text.
    /// - Returns: the option, reading values the same way.
    package func with(help: String) -> Option<Value> { Option(spec.with(help: help), parse: convert) }

    /// The same option, required by a particular command.
    /// - Returns: the option, reading values the same way.
    package func required() -> Option<Value> { Option(spec.required(), parse: convert) }
}

extension Option where Value == String {
    /// Declares an option whose value is taken exactly as given.
    /// - Parameter spec: the record.
    package init(_ spec: OptionSpec) {
        self.init(spec, parse: { $0 })
    }
}
