/// Scans command-line arguments without swift-argument-parser: `--name value`, `--name=value`, `--`
/// (everything after it is positional), `-` (standard input, positional) and `-h`. Unknown options are errors.
package enum ArgumentScanner {
    /// Scans `arguments` (without the program and subcommand names) against `options`.
    /// - Parameters:
    ///   - arguments: the arguments to scan.
    ///   - options: the options the command accepts; `--help` is always accepted.
    /// - Returns: positionals, option values and flags.
    /// - Throws: `CommandFailure` with status `.usage` naming the offending argument.
    package static func scan(_ arguments: [String], options: [OptionSpec]) throws(CommandFailure) -> ScannedArguments {
        try scan(arguments[...], options: options, leadingOnly: false, stopFlags: [], unknownOptionHint: "").scanned
    }

    /// Scans `arguments` against every option `command` accepts (`CommandSpec.acceptedOptions`).
    /// - Parameters:
    ///   - arguments: the arguments after the command's name.
    ///   - command: the command's declaration.
    /// - Returns: positionals, option values and flags.
    /// - Throws: `CommandFailure` with status `.usage` naming the offending argument.
    package static func scan(_ arguments: [String], command: CommandSpec) throws(CommandFailure) -> ScannedArguments {
        try scan(arguments, options: command.acceptedOptions)
    }

    /// Scans the options before a subcommand (`review --db PATH status`): stops at the first positional argument,
    /// or right after a flag of `stopFlags` (`--help`, `--version`), so what follows is not read.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - options: the options accepted before the subcommand.
    ///   - stopFlags: names of flags that end the scan.
    ///   - unknownOptionHint: text added to the message for an unknown option.
    /// - Returns: the options read, and the arguments from the subcommand's name on.
    /// - Throws: `CommandFailure` with status `.usage` naming the offending argument.
    package static func scanLeadingOptions(
        _ arguments: [String], options: [OptionSpec], stopFlags: Set<String>, unknownOptionHint: String
    ) throws(CommandFailure) -> (scanned: ScannedArguments, remainder: [String]) {
        let result = try scan(
            arguments[...], options: options, leadingOnly: true, stopFlags: stopFlags,
            unknownOptionHint: unknownOptionHint)
        return (result.scanned, Array(arguments[result.end...]))
    }

    private static func scan(
        _ arguments: ArraySlice<String>, options: [OptionSpec], leadingOnly: Bool, stopFlags: Set<String>,
        unknownOptionHint: String
    ) throws(CommandFailure) -> (scanned: ScannedArguments, end: Int) {
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
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                if leadingOnly { return (result, index) }
                result.positionals.append(argument)
                index += 1
                continue
            }
            index += 1
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
                    throw .usage(unknownOptionMessage("--\(name)", known: known.keys) + unknownOptionHint)
                }
                spec = found
            } else {
                let body = argument.dropFirst()
                guard body.count == 1, let found = shortNames[body.first!] else {
                    throw .usage(unknownOptionMessage(argument, known: known.keys) + unknownOptionHint)
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
                if stopFlags.contains(spec.name) { return (result, index) }
            }
        }
        return (result, index)
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
