import Foundation
import GatehouseCore
import JWT

extension Bench {
    /// jwtcheck against `openssl dgst -verify`, `review log` against a `sqlite3` insert, `review stats`, `review report`.
    static func processes(settings: Settings, fixtures: Fixtures, report: inout Report) async throws {
        let work = settings.workDirectory
        let binaries = settings.binDirectory
        guard let openssl = Processes.which("openssl"), let sqlite3 = Processes.which("sqlite3") else {
            report.add("Whole processes", "skipped: openssl or sqlite3 missing (make bench installs them)")
            return
        }
        let jwtcheck = [
            "\(binaries)/jwtcheck", "token", "@\(work)/token.txt", "--jwks", "\(work)/apple-jwks.json", "--aud",
            Fixtures.clientID, "--iss", Fixtures.issuer,
        ]
        let dgst = [
            openssl, "dgst", "-sha256", "-verify", "\(work)/key.pem", "-signature", "\(work)/signature.bin",
            "\(work)/signing-input.txt",
        ]
        let pairs = settings.quick ? 30 : 150
        let check = try interleavedProcesses(pairs: pairs, baseline: { _ in dgst }, subject: { _ in jwtcheck })
        report.add(
            "jwtcheck token (process) vs openssl dgst -verify (process)",
            "\(fixed(check.ratio, 2))× the time (\(fixed(check.subject * 1000, 2)) ms vs \(fixed(check.baseline * 1000, 2)) ms)",
            target: "≤ 1.5×", met: check.ratio <= 1.5, short: "jwtcheck \(fixed(check.ratio, 2))× openssl")

        // review log against sqlite3 INSERT, both on the same store (WAL, synchronous FULL for both).
        let database = "\(work)/log.sqlite3"
        for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
        let review = "\(binaries)/review"
        try Processes.runChecked([
            review, "--db", database, "log", "Bench App", "waiting-for-review", "--version", "0.1", "--at",
            "2026-01-01T00:00:00Z",
        ])
        let logPairs = settings.quick ? 10 : 40
        let log = try interleavedProcesses(
            pairs: logPairs,
            baseline: { index in
                [
                    sqlite3, database,
                    "INSERT INTO events (app_id, platform, version, build, state, at, note, source) VALUES "
                        + "(1, 'iOS', '9.\(index)', NULL, 'WAITING_FOR_REVIEW', \(1_767_225_600 + index), NULL, 'sync')",
                ]
            },
            subject: { index in
                [
                    review, "--db", database, "log", "Bench App", "waiting-for-review", "--version", "1.\(index)",
                    "--at", CivilTime.iso8601(Int64(1_767_225_600 + index)),
                ]
            })
        report.add(
            "review log (process) vs sqlite3 INSERT (process)",
            "\(fixed(log.ratio, 2))× the time (\(fixed(log.subject * 1000, 2)) ms vs \(fixed(log.baseline * 1000, 2)) ms)",
            target: "≤ 2×", met: log.ratio <= 2, short: "review log \(fixed(log.ratio, 2))× sqlite3")

        // review stats over an imported history of 100,000 submission cycles.
        let cycles = settings.quick ? 10_000 : 100_000
        let history = "\(work)/history.csv"
        let events = try HistoryGenerator.write(cycles: cycles, to: history)
        let statsDatabase = "\(work)/stats.sqlite3"
        for suffix in ["", "-wal", "-shm"] { unlink(statsDatabase + suffix) }
        let importSeconds = try Processes.time([review, "--db", statsDatabase, "import", history])
        let statsRun = try Processes.median(of: 5, [review, "--db", statsDatabase, "stats"])
        // Judged on CPU time (user + system): on a shared machine the wall time also counts waiting for a core.
        let stats = statsRun.cpu
        report.add(
            "review stats over \(cycles) cycles (\(events) events)",
            "\(fixed(stats, 3)) s CPU, \(fixed(statsRun.wall, 3)) s wall (import took \(fixed(importSeconds, 1)) s)",
            target: "< 1 s", met: stats < 1, short: "stats \(fixed(stats, 2)) s CPU")

        // review report --html over the same store (issue 13): the whole page, written to a file.
        let page = "\(work)/report.html"
        let reportRun = try Processes.median(of: 5, [review, "--db", statsDatabase, "report", "--html", page])
        let pageBytes = (try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int) ?? 0
        let reportSeconds = reportRun.cpu
        report.add(
            "review report --html over \(cycles) cycles (\(events) events)",
            "\(fixed(reportSeconds, 3)) s CPU, \(fixed(reportRun.wall, 3)) s wall (a page of \(pageBytes / 1024) KiB)",
            target: "< 2 s", met: reportSeconds < 2, short: "report \(fixed(reportSeconds, 2)) s CPU")
    }

    /// The token, key sets, PEM key, signature and signing input, as files for the processes.
    static func writeFiles(settings: Settings, fixtures: Fixtures) throws {
        let work = settings.workDirectory
        let signed = fixtures.rs256
        try write(signed.token, to: "\(work)/token.txt")
        try write(fixtures.jwksJSON, to: "\(work)/jwks.json")
        try write(fixtures.appleJWKSJSON, to: "\(work)/apple-jwks.json")
        try write(signed.publicKey.pemRepresentation, to: "\(work)/key.pem")
        try Data(signed.signature).write(to: URL(fileURLWithPath: "\(work)/signature.bin"))
        try Data(signed.signingInput).write(to: URL(fileURLWithPath: "\(work)/signing-input.txt"))
    }

    struct ProcessRatio {
        /// Median of per-pair subject wall time / baseline wall time.
        var ratio: Double
        /// Median wall seconds of the subject's runs, and of the baseline's.
        var subject: Double
        var baseline: Double
        /// Every measured run, in order: wall and CPU seconds (the child's user + system).
        var subjectRuns: [Processes.Run]
        var baselineRuns: [Processes.Run]
    }

    /// Pairs of whole-process runs, alternating which goes first, after `warmUps` unmeasured runs of each (to warm
    /// the page cache); the arguments may depend on the pair's index (warm-up runs get 1,000,000 and up).
    static func interleavedProcesses(
        pairs: Int, warmUps: Int = 3, baseline: (Int) -> [String], subject: (Int) -> [String]
    ) throws -> ProcessRatio {
        for index in 0..<warmUps {
            try Processes.runChecked(baseline(1_000_000 + index))
            try Processes.runChecked(subject(1_000_000 + index))
        }
        var ratios: [Double] = []
        var subjects: [Processes.Run] = []
        var baselines: [Processes.Run] = []
        for index in 0..<pairs {
            let base: Processes.Run
            let subj: Processes.Run
            if index % 2 == 0 {
                base = try Processes.measure(baseline(index))
                subj = try Processes.measure(subject(index))
            } else {
                subj = try Processes.measure(subject(index))
                base = try Processes.measure(baseline(index))
            }
            ratios.append(subj.wall / base.wall)
            subjects.append(subj)
            baselines.append(base)
        }
        return ProcessRatio(
            ratio: medianOf(ratios), subject: medianOf(subjects.map(\.wall)), baseline: medianOf(baselines.map(\.wall)),
            subjectRuns: subjects, baselineRuns: baselines)
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
