import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// Runs the built `review` binary with a store in a temporary directory.
struct ReviewRun {
    let directory: TemporaryDirectory
    var database: String { directory.file("review.sqlite3").path }

    init() throws { directory = try TemporaryDirectory() }

    func callAsFunction(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRunner.Result {
        var env = ["REVIEW_DB": database, "TZ": "UTC"]
        for (key, value) in environment { env[key] = value }
        return try ProcessRunner.run("review", arguments, environment: env)
    }
}

@Suite("review end to end")
struct EndToEndTests {
    static var samples: URL { SharedResources.samplesDirectory.appendingPathComponent("review") }

    @Test("the worked example through the binary: log, timeline, stats, and their JSON")
    func workedExample() throws {
        let review = try ReviewRun()
        var result = try review([
            "log", "PriLingo", "WAITING_FOR_REVIEW", "--version", "1.0", "--at", "2020-03-15T10:00:00+09:00",
        ])
        #expect(result.status == 0 && result.standardError.isEmpty)
        #expect(
            result.standardOutput
                == "Logged event 1: PriLingo 1.0 (iOS) Waiting for Review at 2020-03-15 01:00 +00:00\n")
        result = try review(["log", "prilingo", "In Review", "--at", "2020-03-22T10:00:00+09:00"])
        #expect(result.standardOutput.contains("Waiting for Review lasted 7d 0h."))
        result = try review(["log", "PriLingo", "rejected", "--at", "2020-03-23T10:00:00+09:00"])
        #expect(result.standardOutput.contains("In Review lasted 1d 0h."))
        result = try review(["timeline", "PriLingo"], environment: ["TZ": "Asia/Tokyo"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "Cycle 1: Rejected after 8d 0h; waiting 7d 0h; in review 1d 0h; not decided within 48h"))
        #expect(result.standardOutput.contains("2020-03-15 10:00 +09:00"))
        result = try review(["timeline", "PriLingo", "--utc"], environment: ["TZ": "Asia/Tokyo"])
        #expect(result.standardOutput.contains("2020-03-15 01:00 UTC"))
        result = try review(["timeline", "PriLingo", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let cycles = try #require(json?["cycles"] as? [[String: Any]])
        let states = try #require(cycles.first?["states"] as? [[String: Any]])
        #expect(states.map { $0["state"] as? String } == ["WAITING_FOR_REVIEW", "IN_REVIEW", "REJECTED"])
        #expect(states[0]["start"] as? String == "2020-03-15T01:00:00Z")
        #expect(states[0]["end"] as? String == "2020-03-22T01:00:00Z")
        #expect((states[0]["seconds"] as? NSNumber)?.intValue == 604_800)
        #expect(states[2]["end"] is NSNull)
        result = try review(["stats", "--json"])
        let stats = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let decision = stats?["timeToDecisionSeconds"] as? [String: Any]
        #expect((decision?["median"] as? NSNumber)?.intValue == 691_200)
        #expect(((stats?["decidedWithin48h"] as? [String: Any])?["count"] as? NSNumber)?.intValue == 0)
        result = try review(["stats"])
        #expect(
            result.standardOutput.contains("you: 0% decided within 48 h*; Apple (2020): over 90% within 48 hours\n"))
        #expect(result.standardOutput.contains("90% of submissions are reviewed in less than 24 hours"))
    }

    /// App "A" version 1 logged Waiting for Review at `waiting`, then In Review at `inReview`, with `TZ` as given.
    /// - Returns: the run, and what the In Review log printed.
    static func waitingThenInReview(
        _ environment: [String: String], waiting: String, inReview: String
    ) throws -> (ReviewRun, ProcessRunner.Result) {
        let review = try ReviewRun()
        _ = try review(["log", "A", "waiting-for-review", "--version", "1", "--at", waiting], environment: environment)
        return (review, try review(["log", "A", "in-review", "--at", inReview], environment: environment))
    }

    @Test("a day that is 23 hours long on the wall clock shows 23 hours (Europe/Berlin, spring forward)")
    func daylightSavingSpring() throws {
        let berlin = ["TZ": "Europe/Berlin"]
        let (review, result) = try Self.waitingThenInReview(
            berlin, waiting: "2026-03-28T12:00", inReview: "2026-03-29T12:00")
        #expect(result.standardOutput.contains("Waiting for Review lasted 23h 0m."))
        #expect(result.standardOutput.contains("at 2026-03-29 12:00 +02:00"))
        let timeline = try review(["timeline", "A"], environment: berlin)
        #expect(timeline.standardOutput.contains("2026-03-28 12:00 +01:00"))
    }

    @Test("a day that is 25 hours long shows 25 hours, and a date is local midnight (America/New_York, fall back)")
    func daylightSavingFall() throws {
        let newYork = ["TZ": "America/New_York"]
        let (review, result) = try Self.waitingThenInReview(newYork, waiting: "2025-11-01", inReview: "2025-11-02")
        #expect(result.standardOutput.contains("Waiting for Review lasted 1d 0h."))  // the change is at 02:00 on 11-02
        let export = try review(["export", "--format", "csv"])
        #expect(export.standardOutput.contains("2025-11-01T04:00:00Z"))  // EDT midnight
        #expect(export.standardOutput.contains("2025-11-02T04:00:00Z"))  // EDT midnight, before the change at 2:00
        let third = try review(["log", "A", "rejected", "--at", "2025-11-03"], environment: newYork)
        #expect(third.standardOutput.contains("In Review lasted 1d 1h."))  // EST midnight is 05:00Z
    }

    @Test("an unusual transition is recorded, with a warning on standard error and status 0")
    func unusualTransition() throws {
        let review = try ReviewRun()
        _ = try review(["log", "A", "rejected", "--version", "1", "--at", "-2h"])
        let result = try review(["log", "A", "in-review", "--at", "-1h"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Logged event 2"))
        #expect(result.standardError.contains("warning: unusual transition for A 1 (iOS): Rejected → In Review"))
        let first = try review(["log", "B", "rejected", "--version", "1"])
        #expect(first.status == 0 && first.standardError.contains("warning: B 1 (iOS) starts at Rejected"))
    }

    @Test("--help on every command and --version print to standard output")
    func help() throws {
        let review = try ReviewRun()
        let commands = ["log", "status", "timeline", "stats", "export", "import", "delete"]
        let lines: [[String]] = [["--help"], ["help"], ["-h"], ["help", "log"]] + commands.map { [$0, "--help"] }
        for arguments in lines {
            let result = try review(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.standardOutput.contains("USAGE: review") && result.standardError.isEmpty, "\(arguments)")
        }
        let version = try review(["--version"])
        #expect(version.status == 0 && version.standardOutput == "review 0.1.0\n")
        #expect(!FileManager.default.fileExists(atPath: review.database))  // help never creates a store
    }

    @Test("every exit status end to end, each message naming its cause")
    func exitStatuses() throws {
        let review = try ReviewRun()
        _ = try review(["log", "PriLingo", "waiting-for-review", "--version", "1.0"])
        let bad = review.directory.file("bad.csv")
        try Data("app,version,state,at\nA,1,NOPE,2020-03-15T01:00:00Z\n".utf8).write(to: bad)
        let notes = review.directory.file("notes.txt")
        try Data("not a database\n".utf8).write(to: notes)
        let cases: [([String], Int32, String)] = [
            (["status"], 0, "PriLingo"),
            (["timeline", "PriLingoo"], 1, "no app named \"PriLingoo\"; did you mean PriLingo?"),
            (
                ["timeline", "PriLingo", "--version", "9.9"], 1,
                "PriLingo has no events for version 9.9; it has 1.0 (iOS)"
            ),
            (["stats", "Nope"], 1, "no app named \"Nope\""),
            (["delete", "99", "--yes"], 1, "no event has id 99"),
            (["status", "--bogus"], 64, "unknown option --bogus"),
            (["frobnicate"], 64, "unknown command \"frobnicate\""),
            (["log", "PriLingo", "waiting-for-reveiw"], 64, "did you mean waiting-for-review"),
            (["log", "PriLingo", "in-review", "--at", "2020-13-01"], 64, "cannot read the time \"2020-13-01\""),
            (["log", "NewApp", "waiting-for-review"], 64, "NewApp has no events yet"),
            (["import", bad.path], 65, "\(bad.path) line 2: unknown state \"NOPE\""),
            (["import", review.directory.file("missing.json").path], 66, "missing.json does not exist"),
            (["--db", notes.path, "status"], 74, "\(notes.path) is not a SQLite database"),
            (["--db", notes.path, "log", "A", "in-review", "--version", "1"], 74, "not a Gatehouse review store"),
        ]
        for (arguments, status, message) in cases {
            let result = try review(arguments)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            let text = status == 0 ? result.standardOutput : result.standardError
            #expect(text.contains(message), "\(arguments): \(text)")
            if status != 0 { #expect(result.standardOutput.isEmpty, "\(arguments)") }
        }
        #expect(try Data(contentsOf: notes) == Data("not a database\n".utf8))
        let untouched = review.directory.file("never.sqlite3").path
        let missingFile = try review(["import", "/nonexistent.csv"], environment: ["REVIEW_DB": untouched])
        #expect(missingFile.status == 66 && !FileManager.default.fileExists(atPath: untouched))
        let piped = try ProcessRunner.run(
            "review", ["--db", review.database, "import", "-"],
            standardInput: try Data(contentsOf: Self.samples.appendingPathComponent("prilingo-2020.json")))
        #expect(piped.status == 0 && piped.standardOutput.contains("Imported 3 events from standard input"))
        let deleted = try review(["delete", "1", "--yes"])
        #expect(deleted.status == 0 && deleted.standardOutput.contains("Deleted event 1: PriLingo 1.0 (iOS)"))
    }

    @Test("a foreign or corrupt database file gives status 74 and is never modified")
    func foreignAndCorrupt() throws {
        let review = try ReviewRun()
        let corrupt = review.directory.file("corrupt.sqlite3")
        _ = try review(
            ["import", Self.samples.appendingPathComponent("history.csv").path],
            environment: ["REVIEW_DB": corrupt.path])
        var bytes = try [UInt8](Data(contentsOf: corrupt))
        for index in 100..<bytes.count where index % 3 == 0 { bytes[index] = UInt8(truncatingIfNeeded: index * 31) }
        try Data(bytes).write(to: corrupt)
        let foreign = review.directory.file("foreign.sqlite3")
        var header = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 4080)
        header[68] = 0x12  // application id 0x12000000
        try Data(header).write(to: foreign)
        for (file, message) in [(corrupt, "is damaged"), (foreign, "another application")] {
            let before = try Data(contentsOf: file)
            for arguments in [
                ["status"], ["log", "A", "in-review", "--version", "1"],
                ["import", Self.samples.appendingPathComponent("prilingo-2020.json").path],
            ] {
                let result = try review(arguments, environment: ["REVIEW_DB": file.path])
                #expect(result.status == 74, "\(file.lastPathComponent) \(arguments)")
                #expect(result.standardError.contains(message) && result.standardError.contains(file.path))
                #expect(result.standardError.contains("not modified"))
            }
            #expect(try Data(contentsOf: file) == before, "\(file.lastPathComponent) changed")
        }
    }

    @Test("export, import into a fresh store, export again gives the same bytes (JSON and CSV)")
    func roundTrip() throws {
        let review = try ReviewRun()
        for sample in ["prilingo-2020.json", "history.csv"] {
            let result = try review(["import", Self.samples.appendingPathComponent(sample).path])
            #expect(result.status == 0 && result.standardOutput.contains("Imported"))
        }
        _ = try review([
            "log", "PriLingo", "waiting-for-review", "--at", "2020-03-25T09:00:00+09:00", "--note",
            "comma, \"quote\"\nnewline",
        ])
        _ = try review(["delete", "5", "--yes"])  // a gap in the ids
        for format in ["json", "csv"] {
            let exported = try review(["export", "--format", format])
            #expect(exported.status == 0)
            let file = review.directory.file("export.\(format)")
            try Data(exported.standardOutput.utf8).write(to: file)
            let fresh = review.directory.file("fresh-\(format).sqlite3").path
            let imported = try review(["import", file.path], environment: ["REVIEW_DB": fresh])
            #expect(imported.status == 0, "\(imported.standardError)")
            let again = try review(["export", "--format", format], environment: ["REVIEW_DB": fresh])
            #expect(again.standardOutput == exported.standardOutput, "\(format)")
            let twice = try review(["import", file.path], environment: ["REVIEW_DB": fresh])
            #expect(
                twice.standardOutput.contains("Imported 0 events") && twice.standardOutput.contains("already present"))
        }
    }

    @Test("8 review log processes at once on a new store: every event is there")
    func concurrentWriters() throws {
        let review = try ReviewRun()
        let binary = ProcessRunner.executable("review").path
        var processes: [(Process, Pipe)] = []
        for worker in 0..<8 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c",
                """
                for i in 1 2 3 4 5 6; do
                  "$0" --db "$1" log "App $2" waiting-for-review --version "1.$i" --at "2025-01-0${i}T10:00:00Z" >/dev/null || exit $?
                done
                """,
                binary, review.database, String(worker),
            ]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            processes.append((process, errors))
        }
        for (process, errors) in processes {
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(message)")
        }
        let export = try review(["export", "--format", "csv"])
        let lines = export.standardOutput.split(separator: "\r\n").dropFirst()
        #expect(lines.count == 48)
        for worker in 0..<8 {
            #expect(lines.filter { $0.contains(",App \(worker),") }.count == 6, "App \(worker)")
        }
    }

    @Test("a writer killed with SIGKILL mid-import leaves a store that opens cleanly and passes integrity_check")
    func killedWriter() throws {
        let review = try ReviewRun()
        _ = try review(["log", "Before", "waiting-for-review", "--version", "1", "--at", "2020-01-01T00:00:00Z"])
        var csv = "app,version,state,at,note\n"
        for index in 0..<60_000 {
            csv +=
                "Bulk \(index % 50),\(index),WAITING_FOR_REVIEW,2021-01-01T00:00:00Z,padding padding padding \(index)\n"
        }
        let file = review.directory.file("bulk.csv")
        try Data(csv.utf8).write(to: file)
        let process = Process()
        process.executableURL = ProcessRunner.executable("review")
        process.arguments = ["--db", review.database, "import", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the import is writing pages to the WAL, then kill it.
        let wal = review.database + "-wal"
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            if size > 512 * 1024 { break }
            usleep(1000)
        }
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(wasRunning, "the import finished before it could be killed")
        #expect(process.terminationReason == .uncaughtSignal)
        let store = try RelationalReviewStore(sqlitePath: review.database)
        #expect(try store.integrityCheck() == "ok")
        let events = try store.events(app: nil)
        #expect(events.count == 1 && events[0].app.name == "Before")  // the killed transaction left nothing
        let status = try review(["status", "Before"])
        #expect(status.status == 0 && status.standardOutput.contains("Waiting for Review"))
        let again = try review(["import", file.path])
        #expect(again.status == 0 && again.standardOutput.contains("Imported 60000 events"))
    }

    @Test("the default store is $XDG_DATA_HOME/gatehouse/review.sqlite3, else under HOME, created with its folders")
    func defaultLocation() throws {
        let review = try ReviewRun()
        let xdg = review.directory.file("xdg").path
        let logged = try review(
            ["log", "A", "in-review", "--version", "1"], environment: ["REVIEW_DB": "", "XDG_DATA_HOME": xdg])
        #expect(logged.status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg + "/gatehouse/review.sqlite3"))
        let home = review.directory.file("home").path
        let second = try review(
            ["log", "A", "in-review", "--version", "1"],
            environment: ["REVIEW_DB": "", "XDG_DATA_HOME": "", "HOME": home])
        #expect(second.status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/gatehouse/review.sqlite3"))
    }
}
