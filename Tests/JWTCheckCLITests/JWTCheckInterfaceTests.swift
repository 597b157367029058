import CommandLineKit
import Foundation
import GatehouseTesting
import Testing

@testable import JWTCheckCLI

/// jwtcheck's help, man page and completion scripts are written from its declarations: every option of every
/// command must appear in each, the parser must accept every option declared, and the scripts must be valid.
@Suite("jwtcheck: help, man page and completions from the declarations")
struct JWTCheckInterfaceTests {
    static let commands = JWTCheckCommand.interface.walk(path: [])
    static let now: Int64 = 1_700_000_000

    func tool() -> JWTCheckTool {
        JWTCheckTool(environment: ToolEnvironment(now: { Self.now }, readStandardInput: { _ in [] }))
    }

    @Test("every option and subcommand of every command is in the --help the tool prints")
    func help() {
        CommandInterfaceExpectations.expectHelpOfEveryCommand(Self.commands, tool: "jwtcheck") { path in
            tool().run(path + ["--help"])
        }
    }

    @Test("the parser accepts every option declared, on every command")
    func parserAcceptsDeclaredOptions() {
        CommandInterfaceExpectations.expectParserAcceptsDeclaredOptions(of: Self.commands, unknown: "unknown") {
            arguments throws(CommandFailure) in _ = try JWTCheckTool.parse(arguments)
        }
    }

    @Test("the man page has a section for every command, listing each of its options and arguments")
    func manPage() {
        let page = JWTCheckCommand.help.manPage
        #expect(page.hasPrefix(".\\\" The manual page of jwtcheck"))
        #expect(page.contains("\n.TH JWTCHECK 1 \"\" \"Gatehouse \(GatehouseVersion.string)\" \"Gatehouse Manual\"\n"))
        #expect(page.contains("\n.SH NAME\njwtcheck \\- verify JSON Web Tokens the strict way"))
        for (path, command) in Self.commands {
            CommandInterfaceExpectations.expectManSection(
                Self.manSection(page, path: path), lists: command, of: "jwtcheck \(path)")
        }
        #expect(page.contains(".SS \"jwtcheck apple verify\"\n"))
        #expect(page.contains(".SS \"jwtcheck appstore verify\"\n"))
        #expect(page.contains(".SS \"jwtcheck appstore decode\"\n"))
    }

    /// The part of the man page about one command: from its `.SS` line to the next (the page's head for the tool).
    static func manSection(_ page: String, path: [String]) -> Substring {
        let start: String.Index
        if path.isEmpty {
            start = page.startIndex
        } else {
            let title = ManPage.escape((["jwtcheck"] + path).joined(separator: " "))
            guard let heading = page.range(of: ".SS \"\(title)\"\n") else { return "" }
            start = heading.upperBound
        }
        let end = page[start...].range(of: path.isEmpty ? "\n.SH COMMANDS\n" : "\n.SS ")?.lowerBound ?? page.endIndex
        return page[start..<end]
    }

    @Test("bash: every command's options, its subcommands, and file, directory and word completions for values")
    func bash() {
        let script = JWTCheckCommand.help.completionScript(for: .bash)
        #expect(script.hasSuffix("complete -F _jwtcheck jwtcheck\n"))
        for (path, command) in Self.commands {
            let key = path.joined(separator: " ")
            let line = script.split(separator: "\n").first { $0.hasPrefix("        '\(key)') mapfile") }
            let words =
                line.flatMap { $0.split(separator: "'", omittingEmptySubsequences: false).dropFirst(3).first }?.split(
                    separator: " ") ?? []
            for spelling in command.allOptions.flatMap(\.spellings) {
                #expect(words.contains(Substring(spelling)), "bash: jwtcheck \(key) \(spelling)")
            }
            if !command.subcommands.isEmpty {
                let names = command.subcommands.map(\.name).joined(separator: " ")
                #expect(script.contains("'\(key):0') mapfile -t COMPREPLY < <(compgen -W '\(names)'"), "\(key)")
            }
            for option in command.allOptions where option.takesValue {
                let pattern = "'\(key):\(option.longFlag)'"
                let arm = script.split(separator: "\n").first { $0.contains(pattern) && $0.contains("COMPREPLY") }
                switch option.completion {
                case .file: #expect(arm?.contains("compgen -f") == true, "\(pattern)")
                case .directory: #expect(arm?.contains("compgen -d") == true, "\(pattern)")
                case .choices(let choices): #expect(arm?.contains(choices.joined(separator: " ")) == true, "\(pattern)")
                case .none: #expect(arm == nil, "\(pattern)")
                }
            }
        }
    }

    @Test("zsh: a function per command whose _arguments name every option")
    func zsh() {
        let script = JWTCheckCommand.help.completionScript(for: .zsh)
        #expect(script.hasPrefix("#compdef jwtcheck\n"))
        for (path, command) in Self.commands {
            let name = (["_jwtcheck"] + path.map { $0.replacing("-", with: "_") }).joined(separator: "_")
            guard let start = script.range(of: "\n\(name)() {\n") else {
                Issue.record("zsh: no function \(name)")
                continue
            }
            let body = script[start.upperBound...].prefix { _ in true }
            let end = body.range(of: "\n}\n")?.lowerBound ?? body.endIndex
            let function = body[..<end]
            for option in command.allOptions {
                #expect(function.contains(option.longFlag), "zsh: \(name) lacks \(option.longFlag)")
            }
        }
        #expect(
            script.contains(
                "'--jwks=[The JWKS document holding the verification keys: a file, or an http(s) URL to fetch.]:file|url:_files'"
            ))
    }

    @Test("fish: a complete line for every option of every command, under that command's condition")
    func fish() {
        let script = JWTCheckCommand.help.completionScript(for: .fish)
        let lines = script.split(separator: "\n")
        for (path, command) in Self.commands {
            let condition = "-n '__fish_jwtcheck_using \"\(path.joined(separator: " "))\"'"
            for option in command.allOptions {
                #expect(
                    lines.contains { $0.contains(condition) && $0.contains(" -l \(option.name) ") },
                    "fish: jwtcheck \(path) --\(option.name)")
            }
        }
        #expect(script.contains("complete -c jwtcheck -n '__fish_jwtcheck_using \"token\"' -l jwks -r -F -d"))
    }

    @Test("each completion script is valid in its shell (bash -n, zsh -n, fish -n)", arguments: Shell.allCases)
    func syntax(shell: Shell) throws {
        try CommandInterfaceExpectations.expectValidSyntax(
            JWTCheckCommand.help.completionScript(for: shell), shell: shell)
    }

    @Test(
        "bash completes commands, options, words and files as typed",
        .enabled(if: ProcessRunner.installedProgram("bash") != nil, "bash is not installed"),
        arguments: [
            (["jwtcheck", "to"], ["token"]),
            (["jwtcheck", "apple", "ver"], ["verify"]),
            (["jwtcheck", "token", "--jw"], ["--jwks"]),
            (["jwtcheck", "token", "x", "--alg", "ES"], ["ES256", "ES384", "ES512"]),
            (["jwtcheck", "apple", "revoke", "t", "--hint=a"], ["access_token"]),
            (["jwtcheck", "completion", "z"], ["zsh"]),
            (["jwtcheck", "apple", "verify", "--client-id", "x", "--nonce-"], ["--nonce-sha256"]),
            (["jwtcheck", "apps"], ["appstore"]),
            (["jwtcheck", "appstore", "d"], ["decode"]),
            (["jwtcheck", "appstore", "verify", "x", "--environment", "S"], ["Sandbox"]),
            (["jwtcheck", "appstore", "verify", "x", "--kind", "app"], ["app-transaction"]),
            (["jwtcheck", "appstore", "decode", "x", "--ki"], ["--kind"]),
        ])
    func bashCompletes(words: [String], expected: [String]) throws {
        #expect(
            try ShellCompletionRunner.bashCandidates(JWTCheckCommand.help.completionScript(for: .bash), words)
                == expected)
    }

    @Test("bash offers files for --jwks and for keys FILE")
    func bashFiles() throws {
        let directory = try TemporaryDirectory()
        try Data("{}".utf8).write(to: directory.file("keys.json"))
        let script = JWTCheckCommand.help.completionScript(for: .bash)
        let prefix = directory.file("ke").path
        #expect(
            try ShellCompletionRunner.bashCandidates(script, ["jwtcheck", "token", "--jwks", prefix]) == [
                prefix + "ys.json"
            ])
        #expect(try ShellCompletionRunner.bashCandidates(script, ["jwtcheck", "keys", prefix]) == [prefix + "ys.json"])
    }

    @Test(
        "fish completes commands, options and words as typed",
        .enabled(if: ProcessRunner.installedProgram("fish") != nil, "fish is not installed"))
    func fishCompletes() throws {
        let script = JWTCheckCommand.help.completionScript(for: .fish)
        func complete(_ line: String) throws -> [String] { try ShellCompletionRunner.fishCandidates(script, line) }
        #expect(try complete("jwtcheck ap") == ["apple", "appstore"])
        #expect(try complete("jwtcheck apple client-secret --da") == ["--days"])
        #expect(try complete("jwtcheck apple revoke t --hint ") == ["access_token", "refresh_token"])
        #expect(try complete("jwtcheck completion ") == ["bash", "fish", "zsh"])
        #expect(try complete("jwtcheck appstore verify x --environment L") == ["LocalTesting"])
    }

    @Test("the man page renders without a warning (groff -ww)")
    func manPageRenders() throws {
        try CommandInterfaceExpectations.expectManPageRenders(JWTCheckCommand.help.manPage, fileName: "jwtcheck.1")
    }

    @Test(
        "man -l reads the man page", .enabled(if: ProcessRunner.installedProgram("man") != nil, "man is not installed"))
    func manReadsIt() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("jwtcheck.1")
        try JWTCheckCommand.help.manPage.write(to: file, atomically: true, encoding: .utf8)
        let rendered = try ProcessRunner.run(
            executableAt: ProcessRunner.installedProgram("man")!, ["-l", file.path], environment: ["MANWIDTH": "100"])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        #expect(rendered.standardOutput.contains("jwtcheck apple verify"))
        #expect(rendered.standardOutput.contains("jwtcheck appstore verify"))
        #expect(rendered.standardOutput.contains("EXIT STATUS"))
    }

    @Test("completion and --man parse; an unknown or missing shell is a usage error naming the shells")
    func parsing() throws {
        #expect(try JWTCheckTool.parse(["completion", "fish"]) == .run(CompletionCommand(shell: .fish)))
        #expect(try JWTCheckTool.parse(["--man"]) == .manual)
        #expect(try JWTCheckTool.parse(["completion", "--help"]) == .help(["jwtcheck", "completion"]))
        for (arguments, expected) in [
            (["completion", "tcsh"], "unknown shell 'tcsh'"), (["completion"], "needs SHELL (bash, zsh or fish)"),
        ] {
            CommandInterfaceExpectations.expectUsageFailure(containing: expected, "bash") {
                _ = try JWTCheckTool.parse(arguments)
            }
        }
    }

    @Test("the built binary prints the completion scripts and the man page; an unknown shell exits 64")
    func endToEnd() throws {
        try CommandInterfaceExpectations.expectBinaryPrints(
            tool: "jwtcheck", completionScript: JWTCheckCommand.help.completionScript(for:),
            manPage: JWTCheckCommand.help.manPage)
        let unknown = try ProcessRunner.run("jwtcheck", ["completion", "powershell"])
        #expect(unknown.status == 64 && unknown.standardOutput.isEmpty)
        #expect(
            unknown.standardError.contains("unknown shell 'powershell'")
                && unknown.standardError.contains("bash, zsh, fish"))
    }
}
