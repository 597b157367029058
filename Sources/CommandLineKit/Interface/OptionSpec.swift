/// One command-line option, declared once: the scanner reads the command line with it, and the help text, the man
/// page and the shell completions are written from it (in the spirit of swift-argument-parser's `@Option(help:)`).
///
/// An option whose value is read into a type is an `Option<Value>` around its spec; a flag is a spec alone.
package struct OptionSpec: Sendable, Hashable, OptionDeclaration {
    /// How the option is written on the command line.
    package enum Kind: Sendable, Hashable {
        /// `--json`: no value.
        case flag
        /// `--jwks FILE`: one value, at most once.
        case value
        /// `--aud A --aud B`: a value, any number of times.
        case repeatable
    }

    /// The long name without dashes (`"jwks"` for `--jwks`).
    package let name: String
    /// A one-letter alias without the dash (`"h"` for `-h`), if any.
    package let shortName: Character?
    /// Flag, single value or repeatable value.
    package let kind: Kind
    /// The value's name as the help shows it (`"<file|url>"`, `"PATH"`); empty for a flag.
    package let valueName: String
    /// What the option does, as one paragraph: the help text wraps it, the man page fills it, and completions
    /// show its first sentence.
    package let help: String
    /// What a shell may offer for the value.
    package let completion: ValueCompletion
    /// Whether the command needs it; shown without brackets in the synopsis.
    package let isRequired: Bool

    /// Whether the option takes a value (`--jwks FILE`) rather than being a flag (`--json`).
    package var takesValue: Bool { kind != .flag }
    /// Whether the option may be given more than once (`--aud A --aud B`).
    package var repeatable: Bool { kind == .repeatable }
    /// The record itself, so specs and typed options go in one list.
    package var spec: OptionSpec { self }

    /// An option that takes a value.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - repeatable: whether it may be given several times.
    ///   - valueName: the value's name in help texts.
    ///   - help: what it does.
    ///   - completion: what a shell may offer for the value.
    ///   - isRequired: whether the command needs it.
    /// - Returns: the spec.
    package static func value(
        _ name: String, repeatable: Bool = false, valueName: String = "<value>", help: String = "",
        completion: ValueCompletion = .none, isRequired: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: nil, kind: repeatable ? .repeatable : .value, valueName: valueName, help: help,
            completion: completion, isRequired: isRequired)
    }

    /// A flag: an option without a value.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - short: a one-letter alias, if any.
    ///   - help: what it does.
    ///   - isRequired: whether the command needs it (`review delete --yes`).
    /// - Returns: the spec.
    package static func flag(
        _ name: String, short: Character? = nil, help: String = "", isRequired: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, kind: .flag, valueName: "", help: help, completion: .none,
            isRequired: isRequired)
    }

    /// `--help` / `-h`, accepted by every command.
    package static let help = OptionSpec.flag("help", short: "h", help: "Show this help.")

    /// The same option with the help a particular command gives it (`--json` says what that command prints).
    /// - Parameter help: the command's help text for the option.
    /// - Returns: the spec with `help` replaced; name, kind and value are unchanged.
    package func with(help: String) -> OptionSpec {
        OptionSpec(
            name: name, shortName: shortName, kind: kind, valueName: valueName, help: help, completion: completion,
            isRequired: isRequired)
    }

    /// The same option, required by a particular command.
    /// - Returns: the spec with `isRequired` set.
    package func required() -> OptionSpec {
        OptionSpec(
            name: name, shortName: shortName, kind: kind, valueName: valueName, help: help, completion: completion,
            isRequired: true)
    }

    /// `--name` as typed.
    package var longFlag: String { "--" + name }

    /// Every spelling the scanner accepts for the option's name: `--name`, and `-x` when it has a short name.
    package var spellings: [String] { (shortName.map { ["-\($0)"] } ?? []) + [longFlag] }

    /// The option as an OPTIONS row shows it: `-h, --help`, `--jwks <file|url>`.
    package var label: String {
        spellings.joined(separator: ", ") + (takesValue ? " " + valueName : "")
    }

    /// The option as the synopsis shows it, without brackets: `--jwks <file|url>`.
    package var usage: String { longFlag + (takesValue ? " " + valueName : "") }

    /// Whether `argument` is exactly this option (`--version`, or `-h` for a short name).
    /// - Parameter argument: one command-line argument.
    /// - Returns: `true` when it names the option with no inline value.
    package func matches(_ argument: String) -> Bool { spellings.contains(argument) }
}
