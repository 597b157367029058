import Foundation
import Testing

@testable import ReviewLog

/// Issue 20 item 12: an import file that names a member or a column twice is ambiguous and refused, naming the row and
/// the name, never read as "first one wins" (JSON) or "last one wins" (CSV).
@Suite("Import: duplicated JSON members and CSV columns")
struct DuplicateNamesTests {
    static let rest = #""version": "1", "state": "IN_REVIEW", "at": "2026-03-01T09:00:00Z""#

    @Test(
        "a JSON member named twice, at any level and in any spelling, is refused naming the event and the member",
        arguments: [
            (#"{"events": [{"app": "A", "app": "B", \#(rest)}]}"#, "event 1 (events[0]): the member \"app\""),
            (#"{"events": [{"app": "A", "\u0061pp": "B", \#(rest)}]}"#, "event 1 (events[0]): the member \"app\""),
            (
                #"{"events": [{"app": "A", \#(rest)}, {"app": "A", \#(rest), "not\u0065": "x", "note": "y"}]}"#,
                "event 2 (events[1]): the member \"note\""
            ),
            (#"[{"app": "A", \#(rest), "state": "ACCEPTED"}]"#, "event 1 ([0]): the member \"state\""),
            (
                #"{"events": [{"app": "A", \#(rest), "x": {"a": 1, "b": [{"c": 1, "c": 2}]}}]}"#,
                "event 1 (events[0]): the member \"c\" in \"x.b[0]\""
            ),
            (
                #"{"events": [{"app": "A", \#(rest), "x": {"a": 1, "\ud83d\ude00": 2, "😀": 3}}]}"#,
                "the member \"😀\" in \"x\""
            ),
            (#"{"events": [], "events": [{"app": "A", \#(rest)}]}"#, "dup.json: the member \"events\" appears twice"),
            (#"{"meta": {"k": 1, "k": 2}, "events": []}"#, "the member \"k\" in \"meta\""),
        ])
    func jsonMember(text: String, expected: String) {
        let error = #expect(throws: ReviewError.self, "\(text)") {
            try EventInterchange.events(from: Array(text.utf8), format: .json, name: "dup.json")
        }
        #expect(error?.code == .malformedImport)
        #expect(error?.reason.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.reason.contains("appears twice") == true, "\(String(describing: error))")
    }

    @Test("distinct names stay distinct: case, and escapes of other characters")
    func jsonDistinct() throws {
        let text = #"{"events": [{"app": "A", \#(Self.rest), "App": 1, "x": {"a": 1, "\u0062": 2, "A": 3}}]}"#
        let events = try EventInterchange.events(from: Array(text.utf8), format: .json, name: "ok.json")
        #expect(events.map(\.app.name) == ["A"])
    }

    @Test(
        "a CSV column named twice, in any spelling the header matching accepts, is refused naming both fields",
        arguments: [
            ("app,version,state,at,app\nA,1,IN_REVIEW,2026-03-01T09:00:00Z,B\n", "field 1 \"app\" and field 5 \"app\""),
            ("app,version,state,at, APP \nA,1,IN_REVIEW,2026-03-01T09:00:00Z,B\n", "field 5 \" APP \""),
            ("Note,app,version,state,at,note\n", "the column \"note\" appears twice"),
            ("id,app,version,state,at,ID\n1,A,1,IN_REVIEW,2026-03-01T09:00:00Z,2\n", "the column \"id\""),
        ])
    func csvColumn(text: String, expected: String) {
        let error = #expect(throws: ReviewError.self) {
            try EventInterchange.events(from: Array(text.utf8), format: .csv, name: "dup.csv")
        }
        #expect(error?.code == .malformedImport)
        #expect(error?.reason.contains("dup.csv line 1") == true, "\(String(describing: error))")
        #expect(error?.reason.contains(expected) == true, "\(String(describing: error))")
    }
}
