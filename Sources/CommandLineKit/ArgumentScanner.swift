/// One option a command accepts.
public struct OptionSpec: Sendable, Hashable {
    /// The option's long name without dashes (`"jwks"` for `--jwks`).
    public let name: String
    /// Whether the option takes a value (`--jwks FILE`) or is a flag (`--json`).
    public let takesValue: Bool
    /// Whether the option may be given more than once (`--aud A --aud B`).
    public let repeatable: Bool
    /// A one-letter alias without the dash (`"h"` for `-h`), if any.
    public let shortName: Character?

    /// An option that takes a value.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - repeatable: whether it may be given several times.
    /// - Returns: the spec.
    public static func value(_ name: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, takesValue: true, repeatable: repeatable, shortName: nil)
    }

    /// A flag: an option without a value.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - short: a one-letter alias, if any.
    /// - Returns: the spec.
    public static func flag(_ name: String, short: Character? = nil) -> OptionSpec {
        OptionSpec(name: name, takesValue: false, repeatable: false, shortName: short)
    }

    /// `--help` / `-h`, accepted by every command.
    public static let help = OptionSpec.flag("help", short: "h")
}

/// The result of scanning a command line against a set of options.
public struct ScannedArguments: Sendable, Equatable {
    /// Positional arguments in order (`-` is positional: it means standard input).
    public var positionals: [String] = []
    /// Every value given for each option that takes one, in order.
    public var values: [String: [String]] = [:]
    /// The flags that were given.
    public var flags: Set<String> = []

    /// Creates an empty result.
    public init() {}

    /// The single value of an option, if given.
    /// - Parameter name: the option's long name.
    /// - Returns: its value, or `nil`.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    /// - Parameter name: the option's long name.
    /// - Returns: the values in order; empty when not given.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag was given.
    /// - Parameter name: the flag's long name.
    /// - Returns: `true` when given.
    public func has(_ name: String) -> Bool { flags.contains(name) }
}

/// Scans command-line arguments without swift-argument-parser: `--name value`, `--name=value`, `--`
/// (everything after it is positional), `-` (standard input, positional) and `-h`. Unknown options are errors.
public enum ArgumentScanner {
    /// Scans `arguments` (without the program and subcommand names) against `options`.
    /// - Parameters:
    ///   - arguments: the arguments to scan.
    ///   - options: the options the command accepts; `--help` is always accepted.
    /// - Returns: positionals, option values and flags.
    /// - Throws: `CommandFailure` with status `.usage` naming the offending argument.
    public static func scan(_ arguments: [String], options: [OptionSpec]) throws(CommandFailure) -> ScannedArguments {
        var known: [String: OptionSpec] = [OptionSpec.help.name: .help]
        var shortNames: [Character: OptionSpec] = ["h": .help]
        for option in options {
            known[option.name] = option
            if let short = option.shortName { shortNames[short] = option }
        }
        var result = ScannedArguments()
        var index = arguments.startIndex
        var onlyPositionals = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let spec: OptionSpec
            var inlineValue: String?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: Substring
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = body
                }
                guard let found = known[String(name)] else {
                    throw .usage(unknownOptionMessage("--\(name)", known: known.keys))
                }
                spec = found
            } else {
                let body = argument.dropFirst()
                guard body.count == 1, let found = shortNames[body.first!] else {
                    throw .usage(unknownOptionMessage(argument, known: known.keys))
                }
                spec = found
            }
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.endIndex {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .usage("option --\(spec.name) needs a value")
                }
                if !spec.repeatable, result.values[spec.name] != nil {
                    throw .usage("option --\(spec.name) was given more than once")
                }
                result.values[spec.name, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw .usage("option --\(spec.name) is a flag and takes no value")
                }
                result.flags.insert(spec.name)
            }
        }
        return result
    }

    /// The message for an unknown option, suggesting the closest known one.
    static func unknownOptionMessage(_ option: String, known: some Collection<String>) -> String {
        let bare = String(option.drop(while: { $0 == "-" }))
        if let suggestion = Suggestion.closest(to: bare, among: known) {
            return "unknown option \(option); did you mean --\(suggestion)?"
        }
        return "unknown option \(option)"
    }
}
