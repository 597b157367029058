import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// Crash safety of the review store under writers killed with SIGKILL at random moments: every event a writer
/// acknowledged (exit status 0) is in the store, an import is all or nothing, and the file passes
/// `PRAGMA integrity_check` afterwards.
@Suite("review store crash safety: writers killed at random moments")
struct CrashSafetyTests {
    /// One writer process and what it was asked to write.
    struct Writer {
        let process: Process
        /// (app, version) of every event it writes.
        let events: [(app: String, version: String)]
    }

    static func spawn(_ arguments: [String], database: String) throws -> Process {
        let process = Process()
        process.executableURL = ProcessRunner.executable("review")
        process.arguments = ["--db", database] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("24 rounds of 4 writers (3 single events, 1 import of 150) with random SIGKILLs lose no acknowledged event")
    func randomKills() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("review.sqlite3").path
        // The store exists before the first round, so a kill during creation is not what this test measures.
        let first = try ProcessRunner.run(
            "review", ["--db", database, "log", "Seed", "waiting-for-review", "--version", "0", "--at", "2020-01-01"])
        #expect(first.status == 0, "\(first.standardError)")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [(app: String, version: String)] = [("Seed", "0")]
        var killedImports: [String] = []
        var kills = 0
        for round in 0..<24 {
            var writers: [Writer] = []
            for slot in 0..<3 {
                let app = "App \(slot)"
                let version = "\(round).\(slot)"
                let process = try Self.spawn(
                    ["log", app, "waiting-for-review", "--version", version, "--at", "2021-01-01T00:00:00Z"],
                    database: database)
                writers.append(Writer(process: process, events: [(app, version)]))
            }
            let importApp = "Import \(round)"
            var csv = "app,version,state,at,note\n"
            for index in 0..<150 {
                csv += "\(importApp),\(index),WAITING_FOR_REVIEW,2021-02-01T00:00:00Z,row \(index) of round \(round)\n"
            }
            let file = directory.file("import-\(round).csv")
            try Data(csv.utf8).write(to: file)
            let importer = try Self.spawn(["import", file.path], database: database)
            writers.append(Writer(process: importer, events: (0..<150).map { (importApp, "\($0)") }))

            // Kill a random half of the writers after a random 0 to 40 ms: some before they open the store, some
            // inside their transaction, some after they committed.
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            for writer in writers where Bool.random(using: &generator) {
                kill(writer.process.processIdentifier, SIGKILL)
            }
            for writer in writers {
                writer.process.waitUntilExit()
                if writer.process.terminationReason == .exit && writer.process.terminationStatus == 0 {
                    acknowledged += writer.events
                } else {
                    #expect(
                        writer.process.terminationReason == .uncaughtSignal,
                        "round \(round): a writer failed on its own with status \(writer.process.terminationStatus)")
                    kills += 1
                    if writer.events.count > 1 { killedImports.append(importApp) }
                }
            }
        }
        let store = try RelationalReviewStore(sqlitePath: database)
        #expect(try store.integrityCheck() == "ok")
        let events = try store.events(app: nil)
        let stored = Set(events.map { "\($0.app.name)|\($0.version)" })
        let missing = acknowledged.filter { !stored.contains("\($0.app)|\($0.version)") }
        #expect(missing.isEmpty, "acknowledged but missing: \(missing.prefix(10))")
        // An import is one transaction: a killed one left all of its 150 events or none.
        for app in killedImports {
            let count = events.filter { $0.app.name == app }.count
            #expect(count == 0 || count == 150, "\(app): \(count) of 150 events after a kill")
        }
        #expect(kills > 0, "no writer was killed; the test proved nothing")
        #expect(acknowledged.count > 1, "no writer finished; the test proved nothing")
    }
}
