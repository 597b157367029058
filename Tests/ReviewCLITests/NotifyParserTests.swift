import CommandLineKit
import Foundation
import ReviewLog
import Testing

@testable import ReviewCLI

/// `review notify` and `import --notify` parsed in process: each action, its options, and the usage errors.
@Suite("review notify parsing")
struct NotifyParserTests {
    static let now = Timestamp(iso8601: "2026-01-10T12:00:00Z")!

    func command(_ arguments: [String]) throws -> any ReviewSubcommand {
        try #require(try ReviewParsing.command(arguments))
    }

    func parse(_ arguments: [String]) throws -> CommandRequest<ReviewEnvironment> {
        try ReviewParsing.parse(arguments)
    }

    func message(_ arguments: [String]) -> String? {
        do {
            _ = try ReviewParsing.parse(arguments)
            return nil
        } catch {
            #expect(error.status == .usage)
            return error.message
        }
    }

    @Test("notify add takes a kind, a URL, a secret file, repeated apps and a list of states in any spelling")
    func add() throws {
        #expect(
            try parse([
                "notify", "add", "Webhook", "https://example.com/h", "--secret-file", "s.txt", "--app", "Fokus",
                "--app", "Ledger", "--states", "in-review,REJECTED,Ready for Distribution", "--json",
            ])
                == .run(
                    NotifyAddCommand(
                        NotificationChannel(
                            kind: .webhook, url: "https://example.com/h", secretFile: "s.txt",
                            apps: ["Fokus", "Ledger"], states: [.inReview, .rejected, .readyForDistribution]),
                        json: true)))
        #expect(
            try parse(["notify", "add", "slack", "https://hooks.slack.com/services/x"])
                == .run(NotifyAddCommand(NotificationChannel(kind: .slack, url: "https://hooks.slack.com/services/x"))))
        #expect(
            try parse(["notify", "add", "teams", "https://x.example/w", "--no-signing"])
                == .run(
                    NotifyAddCommand(
                        NotificationChannel(kind: .teams, url: "https://x.example/w", takesSigningAlerts: false))))
        #expect(try parse(["notify", "list"]) == .run(NotifyListCommand()))
        #expect(try parse(["notify", "remove", "3"]) == .run(NotifyRemoveCommand(id: 3)))
        #expect(try parse(["notify", "test", "2"]) == .run(NotifyTestCommand(id: 2)))
        #expect(try parse(["notify", "flush"]) == .run(NotifyFlushCommand()))
        #expect(try parse(["import", "f.json", "--notify"]) == .run(ImportCommand(file: "f.json", notify: true)))
        #expect(try parse(["import", "f.json"]) == .run(ImportCommand(file: "f.json", notify: false)))
    }

    @Test("only notify add creates a store; test and flush run asynchronously, add, list and remove do not")
    func kinds() throws {
        #expect(try ReviewParsing.createsStore(command(["notify", "add", "teams", "https://x.example/w"])))
        #expect(try !ReviewParsing.createsStore(command(["notify", "list"])))
        #expect(
            try ReviewParsing.usesNetwork(command(["notify", "flush"]))
                && ReviewParsing.usesNetwork(command(["notify", "test", "1"])))
        #expect(
            try !ReviewParsing.usesNetwork(command(["notify", "remove", "1"]))
                && !ReviewParsing.usesNetwork(command(["notify", "list"])))
    }

    @Test(
        "usage errors name the fix",
        arguments: [
            (["notify"], "notify needs an action"),
            (["notify", "ad"], "did you mean add?"),
            (["notify", "add", "slak", "https://x"], "did you mean slack?"),
            (["notify", "add", "slack"], "takes a kind and a URL"),
            (["notify", "add", "slack", "https://x", "--secret-file", "f"], "generic webhooks only"),
            (["notify", "add", "webhook", "https://x", "--states", "in-review,,rejected"], "separated by commas"),
            (["notify", "add", "webhook", "https://x", "--states", "in-reveiw"], "did you mean in-review"),
            (["notify", "remove"], "takes one channel ID"),
            (["notify", "test", "x"], "is not a positive integer"),
            (["notify", "list", "--app", "Fokus"], "belong to notify add"),
            (["notify", "list", "--no-signing"], "belong to notify add"),
            (["notify", "flush", "now"], "takes no arguments"),
        ])
    func usage(arguments: [String], expected: String) {
        let text = message(arguments)
        #expect(text?.contains(expected) == true, "\(arguments): \(text ?? "parsed")")
    }
}
