import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// Daily-use issue, item 6, through the built binary with `TZ` set: a month, day or year is a local period; as
/// `--since` its first instant, as `--until` (exclusive) the first instant after it.
@Suite("partial dates end to end, in several time zones")
struct PartialDateEndToEndTests {
    /// Each app holds instants on either side of a local edge; the comment says which.
    static let events: [(app: String, version: String, at: String)] = [
        ("June", "1", "2025-05-31T15:30:00Z"),  // 1 June 00:30 in Tokyo, 31 May in UTC
        ("June", "2", "2025-06-15T12:00:00Z"),  // June everywhere
        ("June", "3", "2025-06-30T15:30:00Z"),  // 1 July 00:30 in Tokyo, 30 June in UTC
        ("Spring", "1", "2025-03-09T04:59:59Z"),  // 8 March 23:59:59 EST
        ("Spring", "2", "2025-03-09T05:00:00Z"),  // 9 March 00:00 EST, the day clocks go forward (23 hours)
        ("Spring", "3", "2025-03-10T03:59:59Z"),  // 9 March 23:59:59 EDT
        ("Spring", "4", "2025-03-10T04:00:00Z"),  // 10 March 00:00 EDT
        ("Year", "1", "2024-12-31T14:59:59Z"),  // 31 December 23:59:59 in Tokyo
        ("Year", "2", "2024-12-31T15:00:00Z"),  // 1 January 2025 00:00 in Tokyo
        ("Leap", "1", "2024-02-29T23:59:59Z"),
        ("Leap", "2", "2024-03-01T00:00:00Z"),
    ]

    func seeded() throws -> ReviewRun {
        let review = try ReviewRun()
        let lines = Self.events.map { event in
            "{\"app\": \"\(event.app)\", \"version\": \"\(event.version)\", \"state\": \"WAITING_FOR_REVIEW\", "
                + "\"at\": \"\(event.at)\"}"
        }
        let path = review.directory.file("events.json").path
        try Data(("[" + lines.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: path))
        let imported = try review(["import", path])
        #expect(imported.status == 0, "\(imported.standardError)")
        return review
    }

    func versions(_ review: ReviewRun, _ arguments: [String], zone: String) throws -> [String] {
        let result = try review(["export"] + arguments, environment: ["TZ": zone])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["events"] as? [[String: Any]] ?? []).map { $0["version"] as? String ?? "?" }
    }

    /// Expects each row's export window (the arguments, in the zone) to hold exactly the row's versions.
    func expectVersions(
        _ review: ReviewRun, _ table: [(arguments: [String], zone: String, versions: [String])],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for row in table {
            let found = try versions(review, row.arguments, zone: row.zone)
            #expect(found == row.versions, "\(row.arguments) in \(row.zone)", sourceLocation: sourceLocation)
        }
    }

    @Test("a month is the local month: Tokyo's June starts and ends nine hours before UTC's")
    func month() throws {
        let june = ["--app", "June", "--since", "2025-06", "--until", "2025-06"]
        try expectVersions(
            seeded(),
            [
                (june, "UTC", ["2", "3"]), (june, "Asia/Tokyo", ["1", "2"]),
                (["--app", "June", "--until", "2025-05"], "UTC", ["1"]),
                (["--app", "June", "--until", "2025-05"], "Asia/Tokyo", []),
                (["--app", "June", "--since", "2025-07"], "Asia/Tokyo", ["3"]),
            ])
    }

    @Test("a day on which clocks go forward is 23 hours, from local midnight to the next")
    func daylightSaving() throws {
        let day = ["--app", "Spring", "--since", "2025-03-09", "--until", "2025-03-09"]
        try expectVersions(seeded(), [(day, "America/New_York", ["2", "3"]), (day, "UTC", ["1", "2"])])
    }

    @Test("December and a year end at the next 1 January; February of a leap year at 1 March")
    func yearAndLeap() throws {
        let review = try seeded()
        try expectVersions(
            review,
            [
                (["--app", "Year", "--until", "2024-12"], "Asia/Tokyo", ["1"]),
                (["--app", "Year", "--until", "2024"], "Asia/Tokyo", ["1"]),
                (["--app", "Year", "--since", "2025"], "Asia/Tokyo", ["2"]),
                (["--app", "Year", "--since", "2025"], "UTC", []),
                (["--app", "Leap", "--until", "2024-02"], "UTC", ["1"]),
                (["--app", "Leap", "--until", "2024-02-29"], "UTC", ["1"]),
                (["--app", "Leap", "--since", "2024-03"], "UTC", ["2"]),
            ])
        let refused = try review(["export", "--until", "2023-02-29"])
        #expect(refused.status == 64 && refused.standardError.contains("\"2023-02-29\""))
    }

    @Test("stats reads the same window through the shared parser")
    func stats() throws {
        let review = try seeded()
        let result = try review(
            ["stats", "--since", "2025-06", "--until", "2025-06", "--json"], environment: ["TZ": "Asia/Tokyo"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""since": "2025-05-31T15:00:00Z""#), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(#""until": "2025-06-30T15:00:00Z""#))
    }

    @Test("--now through the binary: status measured from it, the same bytes on every run")
    func now() throws {
        let review = try seeded()
        let arguments = ["status", "June", "--utc", "--now", "2025-07-01T15:30:00Z"]
        let first = try review(arguments)
        let second = try review(arguments)
        #expect(first.status == 0 && first.standardOutput == second.standardOutput)
        #expect(first.standardOutput.contains("1d 0h"), "\(first.standardOutput)")
    }
}
