import Foundation
import GatehouseCore
import JWT
import ReviewTesting

#if canImport(Glibc)
    import Glibc
#endif

extension Bench {
    /// Issue 24's App Store output baseline over 100,000 cycles: the test suite's generated history
    /// (`GeneratedReviewHistory`, at this size), imported with the release `review` (in parts: an import file is at
    /// most 64 MiB), then `stats` (text, JSON, with open cycles, by quarter, one year), `status`, `timeline` of the
    /// first app (every version, text and JSON), `export` (CSV and JSON) and `report --html`, each run as a process at
    /// the history's now with `--utc`, its output's SHA-256 compared with `Benchmarks/baselines/app-store-100k.sha256`
    /// (`OutputBaseline`). A mismatch is a failed row, and gatehouse-bench exits 1. `GATEHOUSE_WRITE_BASELINE=1` writes
    /// the file instead; `GATEHOUSE_BASELINE_OUTPUTS=DIR` keeps every output in `DIR/100k`. Always 100,000 cycles, also
    /// with --quick: the hashes are of that history.
    static func baseline(settings: Settings, report: inout Report) throws {
        let cycles = 100_000
        let work = "\(settings.workDirectory)/baseline"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let review = "\(settings.binDirectory)/review"
        let database = "\(work)/baseline.sqlite3"
        for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
        let started = Clock.now()

        var generated: GeneratedReviewHistory?
        let generateSeconds = Clock.time { generated = GeneratedReviewHistory(cycles: cycles) }
        guard let history = generated else { return }
        var importSeconds = 0.0
        for (index, part) in history.csvParts(maximumBytes: 32 << 20).enumerated() {
            let file = "\(work)/history-\(index + 1).csv"
            try Data(part.utf8).write(to: URL(fileURLWithPath: file))
            importSeconds += try Processes.time([review, "--db", database, "import", file])
        }

        let app = history.apps[0].name
        // The year as instants: a bare year is local time even with --utc.
        let since = "\(history.middleYear)-01-01T00:00:00Z"
        let until = "\(history.middleYear + 1)-01-01T00:00:00Z"
        let commands: [[String]] = [
            ["stats"], ["stats", "--json"], ["stats", "--include-open", "--json"], ["stats", "--by", "quarter"],
            ["stats", "--since", since, "--until", until, "--json"], ["status"], ["status", "--json"],
            ["timeline", app, "--all"], ["timeline", app, "--all", "--json"], ["export", "--format", "csv"],
            ["export", "--format", "json"],
        ]
        var entries: [OutputBaseline.Entry] = []
        var texts: [String: String] = [:]
        var outputsSeconds = 0.0
        func take(_ name: String, _ bytes: [UInt8]) throws {
            try OutputBaseline.keep(bytes, name: name, group: "100k")
            entries.append(OutputBaseline.Entry(name: name, sha256: Hex.lowercase(Digest.sha256(bytes))))
            texts[name] = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        }
        let output = "\(work)/output"
        for arguments in commands {
            outputsSeconds += try Clock.time {
                try Processes.runChecked(
                    [review, "--db", database, "--utc", "--now", history.nowISO8601] + arguments, stdoutPath: output)
            }
            try take(arguments.joined(separator: " "), Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        }
        let page = "\(work)/report.html"
        outputsSeconds += try Processes.time([
            review, "--db", database, "--utc", "--now", history.nowISO8601, "report", "--html", page,
        ])
        try take("report --html", Array(try Data(contentsOf: URL(fileURLWithPath: page))))

        let file = URL(fileURLWithPath: settings.baselinesDirectory).appendingPathComponent("app-store-100k.sha256")
        let baseline = OutputBaseline(file: file)
        let timing =
            "\(history.events) events; generated in \(fixed(generateSeconds, 1)) s, imported in "
            + "\(fixed(importSeconds, 1)) s, \(entries.count) outputs in \(fixed(outputsSeconds, 1)) s; "
            + "\(fixed(Clock.now() - started, 1)) s in all"
        let measure = "App Store outputs over \(cycles) generated cycles against \(file.lastPathComponent)"
        if OutputBaseline.isWriting {
            try baseline.write(entries)
            report.add(measure, "written (\(OutputBaseline.writeVariable)=1): \(timing)")
            return
        }
        let mismatches = try baseline.mismatches(entries)
        guard mismatches.isEmpty else {
            for mismatch in mismatches {
                print("  ! \(mismatch)")
                let lines = OutputBaseline.head(texts[mismatch.name] ?? "").split(separator: "\n")
                print(lines.map { "    \($0)" }.joined(separator: "\n"))
            }
            print(
                "  ! \(OutputBaseline.outputsVariable)=DIR keeps every output (diff it against the previous release's); "
                    + "a deliberate change: \(OutputBaseline.writeVariable)=1 Benchmarks/run --only baseline, then commit "
                    + "\(file.path) saying why")
            report.fail(
                measure,
                "\(mismatches.count) of \(entries.count) outputs differ: "
                    + mismatches.map(\.name).joined(separator: ", ") + "; \(timing)",
                target: "identical", short: "baseline: \(mismatches.count) differ")
            return
        }
        report.add(
            measure, "\(entries.count) outputs identical; \(timing)", target: "identical", met: true,
            short: "baseline identical (\(fixed(Clock.now() - started, 0)) s)")
    }
}
