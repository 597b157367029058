package import CommandLineKit
import Foundation
import Testing

/// The checks a command-line tool's interface tests share: its help, man page and parser are written from its
/// `CommandSpec` declarations, so every option, argument and subcommand declared must appear in (or be accepted by)
/// each.
package enum CommandInterfaceExpectations {
    /// Expects a command's `--help` text to list each of its options, arguments and subcommands.
    /// - Parameters:
    ///   - text: the help the tool printed.
    ///   - command: the command's declaration.
    ///   - invocation: the tool and the command's path, such as `review log`, for the messages.
    ///   - sourceLocation: where the test is.
    package static func expectHelp(
        _ text: String, lists command: CommandSpec, of invocation: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let entries =
            command.allOptions.map { "\n  \($0.label)" } + command.arguments.map { "\n  \($0.name)" }
            + command.subcommands.map { "\n  \($0.name)  " }
        for entry in entries {
            #expect(
                text.contains(entry),
                "\(invocation) --help lacks \(entry.trimmingCharacters(in: .whitespacesAndNewlines))",
                sourceLocation: sourceLocation)
        }
    }

    /// Expects a tool's parser to accept every spelling of every option of every command, with a value where the
    /// option takes one (its first choice, or `1`): whatever else it refuses, it does not call the option unknown.
    /// - Parameters:
    ///   - commands: the tool's commands with their paths (`CommandSpec.walk(path:)`).
    ///   - unknown: the words of the parser's message for an option it does not know.
    ///   - parse: the parser.
    ///   - sourceLocation: where the test is.
    package static func expectParserAcceptsDeclaredOptions(
        of commands: [(path: [String], command: CommandSpec)], unknown: String,
        parse: ([String]) throws(CommandFailure) -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (path, command) in commands {
            for option in command.allOptions {
                for spelling in option.spellings {
                    let value: [String]
                    if case .choices(let words) = option.completion { value = [words[0]] } else { value = ["1"] }
                    let arguments = path + [spelling] + (option.takesValue ? value : [])
                    do {
                        try parse(arguments)
                    } catch {
                        #expect(
                            !error.message.contains(unknown), "\(arguments): \(error.message)",
                            sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    /// Expects a command's section of the man page to have a `.TP` entry for each of its options and arguments.
    /// - Parameters:
    ///   - section: the command's part of the man page.
    ///   - command: the command's declaration.
    ///   - invocation: the tool and the command's path, for the messages.
    ///   - sourceLocation: where the test is.
    package static func expectManSection(
        _ section: Substring, lists command: CommandSpec, of invocation: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for option in command.allOptions {
            let names = option.spellings.map { "\\fB\(ManPage.escape($0))\\fR" }.joined(separator: ", ")
            let value = option.takesValue ? " \\fI\(ManPage.escape(option.valueName))\\fR" : ""
            #expect(
                section.contains(".TP\n\(names)\(value)\n"), "man page, \(invocation): \(option.label)",
                sourceLocation: sourceLocation)
        }
        for argument in command.arguments {
            #expect(
                section.contains(".TP\n\\fI\(ManPage.escape(argument.name))\\fR\n"), "\(invocation) \(argument.name)",
                sourceLocation: sourceLocation)
        }
    }

    /// Expects `body` to throw a `CommandFailure` with the usage status (64) whose message contains each of
    /// `fragments`.
    /// - Parameters:
    ///   - fragments: what the message must say.
    ///   - sourceLocation: where the test is.
    ///   - body: the call that must fail, such as a parse.
    package static func expectUsageFailure(
        containing fragments: String..., sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        #expect(sourceLocation: sourceLocation) {
            try body()
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.status == .usage && fragments.allSatisfy { failure?.message.contains($0) == true }
        }
    }
}
