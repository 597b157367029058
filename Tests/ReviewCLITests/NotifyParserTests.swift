import CommandLineKit
import Foundation
import ReviewLog
import Testing

@testable import ReviewCLI

/// `review notify` and `import --notify` parsed in process: each action, its options, and the usage errors.
@Suite("review notify parsing")
struct NotifyParserTests {
    static let now = Timestamp(iso8601: "2026-01-10T12:00:00Z")!

    func command(_ arguments: [String]) throws -> ReviewCommand {
        try ReviewParser.parse(arguments, now: Self.now).command
    }

    func message(_ arguments: [String]) -> String? {
        do {
            _ = try ReviewParser.parse(arguments, now: Self.now)
            return nil
        } catch {
            #expect(error.status == .usage)
            return error.message
        }
    }

    @Test("notify add takes a kind, a URL, a secret file, repeated apps and a list of states in any spelling")
    func add() throws {
        #expect(
            try command([
                "notify", "add", "Webhook", "https://example.com/h", "--secret-file", "s.txt", "--app", "Fokus",
                "--app", "Ledger", "--states", "in-review,REJECTED,Ready for Distribution", "--json",
            ])
                == .notify(
                    .add(
                        NotificationChannel(
                            kind: .webhook, url: "https://example.com/h", secretFile: "s.txt",
                            apps: ["Fokus", "Ledger"], states: [.inReview, .rejected, .readyForDistribution]))))
        #expect(
            try command(["notify", "add", "slack", "https://hooks.slack.com/services/x"])
                == .notify(.add(NotificationChannel(kind: .slack, url: "https://hooks.slack.com/services/x"))))
        #expect(try command(["notify", "list"]) == .notify(.list))
        #expect(try command(["notify", "remove", "3"]) == .notify(.remove(3)))
        #expect(try command(["notify", "test", "2"]) == .notify(.test(2)))
        #expect(try command(["notify", "flush"]) == .notify(.flush))
        #expect(try command(["import", "f.json", "--notify"]) == .importFile("f.json", notify: true))
        #expect(try command(["import", "f.json"]) == .importFile("f.json", notify: false))
    }

    @Test("only notify add creates a store; test and flush run asynchronously, add, list and remove do not")
    func kinds() throws {
        #expect(try command(["notify", "add", "teams", "https://x.example/w"]).createsStore)
        #expect(try !command(["notify", "list"]).createsStore)
        #expect(try command(["notify", "flush"]).usesNetwork && command(["notify", "test", "1"]).usesNetwork)
        #expect(try !command(["notify", "remove", "1"]).usesNetwork && !command(["notify", "list"]).usesNetwork)
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
            (["notify", "flush", "now"], "takes no arguments"),
        ])
    func usage(arguments: [String], expected: String) {
        let text = message(arguments)
        #expect(text?.contains(expected) == true, "\(arguments): \(text ?? "parsed")")
    }
}
