import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// Daily-use issue, item 11 (a slice): a mistyped `--db` given to a command that only reads is "no store at PATH"
/// (66) and leaves nothing behind; the commands that create a store still do.
@Suite("A missing store: read-only commands refuse it, log and import create it")
struct MissingStoreTests {
    static let now = Timestamp(secondsSince1970: 1_767_873_600)

    @Test(
        "status, timeline, stats, export and delete on a missing store exit 66 naming it, and create nothing",
        arguments: [
            ["status"], ["timeline", "Fokus"], ["stats"], ["export"], ["delete", "1", "--yes"],
            ["status", "--json"],
        ])
    func readOnlyCommandsRefuse(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("mistyped/review.sqlite3").path
        let output = ReviewCLI.main(
            arguments: ["--db", path] + arguments, environment: ReviewEnvironment(now: Self.now, variables: [:]))
        #expect(output.status == .noInput, "\(arguments): \(output.standardError)")
        #expect(output.standardError.contains("no store at \(path)"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: directory.file("mistyped").path))
    }

    @Test("log creates the store; then the read-only commands read it")
    func logCreates() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("new/review.sqlite3").path
        let environment = ReviewEnvironment(now: Self.now, variables: [:])
        let logged = ReviewCLI.main(
            arguments: ["--db", path, "log", "Fokus", "waiting-for-review", "--version", "1.0", "--at", "-1d"],
            environment: environment)
        #expect(logged.status == .success, "\(logged.standardError)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(ReviewCLI.main(arguments: ["--db", path, "status"], environment: environment).status == .success)
    }

    @Test("the built binary: 66 for a read on a mistyped store, nothing created")
    func endToEnd() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("typo.sqlite3").path
        let result = try ProcessRunner.run("review", ["--db", path, "stats"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("no store at"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// Daily-use issue, item 8: `log --at` far in the future is refused as a likely typo unless `--allow-future`.
@Suite("log refuses a time in the future unless asked")
struct FutureTimeTests {
    static let now = Timestamp(secondsSince1970: 1_767_873_600)  // 2026-01-08T12:00:00Z

    @Test(
        "2030 for 2020 is refused (64) naming the time and the flag; --allow-future records it; 5 minutes ahead is fine"
    )
    func futureRefused() throws {
        let review = try InProcessReview()
        let refused = review(
            ["log", "Fokus", "in-review", "--version", "1", "--at", "2030-01-01T10:00:00Z"], now: Self.now)
        #expect(refused.status == .usage)
        #expect(
            refused.standardError.contains("2030-01-01T10:00:00Z") && refused.standardError.contains("--allow-future"))
        #expect(!FileManager.default.fileExists(atPath: review.path))
        let forced = review(
            [
                "log", "Fokus", "in-review", "--version", "1", "--at", "2030-01-01T10:00:00Z", "--allow-future",
            ], now: Self.now)
        #expect(forced.status == .success, "\(forced.standardError)")
        let soon = review(
            ["log", "Fokus", "rejected", "--version", "1", "--at", "2026-01-08T12:04:00Z"], now: Self.now)
        #expect(soon.status == .success, "\(soon.standardError)")
        let later = review(
            ["log", "Fokus", "rejected", "--version", "1", "--at", "2026-01-08T12:06:00Z"], now: Self.now)
        #expect(later.status == .usage)
    }
}

/// Daily-use issue, item 3: `log` without `--platform` takes the app's own platform, not iOS, and refuses an
/// ambiguous one with the choices.
@Suite("log's platform when --platform is not given")
struct DefaultPlatformTests {
    static let now = Timestamp(secondsSince1970: 1_767_873_600)

    func run(_ arguments: [String], _ review: InProcessReview) -> CommandOutput { review(arguments, now: Self.now) }

    @Test("an app whose events are all macOS gets macOS; a new app gets iOS")
    func onlyPlatform() throws {
        let review = try InProcessReview()
        #expect(
            run(
                ["log", "Lumen", "waiting-for-review", "--version", "1.0", "--platform", "macos", "--at", "-2d"],
                review
            )
            .status == .success)
        let next = run(["log", "lumen", "in-review", "--at", "-1d"], review)
        #expect(next.status == .success, "\(next.standardError)")
        #expect(next.standardOutput.contains("Lumen 1.0 (macOS) In Review"), "\(next.standardOutput)")
        let fresh = run(["log", "Fokus", "waiting-for-review", "--version", "2.0", "--at", "-1d"], review)
        #expect(fresh.standardOutput.contains("(iOS)"))
    }

    @Test("with several platforms: the one holding --version, else the latest; a version on both is refused")
    func severalPlatforms() throws {
        let review = try InProcessReview()
        for (platform, version, at) in [("ios", "1.0", "-5d"), ("macos", "2.0", "-4d"), ("macos", "1.0", "-3d")] {
            #expect(
                run(
                    ["log", "Tide", "waiting-for-review", "--version", version, "--platform", platform, "--at", at],
                    review
                )
                .status == .success)
        }
        let byVersion = run(["log", "Tide", "in-review", "--version", "2.0", "--at", "-2d"], review)
        #expect(byVersion.standardOutput.contains("Tide 2.0 (macOS)"), "\(byVersion.standardOutput)")
        let latest = run(["log", "Tide", "rejected", "--at", "-1d"], review)
        #expect(latest.standardOutput.contains("(macOS)"), "\(latest.standardOutput)")
        let ambiguous = run(["log", "Tide", "in-review", "--version", "1.0", "--at", "-1h"], review)
        #expect(ambiguous.status == .usage)
        #expect(ambiguous.standardError.contains("--platform iOS or --platform macOS"), "\(ambiguous.standardError)")
        let unknown = run(["log", "Tide", "waiting-for-review", "--version", "9.9", "--at", "-1h"], review)
        #expect(unknown.status == .usage)
        #expect(unknown.standardError.contains("on none of them"))
    }
}
