import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// A temporary store and `ReviewCLI.main` over it, with "now" pinned.
struct InProcessReview {
    static let now = Timestamp(iso8601: "2025-07-15T12:00:00Z")!
    let directory: TemporaryDirectory
    var path: String { directory.file("review.sqlite3").path }

    init() throws { directory = try TemporaryDirectory() }

    func callAsFunction(_ arguments: [String], now: Timestamp = Self.now) -> CommandOutput {
        ReviewCLI.main(arguments: arguments, environment: ReviewEnvironment(now: now, variables: ["REVIEW_DB": path]))
    }

    /// Runs a command that must succeed and returns its standard output.
    func ok(
        _ arguments: [String], now: Timestamp = Self.now, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let output = self(arguments, now: now)
        #expect(output.status == .success, "\(arguments): \(output.standardError)", sourceLocation: sourceLocation)
        return output.standardOutput
    }

    /// Writes a file in the temporary directory and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.file(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// The standard output of a `--json` command as one JSON object.
func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not one object: \(text)", sourceLocation: sourceLocation)
}

/// Daily-use issue, item 5: `--json` on `log`, `import`, `delete` and `export`, one documented object each.
@Suite("--json on the commands that write")
struct WritingJSONTests {
    @Test("log --json: inserted, the event as export writes it, the previous event and the seconds since it")
    func log() throws {
        let review = try InProcessReview()
        var object = try jsonObject(
            review.ok([
                "log", "Fokus", "waiting-for-review", "--version", "2.3", "--build", "41", "--at",
                "2025-07-14T08:00:00Z", "--json",
            ]))
        #expect(object["inserted"] as? Bool == true)
        #expect(object["previous"] is NSNull)
        #expect(object["normalTransition"] as? Bool == true)
        var event = try #require(object["event"] as? [String: Any])
        #expect(event["id"] as? Int == 1 && event["app"] as? String == "Fokus" && event["build"] as? String == "41")
        #expect(event["state"] as? String == "WAITING_FOR_REVIEW" && event["at"] as? String == "2025-07-14T08:00:00Z")
        #expect(event["bundleId"] is NSNull)
        object = try jsonObject(review.ok(["log", "fokus", "in-review", "--at", "2025-07-15T08:00:00Z", "--json"]))
        #expect(object["previousStateSeconds"] as? Int == 86_400)
        let previous = try #require(object["previous"] as? [String: Any])
        #expect(previous["id"] as? Int == 1)
        // The same event again: inserted false, nothing changed.
        object = try jsonObject(review.ok(["log", "fokus", "in-review", "--at", "2025-07-15T08:00:00Z", "--json"]))
        #expect(object["inserted"] as? Bool == false)
        event = try #require(object["event"] as? [String: Any])
        #expect(event["id"] as? Int == 2)
        #expect(Set(event.keys) == Set(EventInterchange.csvColumns.map(Self.camelCase)))
    }

    static func camelCase(_ column: String) -> String {
        let parts = column.split(separator: "_")
        return parts.enumerated().map { index, part in
            let word = String(part)
            if index == 0 { return word }
            return word == "id" ? "Id" : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
    }

    @Test("an unusual transition still warns on standard error with --json; standard output stays one object")
    func logWarning() throws {
        let review = try InProcessReview()
        let output = review(["log", "Fokus", "rejected", "--version", "1", "--at", "-1h", "--json"])
        #expect(output.status == .success)
        #expect(output.standardError.contains("warning"))
        #expect(try jsonObject(output.standardOutput)["normalTransition"] as? Bool == false)
    }

    @Test("import --json: file, inserted, alreadyPresent; delete --json: the deleted event")
    func importAndDelete() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1", "--at", "-2d"])
        let exported = try review.file("export.json", review.ok(["export"]))
        let other = try InProcessReview()
        var object = try jsonObject(other.ok(["import", exported, "--json"]))
        #expect(object["file"] as? String == exported)
        #expect(object["inserted"] as? Int == 1 && object["alreadyPresent"] as? Int == 0)
        object = try jsonObject(other.ok(["import", exported, "--json"]))
        #expect(object["inserted"] as? Int == 0 && object["alreadyPresent"] as? Int == 1)
        object = try jsonObject(other.ok(["delete", "1", "--yes", "--json"]))
        let deleted = try #require(object["deleted"] as? [String: Any])
        #expect(deleted["id"] as? Int == 1 && deleted["app"] as? String == "Fokus")
        #expect(other.ok(["export"]) == "{\"events\": []}\n")
    }

    @Test("export --json is --format json; with --format csv it is a usage error naming both")
    func exportFormat() throws {
        let review = try InProcessReview()
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1", "--at", "-2d"])
        #expect(review.ok(["export", "--json"]) == review.ok(["export", "--format", "json"]))
        #expect(review.ok(["export", "--json", "--format", "JSON"]) == review.ok(["export"]))
        let refused = review(["export", "--json", "--format", "csv"])
        #expect(refused.status == .usage)
        #expect(refused.standardError.contains("--json") && refused.standardError.contains("--format csv"))
    }

    @Test("every command's --json help names the members it prints")
    func documented() {
        for (command, members) in [
            ("log", ["inserted", "event", "previous", "previousStateSeconds", "normalTransition"]),
            ("import", ["file", "inserted", "alreadyPresent"]), ("delete", ["deleted"]),
            ("export", ["--format json"]), ("auth", ["profiles", "keyId", "issuerId", "kind", "visibleApps"]),
            ("sync", ["eventId", "previousSeconds", "JSON Lines"]),
        ] {
            let help = ReviewCommand.help.text(for: [command]) ?? ""
            #expect(help.contains("--json"), "\(command)")
            for member in members { #expect(help.contains(member), "\(command): \(member)") }
        }
    }
}

/// Daily-use issue, item 6: `export --app --platform --since --until`.
@Suite("export filters")
struct ExportFilterTests {
    /// Fokus on iOS and macOS, Lumen on iOS, across May, June and July 2025 (UTC).
    func seeded() throws -> InProcessReview {
        let review = try InProcessReview()
        for (app, platform, version, at) in [
            ("Fokus", "ios", "1.0", "2025-05-31T23:59:59Z"), ("Fokus", "ios", "1.1", "2025-06-01T00:00:00Z"),
            ("Fokus", "macos", "1.1", "2025-06-30T23:59:59Z"), ("Lumen", "ios", "3.0", "2025-06-15T12:00:00Z"),
            ("Fokus", "ios", "1.2", "2025-07-01T00:00:00Z"),
        ] {
            _ = review.ok([
                "log", app, "waiting-for-review", "--platform", platform, "--version", version, "--at", at,
                "--bundle-id", app == "Fokus" ? "com.example.fokus" : "com.example.lumen",
            ])
        }
        return review
    }

    func exported(_ review: InProcessReview, _ arguments: [String]) throws -> [String] {
        let object = try jsonObject(review.ok(["export"] + arguments))
        let events = try #require(object["events"] as? [[String: Any]])
        return events.map { "\($0["app"] as? String ?? "?") \($0["version"] as? String ?? "?")" }
    }

    @Test("--app by name (any case) or bundle ID, repeatable; --platform; together")
    func appAndPlatform() throws {
        let review = try seeded()
        #expect(try exported(review, ["--app", "lumen"]) == ["Lumen 3.0"])
        #expect(try exported(review, ["--app", "com.example.lumen"]) == ["Lumen 3.0"])
        #expect(try exported(review, ["--app", "Lumen", "--app", "Fokus"]).count == 5)
        #expect(try exported(review, ["--platform", "macOS"]) == ["Fokus 1.1"])
        #expect(
            try exported(review, ["--app", "Fokus", "--platform", "ios"]) == ["Fokus 1.0", "Fokus 1.1", "Fokus 1.2"])
        let csv = review.ok(["export", "--format", "csv", "--app", "Lumen"])
        #expect(csv.split(separator: "\r\n").count == 2 && csv.contains("Lumen"))
    }

    @Test("an unknown app is not found (1), suggesting the closest name; an unknown platform is a usage error")
    func unknown() throws {
        let review = try seeded()
        var output = review(["export", "--app", "Fokis"])
        #expect(output.status == .negative)
        #expect(output.standardError.contains("no app named \"Fokis\"; did you mean Fokus?"), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        output = review(["export", "--platform", "android"])
        #expect(output.status == .usage && output.standardError.contains("unknown platform \"android\""))
    }

    @Test("--since and --until take a month: June is from its first instant up to July's, month ends included")
    func months() throws {
        let review = try seeded()
        let june = ["Fokus 1.1", "Fokus 1.1", "Lumen 3.0"]
        // A month is read in TZ (the end-to-end test pins TZ); offsets mean the same in any zone.
        #expect(try exported(review, ["--since", "2025-06-01T00:00Z", "--until", "2025-07-01T00:00Z"]) == june)
        #expect(try exported(review, ["--until", "2025-06-01T00:00:00Z"]) == ["Fokus 1.0"])
        #expect(try exported(review, ["--since", "2025-07-01T00:00:00Z"]) == ["Fokus 1.2"])
        #expect(try exported(review, ["--since", "2026"]) == [])
        #expect(try exported(review, ["--app", "Fokus", "--since", "2025", "--until", "2025"]).count == 4)
    }

    @Test("--until before or at --since is a usage error naming both; a bad date names the accepted forms")
    func badWindow() throws {
        let review = try seeded()
        var output = review(["export", "--since", "2025-07", "--until", "2025-06"])
        #expect(output.status == .usage && output.standardError.contains("--until"))
        output = review(["export", "--since", "2025-13"])
        #expect(output.status == .usage && output.standardError.contains("\"2025-13\""))
        #expect(output.standardError.contains("2020-03, 2020"))
    }

    @Test("the parser builds the filter; stats reads partial dates with the same rule")
    func parsed() throws {
        let now = InProcessReview.now
        let request = try ReviewParsing.parse(
            ["export", "--app", "A", "--app", "B", "--platform", "tvos", "--since", "2025-06-01T00:00Z"])
        #expect(
            request
                == .run(ExportCommand(format: .json, apps: ["A", "B"], platform: .tvOS, since: "2025-06-01T00:00Z")))
        #expect(
            try (request.command as? ExportCommand)?.filter(now: now)
                == EventFilter(
                    apps: ["A", "B"], platform: .tvOS, since: Timestamp(iso8601: "2025-06-01T00:00:00Z"), until: nil))
        let stats = try ReviewParsing.parse(["stats", "--since", "2025-06", "--until", "2025-06"])
        guard let query = try (stats.command as? StatsCommand)?.query(now: now), let since = query.since,
            let until = query.until
        else {
            Issue.record("not stats with a window: \(stats)")
            return
        }
        #expect(since.secondsSince1970 == (try TimeParser.parse("2025-06-01", now: 0)))
        #expect(until.secondsSince1970 == (try TimeParser.parse("2025-07-01", now: 0)))
    }
}

/// Issue 20 items 2, 9 and 12 through the command line: refusals are 65 naming the row, nothing is written, and a CSV
/// export holds no formula cell yet imports back exactly.
@Suite("import and export: ids, duplicates, formula cells")
struct ImportRefusalCommandTests {
    static let rest = #""version": "1", "state": "IN_REVIEW", "at": "2025-07-01T09:00:00Z""#

    @Test(
        "an id over 2^53 - 1 or a duplicated member or column is exit 65 naming the row; logging goes on",
        arguments: [
            (
                "ids.json", #"{"events": [{"id": 9223372036854775807, "app": "A", \#(rest)}]}"#,
                "event 1 (events[0]): id"
            ),
            ("float.json", #"[{"id": 9.2e18, "app": "A", \#(rest)}]"#, "above the largest id"),
            ("dup.json", #"[{"app": "A", "\u0061pp": "B", \#(rest)}]"#, "the member \"app\" appears twice"),
            ("dup.csv", "app,version,state,at,App\nA,1,IN_REVIEW,2025-07-01T09:00:00Z,B\n", "line 1: the column"),
            ("id.csv", "id,app,version,state,at\n9223372036854775807,A,1,IN_REVIEW,2025-07-01T09:00:00Z\n", "line 2"),
        ])
    func refused(name: String, text: String, expected: String) throws {
        let review = try InProcessReview()
        let path = try review.file(name, text)
        let output = review(["import", path])
        #expect(output.status == .dataError, "\(output.standardError)")
        #expect(output.standardError.contains(expected), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        _ = review.ok(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2025-07-02T09:00:00Z"])
        // Nothing of the file was imported, and the store numbers on from 1.
        #expect(
            review.ok(["export", "--format", "csv"]).split(separator: "\r\n").dropFirst().map { $0.prefix(8) } == [
                "1,Fokus,"
            ])
    }

    @Test("export --format csv neutralises formula cells and import reads them back exactly")
    func formulaCells() throws {
        let review = try InProcessReview()
        _ = review.ok([
            "log", "=HYPERLINK(\"https://evil.example\")", "waiting-for-review", "--version", "1.0", "--at",
            "2025-07-02T09:00:00Z", "--note", "  @SUM(1+1)",
        ])
        let csv = review.ok(["export", "--format", "csv"])
        #expect(csv.contains(",\"'=HYPERLINK(\"\"https://evil.example\"\")\",") && csv.contains(",'  @SUM(1+1),"))
        let other = try InProcessReview()
        let path = try other.file("export.csv", csv)
        _ = other.ok(["import", path])
        #expect(other.ok(["export", "--format", "csv"]) == csv)
        #expect(review.ok(["export", "--help"]).contains("with a ' in front"))
    }
}
