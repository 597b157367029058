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
    static let commands = ReviewInterface.tool.walk(path: [])
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
            arguments throws(CommandFailure) in _ = try ReviewParser.parse(arguments, now: Self.now)
        }
    }

    @Test("--db and --utc are one record each, accepted by every command that uses the store, read once")
    func globalOptions() throws {
        // completion and states use no store; auth and webhook talk to App Store Connect and the config folder only.
        let storeless = ["completion", "auth", "states", "webhook"]
        for command in ReviewInterface.commands where !storeless.contains(command.name) {
            #expect(command.globalOptions == ReviewOptions.global.map(\.spec), "\(command.name)")
        }
        #expect(try ReviewParser.parse(["--db", "/a", "--utc", "status"], now: Self.now).databasePath == "/a")
        #expect(try ReviewParser.parse(["status", "--db=/b", "--utc"], now: Self.now).utc)
        #expect(throws: CommandFailure.usage("option --db was given more than once")) {
            try ReviewParser.parse(["--db", "/a", "--db", "/b", "status"], now: Self.now)
        }
        #expect(
            throws: CommandFailure.usage(
                "unknown option --ut; did you mean --utc? (a command's own options go after it)")
        ) {
            try ReviewParser.parse(["--ut", "status"], now: Self.now)
        }
    }

    @Test("the man page has a section for every command, listing each of its options and arguments")
    func manPage() {
        let page = ReviewHelp.manPage
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
        let script = ReviewHelp.completionScript(for: shell)
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
        try CommandInterfaceExpectations.expectValidSyntax(ReviewHelp.completionScript(for: shell), shell: shell)
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
        #expect(try ShellCompletionRunner.bashCandidates(ReviewHelp.completionScript(for: .bash), words) == expected)
    }

    @Test(
        "fish completes commands, states and files",
        .enabled(if: ProcessRunner.installedProgram("fish") != nil, "fish is not installed"))
    func fishCompletes() throws {
        let script = ReviewHelp.completionScript(for: .fish)
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
        try CommandInterfaceExpectations.expectManPageRenders(ReviewHelp.manPage, fileName: "review.1")
    }

    @Test("completion and --man parse; an unknown shell is a usage error naming the shells")
    func parsing() throws {
        #expect(try ReviewParser.parse(["completion", "bash"], now: Self.now).command == .completion(.bash))
        #expect(try ReviewParser.parse(["--man"], now: Self.now).command == .manual)
        #expect(try ReviewParser.parse(["--utc", "--man", "--bogus"], now: Self.now).command == .manual)
        #expect(try ReviewParser.parse(["help", "completion"], now: Self.now).command == .help("completion"))
        #expect(!ReviewCommand.completion(.zsh).usesNetwork && !ReviewCommand.manual.usesNetwork)
        CommandInterfaceExpectations.expectUsageFailure(containing: "unknown shell 'ksh'", "bash, zsh, fish") {
            _ = try ReviewParser.parse(["completion", "ksh"], now: Self.now)
        }
        #expect(
            throws: CommandFailure.usage("missing arguments for completion; usage: review completion bash|zsh|fish")
        ) {
            try ReviewParser.parse(["completion"], now: Self.now)
        }
    }

    @Test("the built binary prints the completion scripts and the man page without a store; an unknown shell exits 64")
    func endToEnd() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("never.sqlite3").path
        try CommandInterfaceExpectations.expectBinaryPrints(
            tool: "review", completionScript: ReviewHelp.completionScript(for:), manPage: ReviewHelp.manPage,
            environment: ["REVIEW_DB": store])
        let unknown = try ProcessRunner.run("review", ["completion", "csh"], environment: ["REVIEW_DB": store])
        #expect(unknown.status == 64 && unknown.standardError.contains("unknown shell 'csh'"))
        #expect(!FileManager.default.fileExists(atPath: store))
    }
}
