import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

@Suite("review parsing")
struct ParserTests {
    static let now = Timestamp(iso8601: "2026-01-10T12:00:00Z")!

    func parse(_ arguments: [String]) throws -> CommandRequest<ReviewEnvironment> {
        try ReviewParsing.parse(arguments)
    }

    func global(_ arguments: [String]) throws -> GlobalOptions? {
        try ReviewParsing.global(arguments)
    }

    /// The failure of a command line, parsed or, when it parses, run in process (a time read against the clock,
    /// `--since` after `--until`, is checked when the command runs, before its store is opened): its status and
    /// message; nil when it succeeds. No store is opened.
    func failure(_ arguments: [String]) -> CommandFailure? {
        do {
            _ = try ReviewParsing.parse(arguments)
        } catch {
            return error
        }
        let output = ReviewCLI.main(
            arguments: arguments,
            environment: ReviewEnvironment(
                now: Self.now, variables: ["REVIEW_DB": "/nonexistent/review.sqlite3"],
                openStore: { _ in throw CocoaError(.fileNoSuchFile) }))
        guard output.status != .success else { return nil }
        let prefix = "review: "
        let message =
            output.standardError.hasPrefix(prefix)
            ? String(output.standardError.dropFirst(prefix.count).dropLast()) : output.standardError
        return CommandFailure(output.status, message)
    }

    @Test("log takes the app, the state and its options; platform iOS and time now by default")
    func log() throws {
        let request = try parse(["log", "PriLingo", "Waiting for Review", "--version", "1.0"])
        #expect(request == .run(LogCommand(app: "PriLingo", state: .waitingForReview, version: "1.0")))
        let log = try #require(request.command as? LogCommand)
        #expect(log.platform == nil)  // not given: the app's own platform, iOS for a new app
        #expect(
            try log.request(now: Self.now)
                == LogRequest(app: "PriLingo", platform: .iOS, version: "1.0", state: .waitingForReview, at: Self.now))
        let full = try parse([
            "log", "PriLingo", "in-review", "--version=1.1", "--build", "42", "--platform", "macos", "--at",
            "-3h", "--note", "hello",
        ])
        #expect(
            full
                == .run(
                    LogCommand(
                        app: "PriLingo", state: .inReview, version: "1.1", build: "42", platform: .macOS, at: "-3h",
                        note: "hello")))
        #expect(
            try (full.command as? LogCommand)?.request(now: Self.now)
                == LogRequest(
                    app: "PriLingo", platform: .macOS, version: "1.1", build: "42", state: .inReview,
                    at: Timestamp(secondsSince1970: Self.now.secondsSince1970 - 10_800), note: "hello"))
    }

    @Test("--db and --utc go before or after the subcommand")
    func globalOptions() throws {
        #expect(try global(["--db", "/tmp/a", "status"])?.database == "/tmp/a")
        #expect(try global(["--db=/tmp/a", "status"])?.database == "/tmp/a")
        #expect(try global(["status", "--db", "/tmp/b", "--json"])?.database == "/tmp/b")
        #expect(try (parse(["status", "--db", "/tmp/b", "--json"]).command as? StatusCommand)?.json == true)
        #expect(try global(["--utc", "timeline", "A"])?.utc == true)
        #expect(try global(["timeline", "A", "--utc"])?.utc == true)
        #expect(
            failure(["--db", "/a", "status", "--db", "/b"])?.message.contains("--db was given more than once") == true)
    }

    @Test("help and version")
    func help() throws {
        #expect(try parse(["--help"]) == .help(["review"]))
        #expect(try parse(["-h"]) == .help(["review"]))
        #expect(try parse(["--version"]) == .version)
        #expect(try parse(["help", "stats"]) == .run(HelpCommand(topic: "stats")))
        for command in ReviewCommand.commandNames {
            #expect(try parse([command, "--help"]) == .help(["review", command]), "\(command)")
            let text = try #require(ReviewCommand.help.text(for: [command]))
            #expect(text.contains("USAGE: review \(command)") && text.contains("OPTIONS:"), "\(command)")
        }
    }

    @Test(
        "usage errors name the cause",
        arguments: [
            (["tiemline", "A"], "unknown command \"tiemline\"; did you mean timeline?"),
            ([], "no command given"),
            (
                ["log", "A", "waiting-for-reveiw"],
                "unknown state \"waiting-for-reveiw\"; did you mean waiting-for-review"
            ),
            (["log", "A", "Waiting For Reveiw"], "did you mean waiting-for-review (WAITING_FOR_REVIEW)"),
            (["log", "A", "zzz"], "unknown state \"zzz\""),
            (["log", "A", "in-review", "--at", "yesterday"], "cannot read the time \"yesterday\""),
            (["log", "A", "in-review", "--platform", "ios7"], "unknown platform \"ios7\""),
            (["log", "A"], "missing arguments for log"),
            (["log", "A", "in-review", "--verison", "1"], "unknown option --verison; did you mean --version?"),
            (["--verbose", "status"], "unknown option --verbose"),
            (["status", "A", "B"], "too many arguments for status"),
            (["stats", "--since", "2025-02-01", "--until", "2025-01-01"], "must be after --since"),
            (["export", "--format", "xml"], "unknown export format \"xml\""),
            (["delete", "3"], "add --yes to confirm"),
            (["delete", "three", "--yes"], "event id \"three\" is not a positive integer"),
            (["status", "--db", ""], "--db needs a non-empty path"),
            (["help", "nope"], "unknown command \"nope\""),
        ])
    func usageErrors(arguments: [String], expected: String) {
        let failure = failure(arguments)
        #expect(failure?.status == .usage, "\(arguments)")
        #expect(failure?.message.contains(expected) == true, "\(failure?.message ?? "no failure")")
    }

    @Test("every state spelling works on the command line", arguments: ReviewState.allCases)
    func stateSpellings(state: ReviewState) throws {
        for spelling in [state.apiString, state.displayName, state.kebabAlias, state.displayName.uppercased()] {
            #expect(try ReviewOptions.parseState(spelling) == state, "\(spelling)")
        }
    }

    @Test("runs in process against a temporary store with a pinned clock")
    func inProcess() throws {
        let directory = try TemporaryDirectory()
        let environment = ReviewEnvironment(
            now: Self.now, variables: ["REVIEW_DB": directory.file("r.sqlite3").path])
        let logged = ReviewCLI.main(
            arguments: ["log", "A", "waiting-for-review", "--version", "1", "--at", "-2d"], environment: environment)
        #expect(logged.status == .success && logged.standardOutput.contains("Logged event 1: A 1 (iOS)"))
        let status = ReviewCLI.main(arguments: ["status", "--json"], environment: environment)
        #expect(
            status.standardOutput.hasPrefix(
                "{\"versions\": [{\"app\": \"A\", \"platform\": \"iOS\", \"version\": \"1\", \"build\": null, "
                    + "\"state\": \"WAITING_FOR_REVIEW\", \"name\": \"Waiting for Review\", \"since\": "
                    + "\"2026-01-08T12:00:00Z\", \"seconds\": 172800, \"precision\": \"exact\", \"open\": true, "
                    + "\"comparison\": {\"elapsedSeconds\": 172800,"))
        #expect(status.standardOutput.hasSuffix("], \"notShown\": 0}\n"))
        let missing = ReviewCLI.main(arguments: ["stats", "B"], environment: environment)
        #expect(missing.status == .negative && missing.standardError.contains("no app named \"B\""))
    }

    @Test("run synchronously, a command that needs the network answers 69 and opens no store; perform runs it")
    func networkCommandsRunAsynchronously() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("r.sqlite3").path
        let environment = ReviewEnvironment(now: Self.now, variables: ["REVIEW_DB": path])
        for arguments in [
            ["sync"], ["watch"], ["serve"], ["auth", "check"], ["notify", "flush"], ["webhook", "list"],
        ] {
            let output = ReviewCLI.main(arguments: arguments, environment: environment)
            #expect(output.status == .unavailable && output.standardError.contains("perform(in:)"), "\(arguments)")
            #expect(try ReviewParsing.command(arguments).map(ReviewParsing.usesNetwork) == true, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("the default store path follows REVIEW_DB, XDG_DATA_HOME, then HOME")
    func defaultPath() throws {
        func path(_ variables: [String: String], option: String? = nil) throws -> String {
            try ReviewEnvironment(now: Self.now, variables: variables).databasePath(option: option)
        }
        #expect(try path(["HOME": "/home/u"]) == "/home/u/.local/share/gatehouse/review.sqlite3")
        #expect(try path(["HOME": "/home/u", "XDG_DATA_HOME": "/data"]) == "/data/gatehouse/review.sqlite3")
        #expect(
            try path(["HOME": "/home/u", "XDG_DATA_HOME": "relative"])
                == "/home/u/.local/share/gatehouse/review.sqlite3")
        #expect(try path(["HOME": "/home/u", "REVIEW_DB": "/x.sqlite3"]) == "/x.sqlite3")
        #expect(try path(["REVIEW_DB": "/x.sqlite3"], option: "/y.sqlite3") == "/y.sqlite3")
        #expect {
            try path([:])
        } throws: { error in
            (error as? CommandFailure)?.status == .ioError && "\(error)".contains("--db")
        }
    }
}
