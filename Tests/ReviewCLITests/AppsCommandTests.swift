import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// Daily-use issue, item 7, through `ReviewCLI.main`: a near-miss app name refused by `log`, `review apps` (list,
/// rename, merge), `review edit` and `review undo`.
@Suite("review log near misses, apps, edit and undo")
struct AppsCommandTests {
    static let now = Timestamp(iso8601: "2026-01-08T12:00:00Z")!

    /// `InProcessReview` at this suite's now, in UTC, each command expected to end with a given status.
    struct Session {
        let review: InProcessReview
        var directory: TemporaryDirectory { review.directory }

        init() throws { review = try InProcessReview() }

        @discardableResult
        func callAsFunction(_ arguments: [String], expect status: CommandLineKit.ExitStatus = .success) -> CommandOutput
        {
            let output = review(arguments + ["--utc"], now: AppsCommandTests.now)
            #expect(output.status == status, "\(arguments): \(output.standardError)")
            return output
        }

        func json(_ arguments: [String]) throws -> [String: Any] {
            try jsonObject(self(arguments + ["--json"]).standardOutput)
        }
    }

    @Test("log refuses a new name close to an existing app's (64, did you mean), never prompting; --new-app forces it")
    func nearMiss() throws {
        let review = try Session()
        review(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "-2d"])
        let refused = review(["log", "Fokis", "in-review", "--version", "1.0", "--at", "-1d"], expect: .usage)
        #expect(refused.standardError.contains("no app named \"Fokis\" yet; did you mean Fokus?"))
        #expect(refused.standardError.contains("--new-app"))
        #expect(try review.json(["apps"])["apps"].map { ($0 as? [[String: Any]])?.count } == 1)
        review(["log", "fokus", "in-review", "--at", "-1d"])  // the same app, in another case
        let forced = review(["log", "Fokis", "in-review", "--version", "1.0", "--at", "-1d", "--new-app"])
        #expect(forced.standardOutput.contains("Logged event 3: Fokis 1.0 (iOS) In Review"))
        // Digits alone make names distinct, and a far name is simply new.
        review(["log", "Team1", "waiting-for-review", "--version", "1", "--at", "-1d"])
        review(["log", "Team2", "waiting-for-review", "--version", "1", "--at", "-1d"])
        review(["log", "Lumen", "waiting-for-review", "--version", "1", "--at", "-1d"])
        let apps = review(["apps"]).standardOutput
        // Five apps, and the one pair that looks alike: Team1 and Team2 differ only in digits.
        #expect(apps.split(separator: "\n").count == 7 && apps.contains("Fokis and Fokus look alike"), "\(apps)")
        #expect(!apps.contains("Team1 and Team2"))
    }

    @Test("import and sync are not checked for near misses: an import creates Fokis beside Fokus")
    func importNotChecked() throws {
        let review = try Session()
        review(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "-2d"])
        let file = review.directory.file("in.csv")
        try "app,version,state,at\r\nFokis,1.0,IN_REVIEW,2026-01-07T10:00:00Z\r\n".write(
            to: file, atomically: true, encoding: .utf8)
        review(["import", file.path])
        #expect(review(["apps"]).standardOutput.contains("Fokis"))
    }

    @Test("apps lists, renames and merges, as text and JSON; refusals name the cause")
    func apps() throws {
        let review = try Session()
        review(["apps"], expect: .noInput)
        review(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2026-01-05T10:00:00Z"])
        review(["log", "Fokis", "in-review", "--version", "1.0", "--at", "2026-01-06T10:00:00Z", "--new-app"])
        let list = review(["apps"]).standardOutput
        #expect(list.hasPrefix("APP    PLATFORMS  VERSIONS  EVENTS  LAST EVENT"))
        #expect(list.contains("Fokis  iOS        1         1       2026-01-06 10:00 UTC"), "\(list)")
        #expect(
            list.hasSuffix("Fokis and Fokus look alike; if they are one app: review apps merge \"Fokis\" \"Fokus\"\n"))
        let listed = try review.json(["apps"])["apps"] as? [[String: Any]]
        #expect(listed?.map { $0["name"] as? String } == ["Fokis", "Fokus"])
        #expect(listed?.map { $0["alike"] as? [String] } == [["Fokus"], ["Fokis"]])
        #expect(listed?.first?["lastEventAt"] as? String == "2026-01-06T10:00:00Z")
        #expect(listed?.first?["synced"] as? Bool == false)

        let taken = review(["apps", "rename", "Fokis", "fokus"], expect: .dataError)
        #expect(taken.standardError.contains("review apps merge \"Fokis\" \"Fokus\""))
        #expect(review(["apps", "rename", "Fokus", "Focus"]).standardOutput == "Renamed Fokus to Focus.\n")
        let renamed = try review.json(["apps", "rename", "focus", "Fokus"])
        #expect(renamed["from"] as? String == "Focus" && renamed["to"] as? String == "Fokus")
        let unknown = review(["apps", "merge", "Fokos", "Fokus"], expect: .negative)
        #expect(unknown.standardError.contains("did you mean Fokis?"))
        review(["apps", "merge", "Fokus", "Fokus"], expect: .usage)
        review(["apps", "rename", "Fokus"], expect: .usage)
        review(["apps", "frobnicate"], expect: .usage)

        let merged = try review.json(["apps", "merge", "Fokis", "Fokus"])
        #expect(merged["events"] as? Int == 1 && merged["into"] as? String == "Fokus")
        let timeline = review(["timeline", "Fokus"]).standardOutput
        #expect(timeline.contains("Waiting for Review") && timeline.contains("In Review"))
        review(["timeline", "Fokis"], expect: .negative)
    }

    @Test("a merge whose events collide is refused (65) naming both events; nothing changes")
    func mergeCollision() throws {
        let review = try Session()
        review(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2026-01-05T10:00:00Z"])
        review(["log", "Fokis", "waiting-for-review", "--version", "1.0", "--at", "2026-01-05T10:00:00Z", "--new-app"])
        let refused = review(["apps", "merge", "Fokis", "Fokus"], expect: .dataError)
        #expect(refused.standardError.contains("event 2 and event 1"), "\(refused.standardError)")
        #expect(refused.standardError.contains("nothing was merged"))
        #expect(review(["export"]).standardOutput.components(separatedBy: "\"id\"").count == 3)
        review(["delete", "2", "--yes"])
        #expect(review(["apps", "merge", "Fokis", "Fokus"]).standardOutput.contains("0 events moved; Fokis is gone."))
    }

    @Test("edit changes the note and time, refuses a future time, and prints the change as text and JSON")
    func edit() throws {
        let review = try Session()
        review(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2026-01-05T10:00:00Z"])
        review(["log", "Fokus", "rejected", "--at", "2026-01-06T10:00:00Z"])
        let text = review(["edit", "2", "--note", "Guideline 4.2", "--at", "2026-01-06T11:00:00Z"]).standardOutput
        #expect(
            text == "Edited event 2: Fokus 1.0 (iOS) Rejected\n  time: 2026-01-06 10:00 UTC → 2026-01-06 11:00 UTC\n"
                + "  note: no note → \"Guideline 4.2\"\n")
        let json = try review.json(["edit", "2", "--note", ""])
        let event = json["event"] as? [String: Any]
        #expect(event?["note"] is NSNull && event?["at"] as? String == "2026-01-06T11:00:00Z")
        #expect((json["before"] as? [String: Any])?["note"] as? String == "Guideline 4.2")
        let future = review(["edit", "2", "--at", "2030-01-06T11:00:00Z"], expect: .usage)
        #expect(future.standardError.contains("--allow-future"))
        review(["edit", "2"], expect: .usage)
        review(["edit", "x", "--note", "a"], expect: .usage)
        review(["edit", "9", "--note", "a"], expect: .negative)
        review(["edit", "1", "--at", "2026-01-06T11:00:00Z"])  // Waiting for Review there is no clash: another state
        let clash = review(["log", "Fokus", "rejected", "--at", "2026-01-07T10:00:00Z"])
        #expect(clash.standardOutput.contains("Logged event 3"))
        review(["edit", "3", "--at", "2026-01-06T11:00:00Z"], expect: .dataError)
    }

    @Test("a time edit that puts an event out of the usual order is kept, with a warning on standard error")
    func editOrderWarning() throws {
        let review = try Session()
        review(["log", "Tide", "waiting-for-review", "--version", "2.0", "--at", "2026-01-05T10:00:00Z"])
        review(["log", "Tide", "in-review", "--at", "2026-01-06T10:00:00Z"])
        review(["log", "Tide", "rejected", "--at", "2026-01-07T10:00:00Z"])
        #expect(review(["edit", "3", "--at", "2026-01-07T12:00:00Z"]).standardError.isEmpty)
        let early = review(["edit", "3", "--at", "2026-01-04T10:00:00Z"])
        #expect(
            early.standardError
                == "review: warning: after the edit, Tide 2.0 (iOS) goes (first) → Rejected, an unusual order; check "
                + "the time (kept as given)\n")
        #expect(review(["timeline", "Tide", "--json"]).standardOutput.contains("\"start\": \"2026-01-04T10:00:00Z\""))
        #expect(review(["edit", "3", "--note", "x"]).standardError.isEmpty)
    }

    @Test("undo removes the last event logged by hand and says so; with none it exits 1")
    func undo() throws {
        let review = try Session()
        review(["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "2026-01-05T10:00:00Z"])
        review(["log", "Fokis", "in-review", "--version", "1.0", "--at", "2026-01-06T10:00:00Z", "--new-app"])
        let undone = review(["undo"]).standardOutput
        #expect(
            undone == "Undid event 2, logged by hand: Fokis 1.0 (iOS) In Review at 2026-01-06 10:00 UTC\n"
                + "Fokis had nothing else and was removed too.\n")
        let json = try review.json(["undo"])
        #expect((json["event"] as? [String: Any])?["state"] as? String == "WAITING_FOR_REVIEW")
        #expect(json["appRemoved"] as? Bool == true)
        let none = review(["undo"], expect: .negative)
        #expect(none.standardError.contains("nothing to undo"))
    }

    @Test(
        "apps, edit and undo never create a store: a missing one is 66 and nothing is made",
        arguments: [
            ["apps"], ["apps", "--json"], ["apps", "rename", "A", "B"], ["apps", "merge", "A", "B"],
            ["edit", "1", "--note", "x"], ["undo"],
        ])
    func missingStore(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("missing/r.sqlite3").path
        let output = ReviewCLI.main(
            arguments: ["--db", path] + arguments, environment: ReviewEnvironment(now: Self.now, variables: [:]))
        #expect(output.status == .noInput && output.standardError.contains("no store at \(path)"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("missing").path))
        let command = try #require(try ReviewParsing.command(arguments))
        #expect(!ReviewParsing.createsStore(command))
    }

    @Test("the built binary: a near-miss name is refused with 64 on stderr and nothing on stdout")
    func endToEnd() throws {
        let directory = try TemporaryDirectory()
        let environment = ["REVIEW_DB": directory.file("r.sqlite3").path, "TZ": "UTC"]
        let first = try ProcessRunner.run(
            "review", ["log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "-1d"],
            environment: environment)
        #expect(first.status == 0)
        let typo = try ProcessRunner.run("review", ["log", "Fokis", "in-review"], environment: environment)
        #expect(typo.status == 64 && typo.standardOutput.isEmpty)
        #expect(typo.standardError.contains("did you mean Fokus?"))
        let apps = try ProcessRunner.run("review", ["apps"], environment: environment)
        #expect(apps.status == 0 && !apps.standardOutput.contains("Fokis"))
    }
}
