import CommandLineKit
import Foundation
import GatehouseCore
import GatehouseTesting
import JWT
import ReviewLog
import ReviewTesting
import Testing

@testable import ReviewCLI

/// Issue 24's guard: what `review` writes for App Store cycles is byte-identical to what the release before the
/// TestFlight track wrote. Each test imports a history into a fresh SQLite store with `review import` (in process,
/// `--utc`, a pinned now), runs the reading commands over it (`stats` in its forms, `timeline --all` per app and per
/// platform, `status`, `export` as CSV and JSON, `report --html`, and the reminders a store records at now, as
/// `notify list --json` shows them) and compares the SHA-256 of each output with the committed file in `Tests/Baselines/`
/// (`OutputBaseline`: one `<sha256>  <name>` line per output). The histories: the samples (`Samples/review/history.csv`
/// and `prilingo-2020.json`) and 2,000 generated cycles (`GeneratedReviewHistory`); the benchmarks check 100,000
/// (`make bench`, `gatehouse-bench --only baseline`).
///
/// A hash cannot say which line changed: a mismatch names the output and prints its first 40 lines now. To see the
/// whole of it, run with `GATEHOUSE_BASELINE_OUTPUTS=DIR`, which writes every output into `DIR` (run it on the previous
/// release too, and diff the two folders). To record a deliberate change (never by default), regenerate the files:
///
///     GATEHOUSE_WRITE_BASELINE=1 swift test --disable-xctest --filter AppStoreOutputBaselineTests
///
/// and commit them saying why. Skipped under the sanitizers (`Sanitizers.areActive`): the comparison of bytes adds
/// nothing there, and takes long.
@Suite(
    "App Store outputs: stats, timeline, status, export, report and reminders are byte-identical to the baseline",
    .enabled(if: !Sanitizers.areActive, Comment(rawValue: Sanitizers.skipReason)))
struct AppStoreOutputBaselineTests {
    @Test("the sample history (history.csv and prilingo-2020.json)")
    func samples() throws {
        let review = try BaselineStore(now: "2026-01-08T12:00:00Z")
        let samples = SharedResources.samplesDirectory.appendingPathComponent("review")
        try review.importFile(samples.appendingPathComponent("history.csv").path)
        try review.importFile(samples.appendingPathComponent("prilingo-2020.json").path)
        let apps = [
            ("Tideline", ["iOS", "macOS"]), ("Kanji Garden", ["iOS"]), ("Loop Timer", ["watchOS"]),
            ("PriLingo", ["iOS"]),
        ]
        let entries = try review.outputs(apps: apps, year: 2025, group: "samples")
        try check(entries, against: "app-store-samples.sha256")
    }

    @Test("a generated history of 2,000 cycles, open ones at the end")
    func generated() throws {
        let history = GeneratedReviewHistory(cycles: 2_000)
        #expect(history.cycles == 2_000 && history.openCycles > 0)
        let review = try BaselineStore(now: history.nowISO8601)
        let file = review.directory.file("generated.csv")
        try Data(history.csv.utf8).write(to: file)
        try review.importFile(file.path)
        let entries = try review.outputs(
            apps: history.apps.map { ($0.name, $0.platforms) }, year: history.middleYear, group: "generated")
        try check(entries, against: "app-store-2000.sha256")
    }

    /// Compares with the committed file, or writes it under `GATEHOUSE_WRITE_BASELINE=1`.
    private func check(_ taken: [TakenOutput], against name: String) throws {
        let baseline = OutputBaseline(
            file: SharedResources.packageRoot.appendingPathComponent("Tests/Baselines").appendingPathComponent(name))
        let entries = taken.map(\.entry)
        if OutputBaseline.isWriting {
            try baseline.write(entries)
            return
        }
        let committed = try baseline.entries()
        #expect(!committed.isEmpty, "\(baseline.file.path) is missing or empty")
        let mismatches = try baseline.mismatches(entries)
        for mismatch in mismatches {
            let now = taken.first { $0.entry.name == mismatch.name }.map { OutputBaseline.head($0.text) } ?? ""
            Issue.record(
                """
                \(mismatch)
                The output's first 40 lines now:
                \(now)
                GATEHOUSE_BASELINE_OUTPUTS=DIR writes every output into DIR (run it on the previous release too, and \
                diff). A deliberate change: GATEHOUSE_WRITE_BASELINE=1 swift test --disable-xctest --filter \
                AppStoreOutputBaselineTests, then commit \(baseline.file.lastPathComponent) saying why.
                """)
        }
    }
}

/// One output taken: its text and its baseline entry.
private struct TakenOutput {
    var entry: OutputBaseline.Entry
    var text: String
}

/// A fresh SQLite store, `review` run in process against it with a pinned now and `--utc`.
private struct BaselineStore {
    let directory: TemporaryDirectory
    let environment: ReviewEnvironment

    init(now: String) throws {
        directory = try TemporaryDirectory()
        let now = try #require(Timestamp(iso8601: now))
        environment = ReviewEnvironment(now: now, variables: ["REVIEW_DB": directory.file("r.sqlite3").path])
    }

    func run(_ arguments: [String]) throws -> String {
        let output = ReviewCLI.main(arguments: arguments + ["--utc"], environment: environment)
        guard output.status == .success else {
            let command = arguments.joined(separator: " ")
            throw SkipUnlessCI.Failure(description: "review \(command): \(output.standardError)")
        }
        return output.standardOutput
    }

    func importFile(_ path: String) throws {
        _ = try run(["import", path])
    }

    /// Every output of the baseline, in order, each kept in `GATEHOUSE_BASELINE_OUTPUTS/<group>` when it is set.
    /// `year` is the window of `stats --since --until`, given as instants: a bare year there is local time even with
    /// `--utc` (as its help says), and the outputs must not depend on `TZ`.
    func outputs(apps: [(name: String, platforms: [String])], year: Int64, group: String) throws -> [TakenOutput] {
        let since = "\(year)-01-01T00:00:00Z"
        let until = "\(year + 1)-01-01T00:00:00Z"
        var commands: [[String]] = [
            ["stats"], ["stats", "--json"], ["stats", "--include-open"], ["stats", "--include-open", "--json"],
            ["stats", "--by", "month"], ["stats", "--by", "quarter", "--json"],
            ["stats", "--since", since, "--until", until], ["stats", "--since", since, "--until", until, "--json"],
        ]
        var platforms: [String] = []
        for app in apps { platforms += app.platforms.filter { !platforms.contains($0) } }
        commands += platforms.map { ["stats", "--platform", $0, "--json"] }
        for app in apps {
            commands += [["stats", app.name], ["stats", app.name, "--json"]]
            commands += [
                ["timeline", app.name], ["timeline", app.name, "--all"], ["timeline", app.name, "--all", "--json"],
            ]
            if app.platforms.count > 1 {
                for platform in app.platforms {
                    commands += [
                        ["timeline", app.name, "--all", "--platform", platform],
                        ["timeline", app.name, "--all", "--platform", platform, "--json"],
                    ]
                }
            }
        }
        commands += [
            ["status"], ["status", "--json"], ["status", "--all"], ["status", "--all", "--json"],
            ["export", "--format", "csv"], ["export", "--format", "json"],
        ]
        var taken = try commands.map { arguments in
            try output(arguments.map(Self.quoted).joined(separator: " "), Array(run(arguments).utf8), group: group)
        }
        let page = directory.file("report.html")
        _ = try run(["report", "--html", page.path])
        taken.append(try output("report --html", Array(Data(contentsOf: page)), group: group))
        taken.append(try output("reminders at now (notify list --json)", Array(reminders().utf8), group: group))
        return taken
    }

    /// The reminders the store records at now (the long waits of open cycles), for one channel that wants every
    /// app, as `notify list --json` lists them.
    func reminders() throws -> String {
        _ = try run(["notify", "add", "webhook", "http://127.0.0.1:9/baseline"])
        let store = try RelationalReviewStore(sqlitePath: directory.file("r.sqlite3").path)
        _ = try store.recordReminders(now: environment.now)
        return try run(["notify", "list", "--json"])
    }

    private func output(_ name: String, _ bytes: [UInt8], group: String) throws -> TakenOutput {
        try OutputBaseline.keep(bytes, name: name, group: group)
        let entry = OutputBaseline.Entry(name: name, sha256: Hex.lowercase(Digest.sha256(bytes)))
        return TakenOutput(entry: entry, text: String(decoding: bytes, as: UTF8.self))
    }

    /// An argument as a shell would need it: in single quotes when it holds anything but letters, digits and `-.`.
    private static func quoted(_ argument: String) -> String {
        let plain = argument.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
        }
        return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
