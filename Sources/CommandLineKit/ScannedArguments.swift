/// The result of scanning a command line against a set of options.
package struct ScannedArguments: Sendable, Equatable {
    /// Positional arguments in order (`-` is positional: it means standard input).
    package var positionals: [String] = []
    /// Every value given for each option that takes one, in order.
    package var values: [String: [String]] = [:]
    /// The flags that were given.
    package var flags: Set<String> = []

    /// Creates an empty result.
    package init() {}

    /// The single value of an option, if given.
    /// - Parameter name: the option's long name.
    /// - Returns: its value, or `nil`.
    package func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    /// - Parameter name: the option's long name.
    /// - Returns: the values in order; empty when not given.
    package func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag was given.
    /// - Parameter name: the flag's long name.
    /// - Returns: `true` when given.
    package func has(_ name: String) -> Bool { flags.contains(name) }

    /// Whether a flag was given.
    /// - Parameter flag: the flag's record.
    /// - Returns: `true` when given.
    package func has(_ flag: OptionSpec) -> Bool { flags.contains(flag.name) }

    /// The value of an option, read by its declaration.
    /// - Returns: the typed value, or `nil` when not given.
    /// - Throws: the option's `CommandFailure` (usage) when the value does not parse.
    package func value<Value>(_ option: Option<Value>) throws(CommandFailure) -> Value? {
        guard let text = value(option.spec.name) else { return nil }
        return try option.parse(text)
    }

    /// Every value of a repeatable option, read by its declaration.
    /// - Returns: the typed values in order; empty when not given.
    /// - Throws: the option's `CommandFailure` (usage) for the first value that does not parse.
    package func values<Value>(_ option: Option<Value>) throws(CommandFailure) -> [Value] {
        var result: [Value] = []
        for text in allValues(option.spec.name) { result.append(try option.parse(text)) }
        return result
    }
}
