import CommandLineKit
import ReviewLog
import ReviewSync

/// A `review` command's arguments as one scan: the options given before its name (to `review`, and to its group:
/// `review --db PATH apps --json`) and after it, read once whichever side they were given on. An option that is not
/// repeatable, given on both sides, is refused as it is when given twice on one side.
struct ReviewArguments {
    /// The command's arguments, as the parser gave them.
    let arguments: CommandArguments
    /// Every option and positional, those before the command's name first.
    let scanned: ScannedArguments

    /// Merges the two sides.
    /// - Throws: `CommandFailure` (usage) "option --db was given more than once".
    init(_ arguments: CommandArguments) throws(CommandFailure) {
        self.arguments = arguments
        var merged = arguments.beforeSubcommand
        let repeatable = Set(arguments.spec.acceptedOptions.filter(\.repeatable).map(\.name))
        for (name, values) in merged.values where values.count > 1 && !repeatable.contains(name) {
            throw .usage("option --\(name) was given more than once")
        }
        for (name, values) in arguments.scanned.values.sorted(by: { $0.key < $1.key }) {
            if merged.values[name] != nil, !repeatable.contains(name) {
                throw .usage("option --\(name) was given more than once")
            }
            merged.values[name, default: []] += values
        }
        merged.flags.formUnion(arguments.scanned.flags)
        merged.positionals += arguments.scanned.positionals
        scanned = merged
    }

    /// The positional arguments after the command's name.
    var positionals: [String] { scanned.positionals }

    /// The value of an option, if given.
    func value<Value>(_ option: Option<Value>) throws(CommandFailure) -> Value? { try scanned.value(option) }

    /// Every value of a repeatable option.
    func values<Value>(_ option: Option<Value>) throws(CommandFailure) -> [Value] { try scanned.values(option) }

    /// Whether a flag was given.
    func has(_ flag: OptionSpec) -> Bool { scanned.has(flag) }

    /// The command's synopsis, written from its declaration: `review log <app> <state> [--version <version>] ...`.
    var usage: String { arguments.usage }

    /// Refuses a number of positionals out of `range`: "missing arguments for log; usage: review log <app> ...".
    /// - Throws: `CommandFailure` (usage).
    func expect(_ range: ClosedRange<Int>) throws(CommandFailure) {
        guard range.contains(positionals.count) else {
            let what = positionals.count < range.lowerBound ? "missing arguments" : "too many arguments"
            throw .usage("\(what) for \(arguments.path.dropFirst().joined(separator: " ")); usage: \(usage)")
        }
    }

    /// The key options of the commands that use App Store Connect.
    func keyFlags() throws(CommandFailure) -> CredentialResolver.Flags {
        CredentialResolver.Flags(
            keyID: try value(ReviewOptions.keyID), issuerID: try value(ReviewOptions.issuerID),
            privateKeyPath: try value(ReviewOptions.privateKey), profile: try value(ReviewOptions.profile))
    }

    /// An event id argument: a positive integer.
    static func eventID(_ text: String) throws(CommandFailure) -> Int64 {
        guard let id = Int64(text), id > 0 else { throw .usage("the event id \"\(text)\" is not a positive integer") }
        return id
    }
}
