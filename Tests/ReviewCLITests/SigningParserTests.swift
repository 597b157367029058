import CommandLineKit
import Foundation
import ReviewLog
import Testing

@testable import ReviewCLI

/// `review signing` parsed in process (issue 22): each action, its options, the default action, and the usage
/// errors.
@Suite("review signing parsing")
struct SigningParserTests {
    func command(_ arguments: [String]) throws -> any ReviewSubcommand {
        try #require(try ReviewParsing.command(arguments))
    }

    func parse(_ arguments: [String]) throws -> CommandRequest<ReviewEnvironment> {
        try ReviewParsing.parse(arguments)
    }

    func message(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            _ = try ReviewParsing.parse(arguments)
            return nil
        } catch {
            #expect(error.status == .usage, sourceLocation: sourceLocation)
            return error.message
        }
    }

    @Test("signing alone is signing list; list's options before or after its name; add, remove and alerts")
    func actions() throws {
        #expect(try parse(["signing"]) == .run(SigningListCommand()))
        #expect(try parse(["signing", "list"]) == .run(SigningListCommand()))
        #expect(
            try parse(["signing", "--expiring", "14", "--json"]) == .run(SigningListCommand(expiring: 14, json: true)))
        #expect(
            try parse(["signing", "list", "--all", "--expiring=0"]) == .run(SigningListCommand(expiring: 0, all: true)))
        #expect(
            try parse(["--db", "/s.sqlite3", "signing", "--all"])
                == .run(SigningListCommand(all: true, global: GlobalOptions(database: "/s.sqlite3"))))
        #expect(
            try parse(["signing", "add", "App.mobileprovision", "--name", "App Store"])
                == .run(SigningAddCommand(path: "App.mobileprovision", name: "App Store")))
        #expect(try parse(["signing", "--json", "add", "s.txt"]) == .run(SigningAddCommand(path: "s.txt", json: true)))
        #expect(try parse(["signing", "remove", "12", "--json"]) == .run(SigningRemoveCommand(id: 12, json: true)))
        #expect(try parse(["signing", "alerts"]) == .run(SigningAlertsCommand()))
        #expect(
            try parse(["signing", "alerts", "--days", "30,14,7,1"]) == .run(SigningAlertsCommand(days: [30, 14, 7, 1])))
        #expect(
            try parse(["signing", "alerts", "--days=5", "--json"]) == .run(SigningAlertsCommand(days: [5], json: true)))
    }

    @Test("only signing add creates a store; none of them talks to the network")
    func kinds() throws {
        #expect(try ReviewParsing.createsStore(command(["signing", "add", "f"])))
        for arguments in [["signing"], ["signing", "remove", "1"], ["signing", "alerts", "--days", "7"]] {
            #expect(try !ReviewParsing.createsStore(command(arguments)), "\(arguments)")
            #expect(try !ReviewParsing.usesNetwork(command(arguments)), "\(arguments)")
        }
        #expect(try !ReviewParsing.usesNetwork(command(["signing", "add", "f"])))
    }

    @Test("usage errors name what is wrong and the fix")
    func refusals() {
        let cases: [([String], String)] = [
            (["signing", "add"], "signing add takes one file; usage: review signing add <path>"),
            (["signing", "add", "a", "b"], "signing add takes one file"),
            (["signing", "add", ""], "signing add needs a non-empty path"),
            (["signing", "add", "f", "--name", ""], "--name needs a non-empty name"),
            (["signing", "add", "f", "--name", " Web"], "--name: the name \" Web\" has leading or trailing spaces"),
            (["signing", "--all", "add", "f"], "--expiring and --all belong to signing list"),
            (["signing", "add", "f", "--expiring", "3"], "--expiring and --all belong to signing list"),
            (["signing", "remove"], "signing remove takes one item id"),
            (["signing", "remove", "0"], "the signing item id \"0\" is not a positive integer"),
            (["signing", "remove", "1", "--all"], "--expiring and --all belong to signing list"),
            (["signing", "alerts", "30"], "signing alerts takes no arguments (set the days with --days 30,14,7,1)"),
            (["signing", "alerts", "--days", "30,x"], "--days takes whole days from 1 to 365"),
            (["signing", "list", "old"], "signing list takes no arguments"),
            (["signing", "--expiring", "two"], "--expiring takes a whole number of days, such as 30, not 'two'"),
            (["signing", "add", "f", "--days", "7"], "unknown option --days"),
            (["signing", "renove", "1"], "unknown signing action \"renove\"; did you mean remove?"),
        ]
        for (arguments, fragment) in cases {
            let text = message(arguments)
            #expect(text?.contains(fragment) == true, "\(arguments): \(text ?? "accepted")")
        }
    }
}
