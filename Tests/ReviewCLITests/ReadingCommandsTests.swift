import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// A store with a small history, and `review` run in process against it with a pinned clock.
///
/// Fokus iOS 1.0 (build 10) decided in 16 h; Fokus iOS 1.1 rejected after 72 h (build 11), resubmitted (build 12)
/// and decided in 10 h; Fokus iOS 2.0 (build 20) waiting for 7 days; Fokus macOS 1.0 decided in 12 h; Lumen iOS 3.0
/// withdrawn after 5 h. Decided cycles: 10 h, 12 h, 16 h, 72 h.
struct ReadingFixture {
    static let now = Timestamp(iso8601: "2026-01-08T12:00:00Z")!
    let directory: TemporaryDirectory
    var environment: ReviewEnvironment

    init() throws {
        directory = try TemporaryDirectory()
        environment = ReviewEnvironment(now: Self.now, variables: ["REVIEW_DB": directory.file("r.sqlite3").path])
        let history: [[String]] = [
            ["Fokus", "waiting-for-review", "--version", "1.0", "--build", "10", "--at", "2025-06-02T10:00:00Z"],
            ["Fokus", "in-review", "--at", "2025-06-02T20:00:00Z"],
            ["Fokus", "ready-for-distribution", "--at", "2025-06-03T02:00:00Z"],
            ["Fokus", "waiting-for-review", "--version", "1.1", "--build", "11", "--at", "2025-07-01T10:00:00Z"],
            ["Fokus", "rejected", "--at", "2025-07-04T10:00:00Z"],
            ["Fokus", "waiting-for-review", "--build", "12", "--at", "2025-07-05T10:00:00Z"],
            ["Fokus", "pending-developer-release", "--at", "2025-07-05T20:00:00Z"],
            ["Fokus", "waiting-for-review", "--version", "2.0", "--build", "20", "--at", "2026-01-01T12:00:00Z"],
            [
                "Fokus", "waiting-for-review", "--version", "1.0", "--platform", "macos", "--at",
                "2025-08-01T00:00:00Z",
            ],
            ["Fokus", "in-review", "--version", "1.0", "--platform", "macos", "--at", "2025-08-01T06:00:00Z"],
            [
                "Fokus", "ready-for-distribution", "--version", "1.0", "--platform", "macos", "--at",
                "2025-08-01T12:00:00Z",
            ],
            ["Lumen", "waiting-for-review", "--version", "3.0", "--at", "2025-09-01T00:00:00Z"],
            ["Lumen", "developer-rejected", "--at", "2025-09-01T05:00:00Z"],
        ]
        for arguments in history {
            let output = ReviewCLI.main(arguments: ["log"] + arguments, environment: environment)
            guard output.status == .success else {
                throw ReviewError(.invalidValue, "fixture: \(arguments): \(output.standardError)")
            }
        }
    }

    func run(_ arguments: [String]) -> CommandOutput {
        ReviewCLI.main(arguments: arguments + ["--utc"], environment: environment)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let output = run(arguments + ["--json"])
        #expect(output.status == .success, "\(arguments): \(output.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    }
}

/// Daily-use issue, items 1, 2 and 9: `status` shows the latest and the open versions, their builds, and how an open
/// cycle compares.
@Suite("review status: which versions, builds and the open cycle's comparison")
struct StatusCommandTests {
    @Test("by default: per app and platform, the latest version and the open ones; a hint names --all")
    func defaultSelection() throws {
        let review = try ReadingFixture()
        let output = review.run(["status"])
        #expect(output.status == .success, "\(output.standardError)")
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "APP    PLATFORM  VERSION  BUILD  STATE                   SINCE                 FOR")
        #expect(lines[1] == "Fokus  iOS       2.0      20     Waiting for Review      2026-01-01 12:00 UTC  7d 0h")
        // Live for 160 days: the date says it, the length is left out (issue 25 item 10).
        #expect(lines[2] == "Fokus  macOS     1.0      -      Ready for Distribution  2025-08-01 12:00 UTC  -")
        #expect(lines[3].hasPrefix("Lumen  iOS       3.0      -      Developer Rejected"))
        #expect(lines.count { $0.hasPrefix("Fokus  iOS") } == 1)
        #expect(output.standardOutput.contains("2 older versions not shown: review status --all lists them.\n"))
    }

    @Test("an open cycle: longer than 4 of 4 decided cycles, Apple's 24 hours, and the expedite request")
    func comparison() throws {
        let output = try ReadingFixture().run(["status"]).standardOutput
        #expect(
            output.contains(
                "Fokus 2.0 (iOS), Waiting for Review:\n  7d 0h since submission: longer than 4 of your 4 decided "
                    + "cycles took (100%; your 90th percentile: 3d 0h), from fewer than 5 cycles: a weak guide; Apple "
                    + "(today): 90% within 24 hours\n"
                    + "  Still no decision past 48 hours and your 90th percentile (3d 0h): consider asking for an "
                    + "expedited review at https://developer.apple.com/contact/app-store/?topic=expedite\n"))
    }

    @Test("--all lists every version, most recent first per app and platform; --platform and an app filter")
    func filters() throws {
        let review = try ReadingFixture()
        let all = review.run(["status", "--all"]).standardOutput
        let versions = all.split(separator: "\n").dropFirst().prefix(5).map { $0.split(separator: " ").prefix(3) }
        #expect(
            versions.map { $0.joined(separator: " ") } == [
                "Fokus iOS 2.0", "Fokus iOS 1.1", "Fokus iOS 1.0", "Fokus macOS 1.0", "Lumen iOS 3.0",
            ])
        #expect(all.contains("Fokus  iOS       1.1      12     Pending Developer Release"))
        #expect(!all.contains("not shown"))
        let macOS = review.run(["status", "--platform", "macos"]).standardOutput
        #expect(macOS.split(separator: "\n").count == 2 && macOS.contains("Fokus  macOS"))
        let lumen = review.run(["status", "lumen"]).standardOutput
        #expect(lumen.split(separator: "\n").count == 2 && lumen.contains("Lumen  iOS"))
        let unknown = review.run(["status", "Lumne"])
        #expect(unknown.status == .negative && unknown.standardError.contains("did you mean Lumen?"))
    }

    @Test("--json: build, open, the comparison object, and how many versions were not shown")
    func json() throws {
        let object = try ReadingFixture().json(["status"])
        #expect(object["notShown"] as? Int == 2)
        let versions = try #require(object["versions"] as? [[String: Any]])
        #expect(versions.map { $0["version"] as? String } == ["2.0", "1.0", "3.0"])
        #expect(versions[0]["build"] as? String == "20" && versions[0]["open"] as? Bool == true)
        #expect(versions[1]["build"] is NSNull && versions[1]["comparison"] is NSNull)
        let comparison = try #require(versions[0]["comparison"] as? [String: Any])
        #expect(comparison["elapsedSeconds"] as? Int == 604_800)
        #expect(comparison["decidedCycles"] as? Int == 4 && comparison["decidedFaster"] as? Int == 4)
        #expect(comparison["ownP90Seconds"] as? Int == 259_200 && comparison["ownMedianSeconds"] as? Int == 43_200)
        #expect(comparison["suggestsExpedite"] as? Bool == true && comparison["fewCycles"] as? Bool == true)
        #expect(comparison["expediteURL"] as? String == AppleReviewClaim.expediteRequestURL)
    }
}

/// Daily-use issue, items 2, 6 and 9: `timeline` shows the build per cycle, the comparison, and `--all`.
@Suite("review timeline: builds, the comparison and --all")
struct TimelineCommandTests {
    @Test("each cycle names its build; the open cycle compares itself")
    func buildsAndComparison() throws {
        let review = try ReadingFixture()
        let resubmitted = review.run(["timeline", "Fokus", "--version", "1.1"]).standardOutput
        #expect(resubmitted.contains("Cycle 1 (build 11): Rejected after 3d 0h;"))
        #expect(resubmitted.contains("Cycle 2 (build 12): Pending Developer Release after 10h 0m;"))
        #expect(!resubmitted.contains("since submission:"))
        let open = review.run(["timeline", "Fokus"]).standardOutput
        #expect(open.hasPrefix("Fokus 2.0 (iOS)\n\nCycle 1 (build 20): no decision yet, 7d 0h since submission\n"))
        #expect(open.contains("  7d 0h since submission: longer than 4 of your 4 decided cycles took (100%; your 90th"))
        #expect(open.contains("consider asking for an expedited review at https://developer.apple.com/"))
    }

    @Test("--all: every version of the app, oldest first; with --platform; not with --version")
    func all() throws {
        let review = try ReadingFixture()
        let all = review.run(["timeline", "Fokus", "--all"])
        #expect(all.status == .success)
        let headings = all.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Fokus ") }
        #expect(headings == ["Fokus 1.0 (iOS)", "Fokus 1.1 (iOS)", "Fokus 1.0 (macOS)", "Fokus 2.0 (iOS)"])
        let macOS = review.run(["timeline", "Fokus", "--all", "--platform", "macOS"]).standardOutput
        #expect(macOS.split(separator: "\n").filter { $0.hasPrefix("Fokus ") } == ["Fokus 1.0 (macOS)"])
        let both = review.run(["timeline", "Fokus", "--all", "--version", "1.0"])
        #expect(both.status == .usage && both.standardError.contains("--version V or --all, not both"))
        let none = review.run(["timeline", "Lumen", "--all", "--platform", "tvOS"])
        #expect(none.status == .negative && none.standardError.contains("Lumen has no events for platform tvOS"))
    }

    @Test("--json: the build and comparison per cycle; with --all, {app, versions}")
    func json() throws {
        let review = try ReadingFixture()
        let one = try review.json(["timeline", "Fokus", "--version", "1.1"])
        let cycles = try #require(one["cycles"] as? [[String: Any]])
        #expect(cycles.map { $0["build"] as? String } == ["11", "12"])
        #expect(cycles.allSatisfy { $0["comparison"] is NSNull && $0["open"] as? Bool == false })
        let open = try review.json(["timeline", "Fokus"])
        let current = try #require((open["cycles"] as? [[String: Any]])?.last)
        #expect((current["comparison"] as? [String: Any])?["decidedCycles"] as? Int == 4)
        let all = try review.json(["timeline", "Fokus", "--all"])
        #expect(all["app"] as? String == "Fokus")
        let versions = try #require(all["versions"] as? [[String: Any]])
        #expect(versions.map { $0["version"] as? String } == ["1.0", "1.1", "1.0", "2.0"])
    }
}

/// Daily-use issue, items 2, 6 and 10: `stats` says which cycles each row counts, flags few cycles, compares one
/// claim per line, counts open cycles as censored with `--include-open`, and filters and groups.
@Suite("review stats: rows, claims, open cycles, --platform and --by")
struct StatsCommandTests {
    @Test("the table says what each row counts, flags few cycles, and leaves out the open cycle saying so")
    func table() throws {
        let text = try ReadingFixture().run(["stats"]).standardOutput
        #expect(text.contains("Cycles: 6 (decided 4, of which rejected 1; withdrawn 1; still open 1)"))
        #expect(text.contains("Waiting for review  cycles that reached In Review, withdrawn ones too  2*"))
        #expect(
            text.contains("Time to decision    decided cycles, never withdrawn ones               4*  12h 0m  3d 0h"))
        #expect(text.contains("you: 75% decided within 24 h*; Apple (today): 90% within 24 hours\n"))
        #expect(text.contains("you: 75% decided within 24 h*; Apple (2020): 50% within 24 hours\n"))
        #expect(text.contains("you: 75% decided within 48 h*; Apple (2020): over 90% within 48 hours\n"))
        #expect(text.contains("* from fewer than 5 cycles: a weak guide.\n"))
        #expect(text.contains("1 open cycle left out of these figures (no decision yet); --include-open counts it"))
    }

    @Test("--include-open: Kaplan-Meier figures with the open cycle censored (hand computed)")
    func includeOpen() throws {
        // Ends 10h, 12h, 16h, 72h and one censored at 168h: F = 0.2, 0.4, 0.6, 0.8; median 16h, p90 not reached.
        let review = try ReadingFixture()
        let text = review.run(["stats", "--include-open"]).standardOutput
        #expect(
            text.contains(
                "Time to decision    decided cycles, never withdrawn ones; open ones"
                    + String(repeating: " ", count: 29)
                    + "4 + 1 open   16h 0m  over 7d 0h  3d 0h\n"), "\(text)")
        #expect(text.contains("open ones still waiting  2 + 1 open*  10h 0m  over 7d 0h  10h 0m\n"))
        #expect(text.contains("you: 60% decided within 24 h; Apple (today): 90% within 24 hours\n"))
        #expect(!text.contains("left out"))
        #expect(text.contains("Kaplan-Meier"))
        let object = try review.json(["stats", "--include-open"])
        let decision = try #require(object["timeToDecisionSeconds"] as? [String: Any])
        #expect(decision["median"] as? Int == 57_600 && decision["p90"] is NSNull)
        #expect(decision["censored"] as? Int == 1 && decision["fewCycles"] as? Bool == false)
        let claims = try #require(object["claims"] as? [[String: Any]])
        #expect(claims.count == 3)
        #expect(abs((claims[2]["yourShare"] as? Double ?? 0) - 0.6) < 1e-9)
        #expect(claims[2]["apple"] as? String == "over 90% within 48 hours")
        #expect(object["includeOpen"] as? Bool == true && object["openLeftOut"] as? Int == 0)
    }

    @Test("--platform keeps that platform's cycles; --by month and quarter give a row per period")
    func platformAndPeriods() throws {
        let review = try ReadingFixture()
        let macOS = review.run(["stats", "--platform", "macos"]).standardOutput
        #expect(macOS.hasPrefix("Submission cycles of all apps on macOS\nCycles: 1 (decided 1,"))
        let months = review.run(["stats", "--by", "month"]).standardOutput
        let rows = months.split(separator: "\n").filter { $0.hasPrefix("20") }.map { $0.prefix(7) }
        #expect(rows == ["2025-06", "2025-07", "2025-08", "2025-09", "2026-01"])
        #expect(months.contains("2025-07  2       2        0     2*  10h 0m  3d 0h   50%         50%\n"), "\(months)")
        let object = try review.json(["stats", "--by", "quarter", "Fokus"])
        let periods = try #require(object["periods"] as? [[String: Any]])
        #expect(periods.map { $0["period"] as? String } == ["2025-Q2", "2025-Q3", "2026-Q1"])
        #expect(periods.map { $0["cycles"] as? Int } == [1, 3, 1])
        #expect(object["by"] as? String == "quarter" && object["app"] as? String == "Fokus")
        let bad = review.run(["stats", "--by", "week"])
        #expect(
            bad.status == .usage && bad.standardError.contains("unknown value \"week\" for --by; use month or quarter"))
    }
}

/// Daily-use issue, item 11 (colour): states coloured on a terminal, never under NO_COLOR or into a pipe.
@Suite("review status and timeline colour")
struct ColorTests {
    static let red = "\u{1B}[31m"
    static let green = "\u{1B}[32m"
    static let yellow = "\u{1B}[33m"

    func run(_ arguments: [String], terminal: Bool, noColor: String? = nil) throws -> String {
        var review = try ReadingFixture()
        review.environment.standardOutputIsTerminal = terminal
        review.environment.variables["NO_COLOR"] = noColor
        return review.run(arguments).standardOutput
    }

    @Test("a terminal gets colour by state; NO_COLOR (non-empty) or a pipe turns it off; --color overrides")
    func rules() throws {
        let terminal = try run(["status", "--all"], terminal: true)
        #expect(terminal.contains(Self.yellow + "Waiting for Review\u{1B}[0m"))
        #expect(terminal.contains(Self.green + "Pending Developer Release\u{1B}[0m"))
        #expect(try !run(["status"], terminal: false).contains("\u{1B}["))
        #expect(try !run(["status"], terminal: true, noColor: "1").contains("\u{1B}["))
        #expect(try run(["status"], terminal: true, noColor: "").contains("\u{1B}["))  // empty: no-color.org
        #expect(try run(["status", "--color", "always"], terminal: false, noColor: "1").contains(Self.yellow))
        #expect(try !run(["status", "--color", "never"], terminal: true).contains("\u{1B}["))
        let timeline = try run(["timeline", "Fokus", "--version", "1.1", "--color", "always"], terminal: false)
        #expect(timeline.contains(Self.red + "Rejected\u{1B}[0m"))
        #expect(try !run(["status", "--json", "--color", "always"], terminal: true).contains("\u{1B}["))
        let bad = try ReadingFixture().run(["status", "--color", "sometimes"])
        #expect(bad.status == .usage)
        #expect(bad.standardError.contains("unknown value \"sometimes\" for --color; use auto, always or never"))
    }

    @Test("colour takes no width: the columns line up as without it")
    func alignment() throws {
        let plain = try run(["status", "--all"], terminal: false)
        let coloured = try run(["status", "--all"], terminal: true)
        let stripped = coloured.replacingOccurrences(of: "\u{1B}[33m", with: "")
            .replacingOccurrences(of: "\u{1B}[32m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(stripped == plain)
    }
}

/// The built binary: main.swift hands the terminal facts (isatty, NO_COLOR) to the commands.
@Suite("review status colour, end to end")
struct ColorEndToEndTests {
    @Test("on a pseudo-terminal (script(1)) a rejection is red; NO_COLOR=1 or a pipe is plain")
    func terminal() throws {
        let review = try ReviewRun()
        let logged = try review(["log", "Fokus", "rejected", "--version", "1.0", "--at", "-1h"])
        #expect(logged.status == 0)
        let script = try #require(
            ProcessRunner.installedProgram("script"), "script(1) from util-linux runs the binary on a terminal")
        let command = ProcessRunner.executable("review").path + " status"
        let onTerminal = try ProcessRunner.run(
            executableAt: script, ["-qec", command, "/dev/null"],
            environment: ["REVIEW_DB": review.database, "TZ": "UTC", "NO_COLOR": ""])
        #expect(onTerminal.status == 0)
        #expect(onTerminal.standardOutput.contains("\u{1B}[31mRejected\u{1B}[0m"), "\(onTerminal.standardOutput)")
        let noColor = try ProcessRunner.run(
            executableAt: script, ["-qec", command, "/dev/null"],
            environment: ["REVIEW_DB": review.database, "TZ": "UTC", "NO_COLOR": "1"])
        #expect(noColor.standardOutput.contains("Rejected") && !noColor.standardOutput.contains("\u{1B}["))
        let piped = try review(["status"], environment: ["NO_COLOR": ""])
        #expect(piped.standardOutput.contains("Rejected") && !piped.standardOutput.contains("\u{1B}["))
    }
}
