import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

@Suite("Import and export")
struct InterchangeTests {
    static func sampleEvents() -> [ReviewEvent] {
        let app = App(name: "Kanji, \"Garden\"", bundleID: "com.example.kanji", appStoreID: "1234567890")
        return [
            ReviewEvent(
                id: 3, app: app, platform: .visionOS, version: "2.0", build: "41", state: .waitingForReview,
                at: Timestamp(iso8601: "2024-02-29T23:59:59Z")!, note: "line one\nline two, with \"quotes\"",
                source: .manual),
            ReviewEvent(
                id: 7, app: App(name: "PriLingo"), platform: .iOS, version: "1.0", state: .unresolvedIssues,
                at: Timestamp(iso8601: "2020-03-23T10:00:00+09:00")!, note: " spaced ", source: .import),
            ReviewEvent(
                id: 9, app: App(name: "Ünïcode アプリ"), platform: .watchOS, version: "1.0.1",
                state: .readyForDistribution,
                at: Timestamp(secondsSince1970: 0), note: nil, source: .sync),
        ]
    }

    @Test("JSON and CSV read back exactly what they wrote", arguments: InterchangeFormat.allCases)
    func roundTrip(format: InterchangeFormat) throws {
        let events = Self.sampleEvents()
        let text = format == .json ? EventInterchange.json(events) : EventInterchange.csv(events)
        let read = try EventInterchange.events(from: Array(text.utf8), format: format, name: "t")
        #expect(read == events)
    }

    @Test(
        "export, import into a fresh store, export again: the same bytes",
        arguments: InterchangeFormat.allCases, StoreKind.allCases)
    func storeRoundTrip(format: InterchangeFormat, kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let first = try kind.makeStore(in: directory)
        _ = try first.importEvents(Self.sampleEvents())
        let export = { (store: RelationalReviewStore) throws -> String in
            let events = try store.events(app: nil)
            return format == .json ? EventInterchange.json(events) : EventInterchange.csv(events)
        }
        let exported = try export(first)
        let second = try kind.open(kind.newLocation(in: directory, name: "b.sqlite3"))
        let summary = try second.importEvents(
            EventInterchange.events(from: Array(exported.utf8), format: format, name: "export"))
        #expect(summary == ImportSummary(inserted: 3, alreadyPresent: 0))
        #expect(try export(second) == exported)
        #expect(try second.events(app: nil).map(\.id) == [3, 7, 9])
        // Idempotent: importing again adds nothing.
        let again = try second.importEvents(
            EventInterchange.events(from: Array(exported.utf8), format: format, name: "export"))
        #expect(again == ImportSummary(inserted: 0, alreadyPresent: 3))
        #expect(try export(second) == exported)
    }

    @Test("an id already used by another event gets a new id instead", arguments: StoreKind.allCases)
    func idCollision(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        _ = try store.record(
            LogRequest(app: "Other", version: "1", state: .waitingForReview, at: Timestamp(secondsSince1970: 5)))
        _ = try store.importEvents([
            ReviewEvent(
                id: 1, app: App(name: "B"), platform: .iOS, version: "1", state: .inReview,
                at: Timestamp(secondsSince1970: 9))
        ])
        let events = try store.events(app: nil)
        #expect(events.map(\.id) == [1, 2] && events[1].app.name == "B")
    }

    @Test("a hand-written file may leave out id, platform and source")
    func minimal() throws {
        let json =
            #"{"events": [{"app": "A", "version": "1.0", "state": "Waiting for Review", "at": "2020-03-15T10:00:00+09:00"}]}"#
        let events = try EventInterchange.events(from: Array(json.utf8), format: .json, name: "m.json")
        #expect(events.count == 1 && events[0].id == 0 && events[0].platform == .iOS && events[0].source == .import)
        let csv = "app,version,state,at\r\nA,1.0,in-review,2020-03-15T01:00Z\r\n\r\n"
        let rows = try EventInterchange.events(from: Array(csv.utf8), format: .csv, name: "m.csv")
        #expect(rows.count == 1 && rows[0].state == .inReview)
    }

    @Test(
        "a malformed file is refused naming the file and the line, row or event",
        arguments: [
            (InterchangeFormat.json, "{\"events\": [\n{\"app\": \"A\",,}]}", "is not valid JSON"),
            (
                .json, #"{"events": [{"app": "A", "version": "1", "at": "2020-03-15T01:00:00Z"}]}"#,
                "lacks the member \"state\""
            ),
            (
                .json, #"{"events": [{"app": "A", "version": "1", "state": "WAITING", "at": "2020-03-15T01:00:00Z"}]}"#,
                "event 1 (events[0]): unknown state \"WAITING\""
            ),
            (
                .json,
                #"{"events": [{"app": "A", "version": "1", "state": "IN_REVIEW", "at": "2020-03-15T01:00:00"}]}"#,
                "not ISO 8601 with an offset"
            ),
            (
                .json,
                #"{"events": [{"app": "A", "version": "1", "state": "IN_REVIEW", "at": "2020-03-15T01:00:00Z", "platform": "Android"}]}"#,
                "unknown platform \"Android\""
            ),
            (
                .json, #"{"events": [{"app": 5, "version": "1", "state": "IN_REVIEW", "at": "2020-03-15T01:00:00Z"}]}"#,
                "event 1 (events[0]): \"app\" is not a string"
            ),
            (.json, #"{"rows": []}"#, "lacks the member \"events\""),
            (
                .csv, "app,version,state,at\nA,1,IN_REVIEW,2020-03-15T01:00:00Z\nB,1,NOPE,2020-03-15T01:00:00Z\n",
                "line 3: unknown state \"NOPE\""
            ),
            (.csv, "app,version,state\nA,1,IN_REVIEW\n", "no \"at\" column"),
            (.csv, "app,version,state,at,colour\n", "unknown column \"colour\""),
            (.csv, "app,version,state,at\nA,1,IN_REVIEW\n", "line 2: 3 fields, but the header has 4"),
            (
                .csv, "app,version,state,at\n\"A,1,IN_REVIEW,2020-03-15T01:00:00Z\n",
                "line 2: a quoted field is never closed"
            ),
            (
                .csv, "app,version,state,at\nA,1,IN_REVIEW,2020-02-30T01:00:00Z\n",
                "line 2: time \"2020-02-30T01:00:00Z\""
            ),
            (.csv, "id,app,version,state,at\nx,A,1,IN_REVIEW,2020-03-15T01:00:00Z\n", "line 2: id \"x\""),
            (.csv, "", "is empty"),
        ])
    func malformed(format: InterchangeFormat, text: String, expected: String) {
        #expect {
            try EventInterchange.events(from: Array(text.utf8), format: format, name: "bad-file")
        } throws: { error in
            (error as? ReviewError) == ReviewError(.malformedImport) && "\(error)".contains("bad-file")
                && "\(error)".contains(expected)
        }
    }

    @Test("bytes that are not UTF-8 are refused")
    func notUTF8() {
        #expect {
            try EventInterchange.events(from: [0x61, 0xFF, 0xFE], format: .csv, name: "bin")
        } throws: { error in
            (error as? ReviewError) == ReviewError(.malformedImport) && "\(error)".contains("not UTF-8")
        }
    }

    @Test("a missing import file is unreadable, naming it")
    func missingFile() {
        #expect {
            try EventInterchange.events(fromFile: "/nonexistent/events.json")
        } throws: { error in
            (error as? ReviewError) == ReviewError(.importFileUnreadable)
                && "\(error)".contains("/nonexistent/events.json does not exist")
        }
    }

    @Test(
        "an import whose bundle ID contradicts the store is refused and changes nothing", arguments: StoreKind.allCases)
    func bundleConflict(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        _ = try store.importEvents(Array(Self.sampleEvents().prefix(1)))
        var conflicting = Self.sampleEvents()[0]
        conflicting.app.bundleID = "com.example.other"
        conflicting.id = 0
        conflicting.state = .inReview
        #expect {
            try store.importEvents([Self.sampleEvents()[1], conflicting])
        } throws: { error in
            (error as? ReviewError) == ReviewError(.malformedImport) && "\(error)".contains("com.example.other")
                && "\(error)".contains("com.example.kanji")
        }
        #expect(try store.events(app: nil).count == 1)
    }

    @Test("the sample files import")
    func samples() throws {
        let directory = SharedResources.samplesDirectory.appendingPathComponent("review")
        let prilingo = try EventInterchange.events(
            fromFile: directory.appendingPathComponent("prilingo-2020.json").path)
        #expect(prilingo.map(\.state) == [.waitingForReview, .inReview, .rejected])
        let history = try EventInterchange.events(fromFile: directory.appendingPathComponent("history.csv").path)
        #expect(history.count > 300)
        #expect(Set(history.map(\.app.name)).count == 3)
    }
}
