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
