import CommandLineKit
import Foundation
import GatehouseTesting
import ReviewLog
import Testing

@testable import ReviewCLI

/// `review report [APP] --html FILE` (issue 13): parsing, the read-only store rule, writing the page, and the
/// built binary end to end. The page's content is ReviewReportTests' subject.
@Suite("review report --html")
struct ReportCommandTests {
    static let now = Timestamp(secondsSince1970: 1_768_046_400)  // 2026-01-10T12:00:00Z

    /// A store holding the sample history in a temporary directory, run with a time pinned to `now`.
    struct SampleStore {
        let directory: TemporaryDirectory
        let path: String

        init() throws {
            directory = try TemporaryDirectory()
            path = directory.file("review.sqlite3").path
            let history = SharedResources.samplesDirectory.appendingPathComponent("review/history.csv").path
            let imported = run(["import", history])
            #expect(imported.status == .success, "\(imported.standardError)")
        }

        /// `review --db PATH ARGUMENTS...`, in process.
        func run(_ arguments: [String]) -> CommandOutput {
            ReviewCLI.main(
                arguments: ["--db", path] + arguments,
                environment: ReviewEnvironment(now: ReportCommandTests.now, variables: [:]))
        }
    }

    @Test("parses FILE and an optional app; --html is required")
    func parse() throws {
        #expect(try ReviewParsing.parse(["report", "--html", "out.html"]) == .run(ReportCommand(html: "out.html")))
        #expect(
            try ReviewParsing.parse(["report", "Tideline", "--html=-"])
                == .run(ReportCommand(app: "Tideline", html: "-")))
        #expect(!ReviewParsing.createsStore(ReportCommand(html: "x")))
        let missing = #expect(throws: CommandFailure.self) { try ReviewParsing.parse(["report"]) }
        #expect(missing?.status == .usage)
        #expect(missing?.message.contains("report needs --html FILE") == true)
        let extra = #expect(throws: CommandFailure.self) {
            try ReviewParsing.parse(["report", "A", "B", "--html", "x"])
        }
        #expect(extra?.message.contains("too many arguments for report") == true)
    }

    @Test("a missing store is 66 and neither the store nor the page is created")
    func missingStore() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("typo.sqlite3").path
        let page = directory.file("report.html").path
        let output = ReviewCLI.main(
            arguments: ["--db", store, "report", "--html", page],
            environment: ReviewEnvironment(now: Self.now, variables: [:]))
        #expect(output.status == .noInput)
        #expect(output.standardError.contains("no store at \(store)"))
        #expect(!FileManager.default.fileExists(atPath: store))
        #expect(!FileManager.default.fileExists(atPath: page))
    }

    @Test("the summary line counts in the singular for one (issue 25 item 13: \"1 app tiles, 1 versions\")")
    func singular() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("one.sqlite3").path
        let page = directory.file("report.html").path
        func run(_ arguments: [String]) -> CommandOutput {
            ReviewCLI.main(
                arguments: ["--db", store] + arguments, environment: ReviewEnvironment(now: Self.now, variables: [:]))
        }
        let logged = run(["log", "Fokus", "WAITING_FOR_REVIEW", "--version", "1.0", "--at", "2026-01-01T10:00:00Z"])
        #expect(logged.status == .success, "\(logged.standardError)")
        let output = run(["report", "--html", page])
        #expect(output.standardOutput.hasPrefix("Wrote the report (1 app tile, 1 version, 1 cycle, "), "\(output)")
        #expect(ReportCommand.count(0, "cycle") == "0 cycles" && ReportCommand.count(2, "version") == "2 versions")
    }

    @Test("writes the page, replacing an old one, and says where; --json says what it holds")
    func writes() throws {
        let store = try SampleStore()
        let page = store.directory.file("report.html")
        try Data("old".utf8).write(to: page)
        let output = store.run(["report", "--html", page.path])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("Wrote the report (4 app tiles, 59 versions, "))
        #expect(output.standardOutput.hasSuffix(" to \(page.path)\n"))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<article class=\"tile ").count - 1 == 4)
        let json = store.run(["report", "--html", page.path, "--json"])
        #expect(json.standardOutput.hasPrefix("{\"file\": \"\(page.path)\", \"tiles\": 4, \"versions\": 59, "))
        #expect(json.standardOutput.contains("\"bytes\": \(html.utf8.count)}"))
    }

    @Test("one app's report has only its tiles; --html - writes the page to standard output")
    func oneAppToStandardOutput() throws {
        let store = try SampleStore()
        let output = store.run(["report", "tideline", "--html", "-"])
        #expect(output.status == .success)
        #expect(output.standardOutput.components(separatedBy: "<article class=\"tile ").count - 1 == 2)
        #expect(!output.standardOutput.contains("Kanji Garden"))
        let unknown = store.run(["report", "Tidelin", "--html", "-"])
        #expect(unknown.status == .negative)
        #expect(unknown.standardError.contains("did you mean Tideline?"))
    }

    @Test("a folder that cannot be created (a file in its way) is 74, naming the path and the cause")
    func unwritable() throws {
        let store = try SampleStore()
        try Data("a file".utf8).write(to: store.directory.file("blocker"))
        let page = store.directory.file("blocker/report.html").path
        let output = store.run(["report", "--html", page])
        #expect(output.status == .ioError)
        #expect(output.standardError.contains("cannot write the report to \(page): "), "\(output.standardError)")
        #expect(output.standardError.contains("(Not a directory)"), "\(output.standardError)")
        #expect(output.standardError.contains("check that its folder can be created"))
    }

    @Test("a symlink planted at the old temporary name FILE.<pid>.tmp is not followed; its target is intact")
    func plantedTemporaryName() throws {
        let store = try SampleStore()
        let victim = store.directory.file("victim.txt").path
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        let page = store.directory.file("report.html").path
        let planted = "\(page).\(getpid()).tmp"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        let output = store.run(["report", "--html", page])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted) == victim)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: page)) == nil)
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let left = try FileManager.default.contentsOfDirectory(atPath: store.directory.url.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") && !planted.hasSuffix($0) }, "\(left)")
    }

    @Test("a relative --html path is written under the working directory, its missing folders made 0700")
    func relativePathWithFolders() throws {
        let store = try SampleStore()
        let result = try ProcessRunner.run(
            "review", ["--db", store.path, "report", "--html", "out/pages/report.html"],
            currentDirectory: store.directory.url)
        #expect(result.status == 0, "\(result.standardError)")
        let page = store.directory.file("out/pages/report.html").path
        #expect(FileManager.default.fileExists(atPath: page))
        for folder in ["out", "out/pages"] {
            let mode =
                try FileManager.default.attributesOfItem(atPath: store.directory.file(folder).path)[
                    .posixPermissions] as? Int
            #expect(mode == 0o700, "\(folder)")
        }
    }

    @Test("the built binary writes the report and prints its path")
    func endToEnd() throws {
        let store = try SampleStore()
        let page = store.directory.file("report.html").path
        let result = try ProcessRunner.run("review", ["--db", store.path, "report", "--html", page])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix(" to \(page)\n"))
        #expect(result.standardError.isEmpty)
        #expect(FileManager.default.fileExists(atPath: page))
    }
}
