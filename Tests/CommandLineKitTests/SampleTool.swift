import CommandLineKit

/// A small tool declared with the model, for the tests of what is written from declarations.
enum SampleTool {
    static let count = Option(
        .value("count", valueName: "<n>", help: "How many times, 1 to 9.", isRequired: true),
        parse: { text throws(CommandFailure) in
            guard let count = Int(text), (1...9).contains(count) else {
                throw .usage("--count takes 1 to 9, not '\(text)'")
            }
            return count
        })
    static let input = Option(
        .value("input", valueName: "<file>", help: "Read from this file. Else standard input.", completion: .file))
    static let tag = Option(
        .value(
            "tag", repeatable: true, valueName: "<tag>", help: "A colour tag (repeatable).",
            completion: .choices(["red", "green"])))
    static let quiet = OptionSpec.flag("quiet", help: "Print nothing.")
    static let cacheDirectory = Option(
        .value("cache-dir", valueName: "<dir>", help: "Keep the cache here.", completion: .directory))
    static let extraordinarilyLong = OptionSpec.flag(
        "extraordinarily-long-flag",
        help: "A flag whose name is too long for the column, so its help starts on the next line; it's quoted "
            + "[sic] with a backslash \\ too.")
    static let version = OptionSpec.flag("version", help: "Show the version.")

    static let run = CommandSpec(
        "run",
        abstract: "Run the thing once or more.",
        overview: "Run the thing: read the input, count to the count, and print what was asked for, with every "
            + "word wrapped where it must be.",
        arguments: [
            ArgumentSpec("<name>", help: "The name of the thing."),
            ArgumentSpec("<more>", help: "More.", isOptional: true),
        ],
        options: [count, input, tag, quiet, cacheDirectory, extraordinarilyLong],
        exclusiveOptions: [["quiet", "cache-dir"]],
        sections: [.exitStatus("0 done; 1 not done; 64 usage; 66 input file missing or unreadable.")])

    static let pick = CommandSpec(
        "pick",
        abstract: "Pick a colour.",
        arguments: [ArgumentSpec("<colour>", help: "The colour.", completion: .choices(["red", "green"]))])

    static let tool = CommandSpec(
        "sample",
        abstract: "a sample tool",
        overview: "A sample tool.",
        options: [quiet],
        informationOptions: [version],
        subcommands: [run, pick],
        sections: [.exitStatus("0 done; 64 usage."), HelpSection(nil, ".A closing note, with a leading dot.")])
}
