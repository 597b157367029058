import Foundation
import GatehouseCore
import GatehouseTesting
import ReviewTesting

#if canImport(Glibc)
    import Glibc
#endif

extension Bench {
    /// The PostgreSQL store (issue 14) against the SQLite one, whole `review` processes of the release binary: `review
    /// log` latency into PostgreSQL on loopback beside `review log` into SQLite, and `review stats` over 500,000 events
    /// from each store. The server is a throwaway cluster (`PostgreSQLServer` of GatehouseTesting: fsync on, password
    /// login over TCP on 127.0.0.1), removed at the end.
    static func postgreSQL(settings: Settings, report: inout Report) throws {
        let eventTarget = settings.quick ? 50_000 : 500_000
        let logMeasure = "review log into PostgreSQL on loopback (process), vs review log into SQLite (process)"
        let server: PostgreSQLServer
        do {
            if PostgreSQLServer.isDisabled {
                throw PostgreSQLServer.Failure("\(PostgreSQLServer.skipVariable) is set")
            }
            server = try PostgreSQLServer.start()
        } catch {
            report.add(logMeasure, "skipped: \(error)", short: "PostgreSQL rows skipped")
            report.add(statsMeasure(eventTarget), "skipped: \(error)")
            return
        }
        defer { server.remove() }
        let version = (try? server.query("SHOW server_version")) ?? "?"
        let sharedBuffers = (try? server.query("SHOW shared_buffers")) ?? "?"
        let startup = Double(server.startup.components.seconds) + Double(server.startup.components.attoseconds) / 1e18
        print(
            "  PostgreSQL \(version), a throwaway cluster on 127.0.0.1:\(server.port) (initdb and start: "
                + "\(fixed(startup, 1)) s; fsync on, shared_buffers \(sharedBuffers))")
        try postgreSQLLog(settings: settings, server: server, measure: logMeasure, report: &report)
        try postgreSQLStats(settings: settings, server: server, events: eventTarget, report: &report)
    }

    /// `review log` into PostgreSQL and into SQLite, interleaved pairs of processes, each event a new version (so
    /// each is written). Latency is wall time per process: connecting (SCRAM password login over TCP), the schema
    /// check, the transaction and its commit (fsync on the server; synchronous = FULL on SQLite).
    private static func postgreSQLLog(
        settings: Settings, server: PostgreSQLServer, measure: String, report: inout Report
    ) throws {
        let database = try server.createDatabase("bench_log")
        let sqlite = "\(settings.workDirectory)/log-beside-postgresql.sqlite3"
        for suffix in ["", "-wal", "-shm"] { unlink(sqlite + suffix) }
        let review = "\(settings.binDirectory)/review"
        func log(_ store: String, _ index: Int) -> [String] {
            [
                review, "--db", store, "log", "Bench App", "waiting-for-review", "--version", "1.\(index)", "--at",
                CivilTime.iso8601(Int64(1_767_225_600 + index)),
            ]
        }
        // The first event creates each store (schema and app) and is not measured.
        try Processes.runChecked(log(sqlite, 2_000_000))
        try Processes.runChecked(log(database.url, 2_000_000))
        let pairs = settings.quick ? 40 : 200
        let result = try interleavedProcesses(
            pairs: pairs, baseline: { log(sqlite, $0) }, subject: { log(database.url, $0) })
        // Every process logged one new event: 1 + 3 warm-ups + the measured ones.
        let stored = try server.query("SELECT count(*) FROM events", database: database.name)
        precondition(stored == String(pairs + 4), "PostgreSQL holds \(stored) events, not \(pairs + 4)")
        let postgreSQL = result.subjectRuns.map(\.wall)
        let sqliteRuns = result.baselineRuns.map(\.wall)
        func milliseconds(_ seconds: Double) -> String { fixed(seconds * 1000, 1) }
        report.add(
            measure,
            "p50 \(milliseconds(percentile(postgreSQL, 50))) ms, p99 \(milliseconds(percentile(postgreSQL, 99))) ms "
                + "wall (client CPU \(milliseconds(medianOf(result.subjectRuns.map(\.cpu)))) ms); SQLite p50 "
                + "\(milliseconds(percentile(sqliteRuns, 50))) ms, p99 \(milliseconds(percentile(sqliteRuns, 99))) ms "
                + "(CPU \(milliseconds(medianOf(result.baselineRuns.map(\.cpu)))) ms); "
                + "\(fixed(result.ratio, 2))× SQLite's time (median of \(pairs) interleaved pairs)",
            short: "pg log p50 \(milliseconds(percentile(postgreSQL, 50))) ms, p99 "
                + "\(milliseconds(percentile(postgreSQL, 99))) ms, \(fixed(result.ratio, 2))× sqlite")
    }

    /// `review stats` over the same history in both stores: written as CSV (`HistoryGenerator`), imported into
    /// SQLite with `review import`, copied into PostgreSQL with `review migrate --to URL` (both timed), then the two
    /// outputs compared byte for byte, then interleaved pairs of `stats` runs. PostgreSQL is judged on wall time: the
    /// server's work is in its own processes, outside the client's CPU time; the server's CPU time is shown beside it.
    private static func postgreSQLStats(
        settings: Settings, server: PostgreSQLServer, events: Int, report: inout Report
    ) throws {
        let work = settings.workDirectory
        let review = "\(settings.binDirectory)/review"
        let history = "\(work)/history-for-postgresql.csv"
        let written = try HistoryGenerator.write(atLeast: events, to: history)
        let sqlite = "\(work)/stats-beside-postgresql.sqlite3"
        for suffix in ["", "-wal", "-shm"] { unlink(sqlite + suffix) }
        let importSeconds = try Processes.time([review, "--db", sqlite, "import", history])
        let database = try server.createDatabase("bench_stats")
        let migrateSeconds = try Processes.time([review, "--db", sqlite, "migrate", "--to", database.url])
        let stored = try server.query("SELECT count(*) FROM events", database: database.name)
        precondition(stored == String(written.events), "PostgreSQL holds \(stored) events, not \(written.events)")
        report.add(
            "review migrate --to URL: \(written.events) events from SQLite into PostgreSQL (process)",
            "\(fixed(migrateSeconds, 1)) s wall (\(fixed(Double(written.events) / migrateSeconds, 0)) events/s; "
                + "review import of the same \(written.cycles) cycles as CSV into SQLite: \(fixed(importSeconds, 1)) s)",
            short: "migrate \(fixed(migrateSeconds, 1)) s")
        // Statistics now, as autovacuum would take them later, so that it does not run during the measurement.
        _ = try server.query("VACUUM ANALYZE", database: database.name)

        func stats(_ store: String) -> [String] { [review, "--db", store, "--now", "2030-01-01T00:00:00Z", "stats"] }
        let sqliteOutput = "\(work)/stats-sqlite.txt"
        let postgreSQLOutput = "\(work)/stats-postgresql.txt"
        try Processes.runChecked(stats(sqlite), stdoutPath: sqliteOutput)
        try Processes.runChecked(stats(database.url), stdoutPath: postgreSQLOutput)
        let expected = try String(contentsOfFile: sqliteOutput, encoding: .utf8)
        let got = try String(contentsOfFile: postgreSQLOutput, encoding: .utf8)
        guard expected == got else {
            let difference = firstDifference(expected, got)
            let message =
                "FAILED: the outputs differ (\(difference); the whole outputs: \(sqliteOutput), \(postgreSQLOutput))"
            FileHandle.standardError.write(Data("gatehouse-bench: review stats \(message)\n".utf8))
            report.add(
                statsMeasure(written.events), message, target: "byte-identical output, < 2 s", met: false,
                short: "pg stats OUTPUTS DIFFER")
            return
        }

        let pairs = settings.quick ? 3 : 7
        let serverBefore = try serverCPUSeconds(server)
        let result = try interleavedProcesses(
            pairs: pairs, warmUps: 1, baseline: { _ in stats(sqlite) }, subject: { _ in stats(database.url) })
        usleep(200_000)  // the last backend's exit, reaped by the postmaster
        // Averaged over the measured runs and the one warm-up run.
        let serverCPU = (try serverCPUSeconds(server) - serverBefore) / Double(pairs + 1)
        let wall = result.subject
        report.add(
            statsMeasure(written.events),
            "PostgreSQL \(fixed(wall, 3)) s wall (client CPU \(fixed(medianOf(result.subjectRuns.map(\.cpu)), 3)) s, "
                + "server CPU ≈ \(fixed(serverCPU, 2)) s); SQLite \(fixed(result.baseline, 3)) s wall "
                + "(\(fixed(medianOf(result.baselineRuns.map(\.cpu)), 3)) s CPU); \(fixed(result.ratio, 2))× SQLite's "
                + "wall time (median of \(pairs) interleaved pairs); outputs byte-identical (\(expected.utf8.count) bytes)",
            target: "< 2 s wall (PostgreSQL)", met: wall < 2,
            short: "pg stats \(fixed(wall, 2)) s wall, \(fixed(result.ratio, 2))× sqlite")
    }

    private static func statsMeasure(_ events: Int) -> String {
        "review stats over \(events) events from PostgreSQL (process), vs from SQLite"
    }

    /// CPU seconds (user + system) of the server's ended processes: the backend of every closed connection, summed
    /// by the kernel into the postmaster's reaped-children times (`cutime` and `cstime`, fields 16 and 17 of
    /// `/proc/PID/stat`, proc(5)), in clock ticks.
    private static func serverCPUSeconds(_ server: PostgreSQLServer) throws -> Double {
        guard let pid = server.postmasterPID(),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { throw Processes.Failure(description: "cannot read the postmaster's /proc/PID/stat") }
        // After the command's closing parenthesis: field 3 (state) onwards.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 14, let user = Double(fields[13]), let system = Double(fields[14]) else {
            throw Processes.Failure(description: "unexpected /proc/\(pid)/stat: \(stat)")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Where two texts first differ: the line number and both lines.
    private static func firstDifference(_ expected: String, _ got: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = got.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? String(left[index]) : "(end)"
            let b = index < right.count ? String(right[index]) : "(end)"
            if a != b { return "line \(index + 1): SQLite \"\(a)\", PostgreSQL \"\(b)\"" }
        }
        return "same lines, different bytes"
    }
}
