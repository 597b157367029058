import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// `--track` on the commands (issue 24), in process with a pinned clock: the App Store history of `ReadingFixture`
/// with TestFlight builds of Fokus 2.0 beside it.
///
/// Fokus iOS TestFlight 2.0: build 19 waiting 3 h, in review 2 h, rejected; build 20 waiting 1 h, in review 1 h,
/// approved; build 21 approved without review; build 22 waiting since 2026-01-08T08:00Z (4 h before now).
@Suite("--track: the App Store and TestFlight tracks on every reading command, never pooled")
struct TrackCommandTests {
    struct Fixture {
        let reading: ReadingFixture

        init() throws {
            reading = try ReadingFixture()
            let builds: [[String]] = [
                ["waiting-for-review", "--build", "19", "--at", "2025-12-20T00:00:00Z"],
                ["in-review", "--build", "19", "--at", "2025-12-20T03:00:00Z"],
                ["rejected", "--build", "19", "--at", "2025-12-20T05:00:00Z"],
                ["waiting-for-review", "--build", "20", "--at", "2025-12-21T00:00:00Z"],
                ["in-review", "--build", "20", "--at", "2025-12-21T01:00:00Z"],
                ["approved", "--build", "20", "--at", "2025-12-21T02:00:00Z"],
                ["approved", "--build", "21", "--at", "2025-12-22T00:00:00Z"],
                ["waiting-for-review", "--build", "22", "--at", "2026-01-08T08:00:00Z"],
            ]
            for arguments in builds {
                let output = reading.run(["log", "Fokus"] + arguments + ["--track", "testflight", "--version", "2.0"])
                guard output.status == .success else {
                    throw ReviewError(.invalidValue, "fixture: \(arguments): \(output.standardError)")
                }
            }
        }

        func run(_ arguments: [String]) -> CommandOutput { reading.run(arguments) }

        func json(_ arguments: [String]) throws -> [String: Any] { try reading.json(arguments) }
    }

    @Test("log --track testflight needs --build and a Beta App Review state (64), and says so")
    func logRules() throws {
        let fixture = try ReadingFixture()
        let noBuild = fixture.run(["log", "Fokus", "waiting-for-review", "--track", "testflight", "--version", "3.0"])
        #expect(noBuild.status == .usage && noBuild.standardError.contains("build number"))
        #expect(noBuild.standardError.contains("--build"))
        let wrongState = fixture.run([
            "log", "Fokus", "ready-for-distribution", "--track", "testflight", "--version", "3.0", "--build", "1",
        ])
        #expect(wrongState.status == .usage && wrongState.standardError.contains("not a Beta App Review state"))
        let unknown = fixture.run(["log", "Fokus", "approved", "--track", "beta", "--build", "1"])
        #expect(unknown.status == .usage && unknown.standardError.contains("unknown track \"beta\""))
        let logged = try fixture.json([
            "log", "Fokus", "approved", "--track", "testflight", "--version", "3.0", "--build", "1", "--platform",
            "iOS",
        ])
        let event = try #require(logged["event"] as? [String: Any])
        #expect(event["track"] as? String == "testflight" && event["build"] as? String == "1")
    }

    @Test("states lists the four TestFlight states under their own heading, with the webhook's values")
    func states() throws {
        let fixture = try ReadingFixture()
        let text = ReviewCLI.main(arguments: ["states"], environment: fixture.environment).standardOutput
        let heading = try #require(text.range(of: "TestFlight (Beta App Review of a build"))
        let after = text[heading.upperBound...]
        for (name, webhook) in [
            ("Waiting for Review (WAITING_FOR_REVIEW)", "WAITING_FOR_BETA_REVIEW"),
            ("In Review (IN_REVIEW)", "IN_BETA_REVIEW"), ("Rejected (REJECTED)", "BETA_REJECTED"),
            ("Approved (APPROVED)", "BETA_APPROVED"),
        ] {
            #expect(after.contains(name) && after.contains("webhook: " + webhook))
        }
        let output = ReviewCLI.main(arguments: ["states", "--json"], environment: fixture.environment)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let testFlight = try #require(json["testflight"] as? [String: Any])
        let states = try #require(testFlight["states"] as? [[String: Any]])
        #expect(states.map { $0["state"] as? String } == ["WAITING_FOR_REVIEW", "IN_REVIEW", "REJECTED", "APPROVED"])
    }

    @Test("timeline, stats and export without --track are the App Store's alone, as before tracks")
    func defaultsUnchanged() throws {
        let before = try ReadingFixture()
        let after = try Fixture()
        for arguments in [
            ["timeline", "Fokus"], ["timeline", "Fokus", "--all", "--json"], ["stats"], ["stats", "--json"],
            ["stats", "--by", "month"],
        ] {
            #expect(after.run(arguments).standardOutput == before.run(arguments).standardOutput, "\(arguments)")
        }
        let export = after.run(["export", "--format", "csv"])
        #expect(export.standardOutput == before.run(["export", "--format", "csv"]).standardOutput)
        #expect(export.standardError.contains("8 TestFlight events were not exported"))
        #expect(export.standardError.contains("--track all"))
        // Without TestFlight history, status is as before; with it, the App Store rows are the same, then the builds.
        let status = after.run(["status"]).standardOutput
        #expect(status.hasPrefix(before.run(["status"]).standardOutput))
        #expect(status.contains("TESTFLIGHT"))
    }

    @Test("timeline --track testflight: the pre-release version's builds, each a cycle; --track all gives both")
    func timeline() throws {
        let fixture = try Fixture()
        let text = fixture.run(["timeline", "Fokus", "--track", "testflight"]).standardOutput
        #expect(text.hasPrefix("Fokus 2.0 (iOS) TestFlight\n"))
        #expect(text.contains("Cycle 1 (build 19): Rejected after 5h"))
        #expect(text.contains("Cycle 2 (build 20): Approved after 2h"))
        #expect(text.contains("Cycle 3 (build 21): approved without review"))
        #expect(text.contains("Cycle 4 (build 22): no decision yet, 4h"))
        let json = try fixture.json(["timeline", "Fokus", "--track", "testflight"])
        #expect(json["track"] as? String == "testflight" && json["version"] as? String == "2.0")
        let cycles = try #require(json["cycles"] as? [[String: Any]])
        #expect(cycles.map { $0["build"] as? String } == ["19", "20", "21", "22"])
        #expect(cycles.map { $0["approvedWithoutReview"] as? Bool } == [false, false, true, false])
        let both = try fixture.json(["timeline", "Fokus", "--all", "--track", "all"])
        let tracks = try #require(both["tracks"] as? [[String: Any]])
        #expect(tracks.map { $0["track"] as? String } == ["app-store", "testflight"])
        #expect((tracks[0]["versions"] as? [[String: Any]])?.count == 4)
        #expect((tracks[1]["versions"] as? [[String: Any]])?.count == 1)
        // The App Store version 2.0 (waiting for 7 days) is compared with App Store cycles only.
        let appStore = try fixture.json(["timeline", "Fokus", "--track", "app-store"])
        #expect(appStore["track"] as? String == "app-store")
        let open = try #require((appStore["cycles"] as? [[String: Any]])?.last?["comparison"] as? [String: Any])
        #expect(open["decidedCycles"] as? Int == 4)
        let none = fixture.run(["timeline", "Lumen", "--track", "testflight"])
        #expect(none.status == .negative && none.standardError.contains("Lumen has no TestFlight events"))
    }

    @Test("stats --track testflight: reviewed, rejected and approved without review, beside the App Store figures")
    func statistics() throws {
        let fixture = try Fixture()
        let json = try fixture.json(["stats", "--track", "testflight"])
        #expect(json["track"] as? String == "testflight")
        #expect(json["reviewed"] as? Int == 2 && json["rejected"] as? Int == 1)
        #expect(json["approvedWithoutReview"] as? Int == 1 && json["open"] as? Int == 1)
        let decision = try #require(json["timeToDecisionSeconds"] as? [String: Any])
        #expect(decision["count"] as? Int == 2 && decision["max"] as? Int == 5 * 3600)
        #expect(json["claims"] == nil, "no Apple claim for Beta App Review")
        let appStore = try #require(json["appStore"] as? [String: Any])
        #expect(appStore["decided"] as? Int == 4 && appStore["timeToDecisionMedian"] as? Int == 12 * 3600)
        let text = fixture.run(["stats", "--track", "testflight"]).standardOutput
        #expect(text.contains("Builds: 2 reviewed (of which rejected 1), 1 approved without review; still open 1"))
        #expect(text.contains("Apple publishes no figure for Beta App Review times"))
        #expect(!text.contains("Apple (App Review)") && !text.contains("90%"))
        let periods = try fixture.json(["stats", "--track", "testflight", "--by", "month"])
        let rows = try #require(periods["periods"] as? [[String: Any]])
        #expect(rows.map { $0["period"] as? String } == ["2025-12", "2026-01"])
        #expect(rows.map { $0["approvedWithoutReview"] as? Int } == [1, 0])
        let all = try fixture.json(["stats", "--track", "all"])
        let tracks = try #require(all["tracks"] as? [[String: Any]])
        #expect(tracks.map { $0["track"] as? String } == ["app-store", "testflight"])
        #expect(tracks[0]["cycles"] as? Int == 6 && tracks[1]["reviewed"] as? Int == 2)
    }

    @Test("status shows the builds in review and the newest approved one; --track testflight shows only them")
    func status() throws {
        let fixture = try Fixture()
        let json = try fixture.json(["status", "--track", "testflight"])
        #expect(json["versions"] == nil)
        let builds = try #require(json["testflight"] as? [[String: Any]])
        #expect(builds.map { $0["build"] as? String } == ["22", "21"])
        #expect(builds.map { $0["open"] as? Bool } == [true, false])
        #expect(builds.map { $0["approvedWithoutReview"] as? Bool } == [false, true])
        let all = try fixture.json(["status"])
        #expect((all["versions"] as? [[String: Any]])?.isEmpty == false && all["testflight"] != nil)
        let plain = try ReadingFixture().json(["status"])
        #expect(plain["testflight"] == nil, "no TestFlight history, no member")
        let text = fixture.run(["status", "--track", "testflight"]).standardOutput
        #expect(text.contains("Approved (without review)") && text.contains("Waiting for Review"))
    }

    @Test("export --track all carries every event with its track, and imports back into an empty store")
    func exportImport() throws {
        let fixture = try Fixture()
        let csv = fixture.run(["export", "--format", "csv", "--track", "all"])
        #expect(csv.standardError.isEmpty)
        let lines = csv.standardOutput.split(separator: "\r\n")
        #expect(lines[0].hasSuffix(",track,asc_build_id"))
        #expect(lines.count { $0.contains(",testflight,") } == 8)
        let testFlightOnly = fixture.run(["export", "--track", "testflight"]).standardOutput
        #expect(!testFlightOnly.contains("\"track\": \"app-store\"") && !testFlightOnly.contains("\"signing\""))
        let directory = try TemporaryDirectory()
        let file = directory.file("all.csv")
        try Data(csv.standardOutput.utf8).write(to: file)
        let copy = ReviewEnvironment(
            now: ReadingFixture.now, variables: ["REVIEW_DB": directory.file("copy.sqlite3").path])
        let imported = ReviewCLI.main(arguments: ["import", file.path], environment: copy)
        #expect(imported.status == .success, "\(imported.standardError)")
        let again = ReviewCLI.main(arguments: ["export", "--format", "csv", "--track", "all"], environment: copy)
        #expect(again.standardOutput == csv.standardOutput)
    }

    @Test("report has a TestFlight section with TestFlight history, none without; its App Store figures are unchanged")
    func report() throws {
        let fixture = try Fixture()
        let page = fixture.run(["report", "--html", "-"]).standardOutput
        let section = try #require(page.range(of: "<h2 id=\"testflight-title\">TestFlight (Beta App Review)</h2>"))
        let after = page[section.upperBound...]
        #expect(after.contains("2 reviewed (1 rejected), 1 approved without review, 1 in review"))
        #expect(after.contains("<td>Approved without review</td>") && after.contains("<td>22</td>"))
        let plain = try ReadingFixture().run(["report", "--html", "-"]).standardOutput
        #expect(!plain.contains("id=\"testflight\""))
        // The App Store part of the page is the same with the builds beside it.
        let appStorePart = { (text: String) in text.components(separatedBy: "<section id=\"statistics\"").first ?? "" }
        #expect(appStorePart(page) == appStorePart(plain))
    }

    @Test("notify add --track testflight makes a channel of TestFlight changes only; an unknown track is 64")
    func notifyTrack() throws {
        let fixture = try ReadingFixture()
        let added = try fixture.json([
            "notify", "add", "webhook", "https://example.com/hook", "--track", "testflight",
        ])
        #expect(added["tracks"] as? [String] == ["testflight"])
        let both = try fixture.json(["notify", "add", "webhook", "https://example.com/other"])
        #expect(both["tracks"] == nil, "a channel of both tracks reads as before")
        let wrong = fixture.run(["notify", "add", "webhook", "https://example.com/x", "--track", "beta"])
        #expect(wrong.status == .usage && wrong.standardError.contains("unknown track"))
    }
}
