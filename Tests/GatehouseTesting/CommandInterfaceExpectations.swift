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

    /// Expects each command's help, as the tool prints it, to succeed with a usage line naming the command, and to
    /// list each of the command's options, arguments and subcommands (`expectHelp(_:lists:of:sourceLocation:)`).
    /// - Parameters:
    ///   - commands: the tool's commands with their paths (`CommandSpec.walk(path:)`).
    ///   - tool: the tool's name, the first word of each usage line.
    ///   - sourceLocation: where the test is.
    ///   - help: runs the tool to print the help of the command at a path.
    package static func expectHelpOfEveryCommand(
        _ commands: [(path: [String], command: CommandSpec)], tool: String,
        sourceLocation: SourceLocation = #_sourceLocation, help: ([String]) -> CommandOutput
    ) {
        for (path, command) in commands {
            let output = help(path)
            #expect(output.status == .success, "\(path): \(output.standardError)", sourceLocation: sourceLocation)
            let usage = "USAGE: " + ([tool] + path).joined(separator: " ")
            #expect(output.standardOutput.contains(usage), "\(path)", sourceLocation: sourceLocation)
            expectHelp(output.standardOutput, lists: command, of: "\(tool) \(path)", sourceLocation: sourceLocation)
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

    /// Expects a completion script to be valid in its shell (`bash -n`, `zsh -n`, `fish -n`). Where that shell is not
    /// installed the test case is cancelled (`Test.cancel`, Swift Testing ST-0016), saying so, and is not a failure:
    /// what `.enabled(if:)` does for a whole test, for one shell of a test over every shell.
    /// - Parameters:
    ///   - script: the script the tool writes for `shell`.
    ///   - shell: the shell.
    ///   - sourceLocation: where the test is.
    /// - Throws: the cancellation, or when the script cannot be written or the shell started.
    package static func expectValidSyntax(
        _ script: String, shell: Shell, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard ProcessRunner.installedProgram(shell.rawValue) != nil else {
            try Test.cancel(Comment(rawValue: "\(shell.rawValue) is not installed"), sourceLocation: sourceLocation)
        }
        let result = try ShellCompletionRunner.checkSyntax(script, shell: shell.rawValue)
        #expect(
            result.status == 0 && result.standardError.isEmpty, "\(shell.rawValue) -n: \(result.standardError)",
            sourceLocation: sourceLocation)
    }

    /// Expects a man page to render without a warning (`groff -man -ww`); the test is cancelled, saying so, where
    /// groff is not installed.
    /// - Parameters:
    ///   - page: the roff source.
    ///   - fileName: the name it is written under, such as `review.1`.
    ///   - sourceLocation: where the test is.
    /// - Throws: the cancellation, or when the page cannot be written or groff started.
    package static func expectManPageRenders(
        _ page: String, fileName: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let groff = ProcessRunner.installedProgram("groff") else {
            try Test.cancel("groff is not installed", sourceLocation: sourceLocation)
        }
        let directory = try TemporaryDirectory()
        let file = directory.file(fileName)
        try page.write(to: file, atomically: true, encoding: .utf8)
        let rendered = try ProcessRunner.run(executableAt: groff, ["-man", "-Tutf8", "-ww", "-z", file.path])
        #expect(
            rendered.status == 0 && rendered.standardError.isEmpty, "\(rendered.standardError)",
            sourceLocation: sourceLocation)
    }

    /// Expects the built binary to print each shell's completion script (`TOOL completion SHELL`) and the man page
    /// (`TOOL --man`) exactly as they are written from the declarations, with nothing on standard error.
    /// - Parameters:
    ///   - tool: the executable's name.
    ///   - completionScript: the script for a shell, as the library writes it.
    ///   - manPage: the man page, as the library writes it.
    ///   - environment: variables for the runs.
    ///   - sourceLocation: where the test is.
    /// - Throws: when the binary cannot be run.
    package static func expectBinaryPrints(
        tool: String, completionScript: (Shell) -> String, manPage: String, environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for shell in Shell.allCases {
            let result = try ProcessRunner.run(tool, ["completion", shell.rawValue], environment: environment)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(shell)", sourceLocation: sourceLocation)
            #expect(result.standardOutput == completionScript(shell), "\(shell)", sourceLocation: sourceLocation)
        }
        let man = try ProcessRunner.run(tool, ["--man"], environment: environment)
        #expect(man.status == 0 && man.standardOutput == manPage, sourceLocation: sourceLocation)
    }
}
