import GatehouseTesting
import Testing

@testable import CommandLineKit

@Suite("ArgumentScanner")
struct ArgumentScannerTests {
    let options: [OptionSpec] = [.value("jwks"), .value("aud", repeatable: true), .flag("json")]

    @Test("reads --name value, --name=value, flags, positionals and repeatable options")
    func readsEveryForm() throws {
        let scanned = try ArgumentScanner.scan(
            ["tok", "--jwks", "k.json", "--aud=a", "--aud", "b", "--json"], options: options)
        #expect(scanned.positionals == ["tok"])
        #expect(scanned.value("jwks") == "k.json")
        #expect(scanned.allValues("aud") == ["a", "b"])
        #expect(scanned.has("json"))
    }

    @Test("- is positional and everything after -- is positional")
    func dashAndDoubleDash() throws {
        let scanned = try ArgumentScanner.scan(["-", "--", "--json", "-x"], options: options)
        #expect(scanned.positionals == ["-", "--json", "-x"])
        #expect(!scanned.has("json"))
    }

    @Test("an argument is taken exactly: a value may start with a dash or be empty")
    func valuesTakenExactly() throws {
        let scanned = try ArgumentScanner.scan(["--jwks", "-weird", "--aud="], options: options)
        #expect(scanned.value("jwks") == "-weird")
        #expect(scanned.allValues("aud") == [""])
    }

    @Test("an unknown option is a usage error that suggests the closest")
    func unknownOption() {
        CommandInterfaceExpectations.expectUsageFailure(containing: "--jwk", "did you mean --jwks") {
            _ = try ArgumentScanner.scan(["--jwk", "x"], options: options)
        }
    }

    @Test(
        "malformed option use is a usage error naming the option",
        arguments: [
            (["--jwks"], "--jwks needs a value"),
            (["--json=yes"], "--json is a flag"),
            (["--jwks", "a", "--jwks", "b"], "--jwks was given more than once"),
            (["-q"], "unknown option -q"),
        ])
    func malformedUse(arguments: [String], expected: String) {
        CommandInterfaceExpectations.expectUsageFailure(containing: expected) {
            _ = try ArgumentScanner.scan(arguments, options: options)
        }
    }

    @Test("-h and --help are always accepted")
    func help() throws {
        #expect(try ArgumentScanner.scan(["-h"], options: []).has("help"))
        #expect(try ArgumentScanner.scan(["--help"], options: []).has("help"))
    }

    @Test("suggestions need to be close")
    func suggestions() {
        #expect(
            Suggestion.closest(to: "WAITING-FOR-REVEIW", among: ["waiting-for-review", "in-review"])
                == "waiting-for-review")
        #expect(Suggestion.closest(to: "zzz", among: ["waiting-for-review", "in-review"]) == nil)
    }
}

@Suite("ArgumentScanner: options before a subcommand")
struct LeadingOptionsTests {
    let options: [OptionSpec] = [.value("db"), .flag("utc"), .flag("version"), .help]

    func scan(_ arguments: [String]) throws -> (ScannedArguments, [String]) {
        let result = try ArgumentScanner.scanLeadingOptions(
            arguments, options: options, stopFlags: ["help", "version"], unknownOptionHint: " (hint)")
        return (result.scanned, result.remainder)
    }

    @Test("stops at the first positional argument (- included) and leaves the rest unread")
    func stopsAtSubcommand() throws {
        let (scanned, rest) = try scan(["--db=a", "--utc", "status", "--bogus"])
        #expect(scanned.value("db") == "a" && scanned.has("utc"))
        #expect(rest == ["status", "--bogus"])
        #expect(try scan(["-", "x"]).1 == ["-", "x"])
        #expect(try scan(["--", "--utc"]).1 == ["--utc"])
    }

    @Test("a stop flag ends the scan: what follows is not read")
    func stopFlags() throws {
        let (scanned, rest) = try scan(["--version", "--bogus"])
        #expect(scanned.has("version"))
        #expect(rest == ["--bogus"])
        #expect(try scan(["-h", "--bogus"]).0.has("help"))
    }

    @Test("an unknown option is a usage error with the suggestion and the hint")
    func unknown() {
        #expect(throws: CommandFailure.usage("unknown option --ut; did you mean --utc? (hint)")) {
            try scan(["--ut", "status"])
        }
    }
}
