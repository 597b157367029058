import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// review's help, man page and completion scripts are written from its declarations: every option of every command
/// must appear in each, the parser must accept every option declared, and the scripts must be valid.
@Suite("review: help, man page and completions from the declarations")
struct ReviewInterfaceTests {
    static let commands = ReviewCommand.interface.walk(path: [])
    static let now = Timestamp(iso8601: "2026-01-10T12:00:00Z")!

    /// Runs in process; the store is never opened by what these tests run.
    func review(_ arguments: [String]) -> CommandOutput {
        ReviewCLI.main(
            arguments: arguments,
            environment: ReviewEnvironment(
                now: Self.now, variables: [:], openStore: { _ in throw CocoaError(.fileNoSuchFile) }))
    }

    @Test("every option, argument and subcommand of every command is in the help the tool prints")
    func help() {
        CommandInterfaceExpectations.expectHelpOfEveryCommand(Self.commands, tool: "review") { path in
            // `review help` takes no --help: its own help is `review help help`.
            review(path == ["help"] ? ["help", "help"] : path + ["--help"])
        }
    }

    @Test("the parser accepts every option declared, on every command, before or after the subcommand as declared")
    func parserAcceptsDeclaredOptions() {
        CommandInterfaceExpectations.expectParserAcceptsDeclaredOptions(of: Self.commands, unknown: "unknown option") {
            arguments throws(CommandFailure) in _ = try ReviewParsing.parse(arguments)
        }
    }

    @Test("--db and --utc are one record each, accepted by every command that uses the store, read once")
    func globalOptions() throws {
        // completion and states use no store; auth and webhook talk to App Store Connect and the config folder only.
        let storeless = ["completion", "auth", "states", "webhook"]
        for (path, command) in Self.commands where !path.isEmpty && path != ["help"] && !storeless.contains(path[0]) {
            #expect(command.globalOptions == ReviewOptions.global.map(\.spec), "\(path)")
        }
        #expect(try ReviewParsing.global(["--db", "/a", "--utc", "status"])?.database == "/a")
        #expect(try ReviewParsing.global(["status", "--db=/b", "--utc"])?.utc == true)
        #expect(throws: CommandFailure.usage("option --db was given more than once")) {
            try ReviewParsing.parse(["--db", "/a", "--db", "/b", "status"])
        }
        #expect(
            throws: CommandFailure.usage(
                "unknown option --ut; did you mean --utc? (a command's own options go after it)")
        ) {
            try ReviewParsing.parse(["--ut", "status"])
        }
    }

    @Test("the man page has a section for every command, listing each of its options and arguments")
    func manPage() {
        let page = ReviewCommand.help.manPage
        #expect(page.contains("\n.TH REVIEW 1 \"\" \"Gatehouse \(GatehouseVersion.string)\" \"Gatehouse Manual\"\n"))
        #expect(page.contains("\n.SH STATES\n") && page.contains("\n.SH EXIT STATUS\n"))
        for (path, command) in Self.commands {
            let section: Substring
            if path.isEmpty {
                section = page[..<(page.range(of: "\n.SH COMMANDS\n")?.lowerBound ?? page.endIndex)]
            } else {
                let title = ManPage.escape((["review"] + path).joined(separator: " "))
                guard let heading = page.range(of: ".SS \"\(title)\"\n") else {
                    Issue.record("no section for review \(path)")
                    continue
                }
                let rest = page[heading.upperBound...]
                section = rest[..<(rest.range(of: "\n.SS ")?.lowerBound ?? rest.endIndex)]
            }
            CommandInterfaceExpectations.expectManSection(section, lists: command, of: "review \(path)")
        }
    }

    @Test("each completion script names every option of every command", arguments: Shell.allCases)
    func completions(shell: Shell) {
        let script = ReviewCommand.help.completionScript(for: shell)
        let lines = script.split(separator: "\n")
        for (path, command) in Self.commands {
            let key = path.joined(separator: " ")
            for option in command.allOptions {
                switch shell {
                case .bash:
                    let line = lines.first { $0.hasPrefix("        '\(key)') mapfile") }
                    #expect(
                        line?.contains(" \(option.longFlag) ") == true || line?.contains("'\(option.longFlag) ") == true
                            || line?.contains(" \(option.longFlag)'") == true, "bash: review \(key) \(option.longFlag)")
                case .zsh:
                    let name = (["_review"] + path).joined(separator: "_")
                    let start = script.range(of: "\n\(name)() {\n")
                    let body = start.map { script[$0.upperBound...] }
                    let function = body.map { $0[..<($0.range(of: "\n}\n")?.lowerBound ?? $0.endIndex)] }
                    #expect(function?.contains(option.longFlag) == true, "zsh: \(name) \(option.longFlag)")
                case .fish:
                    let condition = "-n '__fish_review_using \"\(key)\"'"
                    #expect(
                        lines.contains { $0.contains(condition) && $0.contains(" -l \(option.name) ") },
                        "fish: review \(key) \(option.longFlag)")
                }
            }
        }
    }

    @Test("each completion script is valid in its shell (bash -n, zsh -n, fish -n)", arguments: Shell.allCases)
    func syntax(shell: Shell) throws {
        try CommandInterfaceExpectations.expectValidSyntax(
            ReviewCommand.help.completionScript(for: shell), shell: shell)
    }

    @Test(
        "bash completes commands, options before and after them, states, platforms and shells",
        .enabled(if: ProcessRunner.installedProgram("bash") != nil, "bash is not installed"),
        arguments: [
            (["review", "tim"], ["timeline"]),
            (["review", "--db", "x.sqlite3", "sta"], ["status", "stats", "states"]),
            (["review", "--u"], ["--utc"]),
            (["review", "log", "App", "waiting-for-r"], ["waiting-for-review"]),
            (["review", "log", "--platform=vis"], ["visionOS"]),
            (["review", "export", "--format", ""], ["json", "csv"]),
            (["review", "help", "comp"], ["completion"]),
            (["review", "delete", "3", "--y"], ["--yes"]),
        ])
    func bashCompletes(words: [String], expected: [String]) throws {
        #expect(
            try ShellCompletionRunner.bashCandidates(ReviewCommand.help.completionScript(for: .bash), words) == expected
        )
    }

    @Test(
        "fish completes commands, states and files",
        .enabled(if: ProcessRunner.installedProgram("fish") != nil, "fish is not installed"))
    func fishCompletes() throws {
        let script = ReviewCommand.help.completionScript(for: .fish)
        #expect(try ShellCompletionRunner.fishCandidates(script, "review tim") == ["timeline"])
        #expect(try ShellCompletionRunner.fishCandidates(script, "review log App in-r") == ["in-review"])
        #expect(try ShellCompletionRunner.fishCandidates(script, "review timeline App --platform tv") == ["tvOS"])
        let directory = try TemporaryDirectory()
        try Data().write(to: directory.file("events.csv"))
        let prefix = directory.file("eve").path
        #expect(try ShellCompletionRunner.fishCandidates(script, "review import \(prefix)") == [prefix + "nts.csv"])
    }

    @Test("the man page renders without a warning (groff -ww)")
    func manPageRenders() throws {
        try CommandInterfaceExpectations.expectManPageRenders(ReviewCommand.help.manPage, fileName: "review.1")
    }

    @Test("completion and --man parse; an unknown shell is a usage error naming the shells")
    func parsing() throws {
        #expect(try ReviewParsing.parse(["completion", "bash"]) == .run(CompletionCommand(shell: .bash)))
        #expect(try ReviewParsing.parse(["--man"]) == .manual)
        #expect(try ReviewParsing.parse(["--utc", "--man", "--bogus"]) == .manual)
        #expect(try ReviewParsing.parse(["help", "completion"]) == .run(HelpCommand(topic: "completion")))
        #expect(
            !ReviewParsing.usesNetwork(CompletionCommand(shell: .zsh))
                && CommandInvocation<ReviewCommand>(["--man"]).execution == .synchronous)
        CommandInterfaceExpectations.expectUsageFailure(containing: "unknown shell 'ksh'", "bash, zsh, fish") {
            _ = try ReviewParsing.parse(["completion", "ksh"])
        }
        // The usage line is written from the declaration (issue 21 item 4), in the <value> style.
        #expect(throws: CommandFailure.usage("missing arguments for completion; usage: review completion <shell>")) {
            try ReviewParsing.parse(["completion"])
        }
    }

    @Test("the built binary prints the completion scripts and the man page without a store; an unknown shell exits 64")
    func endToEnd() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("never.sqlite3").path
        try CommandInterfaceExpectations.expectBinaryPrints(
            tool: "review", completionScript: ReviewCommand.help.completionScript(for:),
            manPage: ReviewCommand.help.manPage,
            environment: ["REVIEW_DB": store])
        let unknown = try ProcessRunner.run("review", ["completion", "csh"], environment: ["REVIEW_DB": store])
        #expect(unknown.status == 64 && unknown.standardError.contains("unknown shell 'csh'"))
        #expect(!FileManager.default.fileExists(atPath: store))
    }
}
