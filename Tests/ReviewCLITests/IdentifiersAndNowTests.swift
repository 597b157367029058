import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// Daily-use issue, item 9: `log --bundle-id --app-store-id` set an app's identifiers.
@Suite("log --bundle-id and --app-store-id")
struct LogIdentifierTests {
    @Test("set on a new or existing app, shown by log and kept by export; the same value again is fine")
    func sets() throws {
        let review = try InProcessReview()
        var output = review.ok([
            "log", "Fokus", "waiting-for-review", "--version", "2.3", "--at", "-2d", "--bundle-id",
            "com.example.fokus",
        ])
        #expect(output.contains("Fokus: bundle ID com.example.fokus, App Store ID unknown\n"), "\(output)")
        output = review.ok(["log", "fokus", "in-review", "--at", "-1d", "--app-store-id", "id1234567890"])
        #expect(output.contains("Fokus: bundle ID com.example.fokus, App Store ID 1234567890\n"), "\(output)")
        output = review.ok([
            "log", "Fokus", "pending-developer-release", "--at", "-1h", "--bundle-id", "com.example.fokus",
            "--app-store-id",
            "1234567890",
        ])
        #expect(output.contains("App Store ID 1234567890"))
        // Without the options, log says nothing about them.
        #expect(!review.ok(["log", "Fokus", "ready-for-distribution", "--at", "-1m"]).contains("bundle ID"))
        let events = try #require(try jsonObject(review.ok(["export"]))["events"] as? [[String: Any]])
        #expect(events.count == 4)
        #expect(events.allSatisfy { $0["bundleId"] as? String == "com.example.fokus" })
        #expect(events.allSatisfy { $0["appStoreId"] as? String == "1234567890" })
    }

    @Test("a different value than the app's is refused (64) naming both, and nothing is recorded")
    func conflicting() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1", "--at", "-2d", "--bundle-id", "com.a"])
        var output = review(["log", "Fokus", "in-review", "--at", "-1d", "--bundle-id", "com.b"])
        #expect(output.status == .usage)
        #expect(
            output.standardError.contains("Fokus already has the bundle ID com.a, not com.b")
                && output.standardError.contains("--bundle-id"), "\(output.standardError)")
        _ = review.ok(["log", "Fokus", "in-review", "--at", "-1d", "--app-store-id", "111"])
        output = review(["log", "Fokus", "pending-developer-release", "--at", "-1h", "--app-store-id", "222"])
        #expect(output.status == .usage && output.standardError.contains("App Store ID 111, not 222"))
        let events = try #require(try jsonObject(review.ok(["export"]))["events"] as? [[String: Any]])
        #expect(events.count == 2)
    }

    @Test("a value another app holds is refused (64) naming that app")
    func heldByAnother() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1", "--at", "-2d", "--bundle-id", "com.a"])
        let output = review([
            "log", "Lumen", "waiting-for-review", "--version", "1", "--at", "-2d", "--bundle-id", "com.a",
        ])
        #expect(output.status == .usage)
        #expect(output.standardError.contains("com.a belongs to Fokus, not Lumen"), "\(output.standardError)")
        // Refused in the same transaction as the event: Lumen was not created.
        #expect(review(["status", "Lumen"]).status == .negative)
    }

    @Test(
        "values that are not identifiers are usage errors naming the value",
        arguments: [
            (["--bundle-id", "com example"], "\"com example\" is not a bundle ID"),
            (["--bundle-id", ""], "\"\" is not a bundle ID"),
            (["--app-store-id", "12a"], "\"12a\" is not an App Store ID"),
            (["--app-store-id", "id"], "\"id\" is not an App Store ID"),
            // A digit with a combining mark is one Character between "0" and "9", but no digit.
            (["--app-store-id", "12\u{0301}3"], "is not an App Store ID"),
            (["--app-store-id", String(repeating: "9", count: 21)], "is not an App Store ID"),
        ])
    func malformed(options: [String], expected: String) throws {
        let review = try InProcessReview()
        let output = review(["log", "Fokus", "waiting-for-review", "--version", "1"] + options)
        #expect(output.status == .usage)
        #expect(output.standardError.contains(expected), "\(output.standardError)")
    }
}

/// Daily-use issue, item 11: a global `--now TIME`, resolved once.
@Suite("review --now")
struct NowOptionTests {
    @Test("log without --at records at --now; status measures from it; before or after the command")
    func pinsNow() throws {
        let review = try InProcessReview()
        // The environment's clock says 2025-07-15; --now says otherwise, and wins.
        var object = try jsonObject(
            review.ok([
                "--now", "2025-03-01T09:00:00Z", "log", "Fokus", "waiting-for-review", "--version", "1", "--json",
            ]))
        #expect((object["event"] as? [String: Any])?["at"] as? String == "2025-03-01T09:00:00Z")
        object = try jsonObject(review.ok(["status", "--json", "--now", "2025-03-02T10:00:00Z"]))
        let versions = try #require(object["versions"] as? [[String: Any]])
        #expect(versions.first?["seconds"] as? Int == 90_000)
        // Relative times and the future check count from --now.
        object = try jsonObject(
            review.ok(["log", "Fokus", "in-review", "--at", "-1h", "--now", "2025-03-02T10:00:00Z", "--json"]))
        #expect((object["event"] as? [String: Any])?["at"] as? String == "2025-03-02T09:00:00Z")
        let ahead = review([
            "log", "Fokus", "rejected", "--at", "2025-03-03T10:00:00Z", "--now", "2025-03-02T10:00:00Z",
        ])
        #expect(ahead.status == .usage && ahead.standardError.contains("--allow-future"))
    }

    @Test("the same command with the same --now prints the same bytes, whatever the clock says")
    func reproducible() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1", "--at", "2025-03-01T09:00:00Z"])
        let arguments = ["timeline", "Fokus", "--utc", "--now", "2025-03-04T09:00:00Z"]
        let first = review(arguments, now: Timestamp(secondsSince1970: 1_800_000_000))
        let second = review(arguments, now: Timestamp(secondsSince1970: 1_900_000_000))
        #expect(first.status == .success && first == second)
        #expect(first.standardOutput.contains("3d 0h since submission"), "\(first.standardOutput)")
    }

    @Test("Unix seconds, a date and a relative time are read; once only; a bad one is 64 naming it")
    func forms() throws {
        let now = InProcessReview.now
        #expect(try ReviewParsing.now(["--now", "1741000000", "status"], now: now)?.secondsSince1970 == 1_741_000_000)
        #expect(
            try ReviewParsing.now(["status", "--now=-1d"], now: now)?.secondsSince1970
                == now.secondsSince1970 - 86_400)
        #expect(
            try ReviewParsing.now(["--now", "2025-06", "export"], now: now)?.secondsSince1970
                == TimeParser.parse("2025-06-01", now: 0))
        #expect(try ReviewParsing.now(["status"], now: now) == nil)
        #expect(throws: CommandFailure.usage("option --now was given more than once")) {
            try ReviewParsing.parse(["--now", "-1d", "status", "--now", "-2d"])
        }
        let review = try InProcessReview()
        let output = review(["--now", "yesterday", "status"])
        #expect(output.status == .usage && output.standardError.contains("\"yesterday\""))
    }

    @Test("every command accepts --now before it, and every command that reads the clock after it too")
    func everyCommand() throws {
        for (path, command) in ReviewCommand.interface.walk(path: [])
        where !path.isEmpty && path != ["completion"] && path != ["help"] {
            #expect(command.globalOptions.contains { $0.name == "now" }, "\(path)")
        }
        #expect(try ReviewParsing.now(["--now", "-1d", "completion", "bash"], now: InProcessReview.now) != nil)
        #expect(try ReviewParsing.now(["auth", "list", "--now", "-1d"], now: InProcessReview.now) != nil)
    }
}

/// Daily-use issue, item 11: a bare JSON array imports, and no import error shows Swift's internals.
@Suite("import: a bare array, and messages in the user's words")
struct ImportMessageTests {
    static let event = #"{"app": "Fokus", "version": "1", "state": "IN_REVIEW", "at": "2025-03-01T09:00:00Z"}"#

    @Test("a bare array of export event objects imports like {\"events\": [...]}, from a file or standard input")
    func bareArray() throws {
        let review = try InProcessReview()
        let path = try review.file("events.json", "[\(Self.event)]")
        #expect(review.ok(["import", path]) == "Imported 1 events from \(path) (0 already present).\n")
        // Without the .json extension, the leading [ says JSON.
        let bare = try review.file("events.txt", "\n  [\(Self.event)]")
        #expect(review.ok(["import", bare]).contains("(1 already present)"))
        #expect(InterchangeFormat.detect(path: "-", bytes: Array(" [".utf8)) == .json)
        #expect(review.ok(["import", try review.file("empty.json", "[]")]).contains("Imported 0 events"))
    }

    @Test(
        "each malformed JSON import is 65, names the file, the event and the member, and shows no Swift internals",
        arguments: [
            ("[1]", "event 1 ([0]): the event is not an object"),
            ("[{\"app\": \"A\", \"version\": 1}]", "event 1 ([0]): \"version\" is not a string"),
            ("[{\"version\": \"1\"}]", "event 1 ([0]): lacks the member \"app\""),
            ("{\"events\": {}}", "\"events\" is not an array"),
            ("{\"events\": [null]}", "event 1 (events[0]): the event is null where an object is needed"),
            ("{\"events\": [{\"app\": null}]}", "\"app\" is null where a string is needed"),
            (
                "{\"events\": [\(event.dropLast()), \"id\": \"5\"}]}",
                "event 1 (events[0]): \"id\" is not a whole number"
            ),
            (
                "{\"events\": [\(event.dropLast()), \"id\": 1.5}]}",
                "event 1 (events[0]): id \"1.5\" is not a positive integer"
            ),
            (
                "{\"events\": [\(event.dropLast()), \"id\": 1e20}]}",
                "id \"1e20\" is above the largest id an import accepts"
            ),
            ("{}", "lacks the member \"events\""),
            ("\"x\"", "is neither a JSON object nor an array"),
            ("null", "is neither a JSON object nor an array"),
            ("42", "is neither a JSON object nor an array"),
            ("[", "is not valid JSON"),
            ("{\"events\": [,]}", "is not valid JSON"),
            ("  \n", "is empty"),
        ])
    func malformed(text: String, expected: String) throws {
        let review = try InProcessReview()
        let path = try review.file("bad.json", text)
        let output = review(["import", path])
        #expect(output.status == .dataError, "\(text)")
        #expect(output.standardError.contains("\(path)"), "\(text): \(output.standardError)")
        #expect(output.standardError.contains(expected), "\(text): \(output.standardError)")
        if !expected.hasPrefix("id ") && !expected.contains(": id ") {
            #expect(output.standardError.contains("or a bare array [EVENT, ...]"), "\(text)")
        }
        Self.expectNoInternals(output.standardError, text)
        #expect(!FileManager.default.fileExists(atPath: review.path), "a bad file must not create a store")
    }

    static func expectNoInternals(
        _ message: String, _ input: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for leaked in [
            "CodingKeys", "Dictionary<", "Array<", "Expected to decode", "DecodingError", "intValue", "Swift",
            "Int64", "Double", "debugDescription", "Optional(", "Error(", "NSError", "Foundation",
        ] {
            #expect(!message.contains(leaked), "\(input): \(leaked) in \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "every other import failure names the file and the fix, with its status, and no Swift internals",
        arguments: [
            (
                "a.csv", Array("id,app,version,state,at\nx,A,1,IN_REVIEW,2020-03-15T01:00:00Z\n".utf8), 65,
                "line 2: id \"x\" is not a positive integer"
            ),
            ("b.csv", [0x61, 0xFF, 0x0A], 65, "is not UTF-8 text; save it as UTF-8"),
            (
                "c.csv", Array("app,version,state,at\nA,1,IN_REVIEW,2020-03-15T01:00:00Z,\n".utf8), 65,
                "line 2: 5 fields"
            ),
            (
                "d.csv", Array("app,version,state,at\n\"A\"x,1,IN_REVIEW,2020-03-15T01:00:00Z\n".utf8), 65,
                "closing quote"
            ),
            ("e.csv", Array("app,version,state\nA,1,IN_REVIEW\n".utf8), 65, "no \"at\" column"),
            ("f.csv", Array("app,version,state,at,colour\n".utf8), 65, "unknown column \"colour\""),
            ("g.csv", [], 65, "is empty"),
            (
                "h.json",
                Array(
                    "[{\"app\": \"A\", \"version\": \"1\", \"state\": \"NOPE\", \"at\": \"2020-03-15T01:00:00Z\"}]".utf8
                ), 65, "event 1 ([0]): unknown state \"NOPE\""
            ),
            (
                "i.json",
                Array("[{\"app\": \"A\", \"version\": \"1\", \"state\": \"IN_REVIEW\", \"at\": \"2020-03-15\"}]".utf8),
                65, "not ISO 8601 with an offset"
            ),
            (
                "j.json",
                Array(
                    "[{\"app\": \"A\", \"version\": \"1 0\", \"state\": \"IN_REVIEW\", \"at\": \"2020-03-15T01:00:00Z\"}]"
                        .utf8), 65, "spaces or control characters"
            ),
            (
                "k.json",
                Array(
                    "[{\"app\": \"A\", \"version\": \"1\", \"state\": \"IN_REVIEW\", \"at\": \"2020-03-15T01:00:00Z\", \"timing\": \"maybe\"}]"
                        .utf8), 65, "unknown timing \"maybe\"; use exact or observed"
            ),
        ] as [(String, [UInt8], Int, String)])
    func otherFailures(name: String, bytes: [UInt8], status: Int, expected: String) throws {
        let review = try InProcessReview()
        let url = review.directory.file(name)
        try Data(bytes).write(to: url)
        let output = review(["import", url.path])
        #expect(Int(output.status.rawValue) == status, "\(name): \(output.standardError)")
        #expect(
            output.standardError.contains(url.path) && output.standardError.contains(expected),
            "\(output.standardError)")
        Self.expectNoInternals(output.standardError, name)
    }

    @Test("a missing file or a directory is 66 naming the path")
    func unreadable() throws {
        let review = try InProcessReview()
        for path in [review.directory.file("missing.json").path, review.directory.url.path] {
            let output = review(["import", path])
            #expect(output.status == .noInput && output.standardError.contains(path), "\(output.standardError)")
            Self.expectNoInternals(output.standardError, path)
        }
    }
}

/// `review auth --json`: one object per command.
@Suite("review auth --json")
struct AuthJSONTests {
    @Test("add, list and check print one object each, never the key")
    func objects() async throws {
        let setup = try SyncCommandTests.Setup()
        let added = ReviewCLI.main(
            arguments: [
                "auth", "add", "--profile", "team", "--key-id", SyncCommandTests.keyID, "--issuer-id",
                SyncCommandTests.issuerID, "--private-key", setup.keyPath, "--json",
            ], environment: setup.environment())
        #expect(added.status == .success, "\(added.standardError)")
        var object = try jsonObject(added.standardOutput)
        #expect((object["path"] as? String)?.hasSuffix("gatehouse/app-store-connect.json") == true)
        let profile = try #require(object["profile"] as? [String: Any])
        #expect(profile["name"] as? String == "team" && profile["kind"] as? String == "team")
        #expect(profile["issuerId"] as? String == SyncCommandTests.issuerID)
        object = try jsonObject(
            ReviewCLI.main(arguments: ["auth", "list", "--json"], environment: setup.environment())
                .standardOutput)
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.count == 1 && profiles[0]["keyId"] as? String == SyncCommandTests.keyID)
        let checked = await ReviewCLI.perform(arguments: ["auth", "check", "--json"], environment: setup.environment())
        #expect(checked.status == .success, "\(checked.standardError)")
        object = try jsonObject(checked.standardOutput)
        let keys = try #require(object["keys"] as? [[String: Any]])
        #expect(keys.count == 1 && keys[0]["profile"] as? String == "team" && keys[0]["kind"] as? String == "team")
        #expect((keys[0]["firstApp"] as? [String: Any])?["bundleId"] as? String == "com.example.fokus")
        let body = SyncCommandTests.key.pemRepresentation.split(separator: "\n").filter { !$0.hasPrefix("-----") }
        for text in [added.standardOutput, checked.standardOutput] { #expect(!body.contains { text.contains($0) }) }
    }

    @Test("auth list --json with no profiles is an empty list")
    func empty() throws {
        let setup = try SyncCommandTests.Setup()
        let object = try jsonObject(
            ReviewCLI.main(arguments: ["auth", "list", "--json"], environment: setup.environment()).standardOutput)
        #expect((object["profiles"] as? [Any])?.isEmpty == true)
    }
}
