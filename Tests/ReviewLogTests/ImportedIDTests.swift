import Foundation
import GatehouseTesting
import ReviewTesting
import Testing

@testable import ReviewLog

/// Issue 20 item 2: ids from outside (import, migrate) are data, bounded to 1...2^53 - 1 whatever their spelling, so no
/// row can exhaust the store's numbering; `undo` follows what was logged, never the ids.
@Suite("Imported ids: bounded, and never the store's numbering")
struct ImportedIDTests {
    static let at = Timestamp(iso8601: "2026-03-01T09:00:00Z")!

    static func json(id: String) -> [UInt8] {
        Array(
            #"{"events": [{"id": \#(id), "app": "A", "version": "1", "state": "IN_REVIEW", "at": "2026-03-01T09:00:00Z"}]}"#
                .utf8)
    }

    static func csv(id: String) -> [UInt8] {
        Array("id,app,version,state,at\r\n\(id),A,1,IN_REVIEW,2026-03-01T09:00:00Z\r\n".utf8)
    }

    static func event(id: Int64, app: String = "Imported", source: EventSource = .import, hours: Int64 = 0)
        -> ReviewEvent
    {
        ReviewEvent(
            id: id, app: App(name: app), platform: .iOS, version: "1.0", state: .waitingForReview,
            at: Timestamp(secondsSince1970: at.secondsSince1970 + hours * 3600), source: source)
    }

    static let refused: [(spelling: String, expected: String)] = [
        ("9223372036854775807", "above the largest id"), ("9.2e18", "above the largest id"),
        ("9007199254740992", "above the largest id"), ("1e16", "above the largest id"),
        ("90071992547409915e-1", "not a positive integer"), ("1e400", "above the largest id"),
        ("0", "not a positive integer"), ("-5", "not a positive integer"), ("1.5", "not a positive integer"),
        ("-0", "not a positive integer"),
    ]

    @Test("an id over 2^53 - 1, or not a positive whole number, is refused naming the row, in any spelling")
    func refusedSpellings() {
        for (spelling, expected) in Self.refused {
            for (format, bytes, place) in [
                (InterchangeFormat.json, Self.json(id: spelling), "event 1 (events[0])"),
                (.csv, Self.csv(id: spelling), "line 2"),
            ] {
                let error = #expect(throws: ReviewError.self, "\(format) \(spelling)") {
                    try EventInterchange.events(from: bytes, format: format, name: "ids.\(format)")
                }
                #expect(error?.code == .malformedImport, "\(format) \(spelling)")
                let reason = error?.reason ?? ""
                #expect(reason.contains(place) && reason.contains(expected), "\(format) \(spelling): \(reason)")
                #expect(reason.contains("9007199254740991"), "\(format) \(spelling): \(reason)")
            }
        }
        // A CSV cell that is not a JSON number at all.
        for cell in ["+5", " 5", "0x10", "5 ", "１"] {
            let error = #expect(throws: ReviewError.self) {
                try EventInterchange.events(from: Self.csv(id: "\"\(cell)\""), format: .csv, name: "ids.csv")
            }
            #expect(error?.reason.contains("not a positive integer") == true, "\(cell)")
        }
    }

    @Test("an id within the bound reads as its value, whatever its spelling")
    func acceptedSpellings() throws {
        for (spelling, value) in [
            ("9007199254740991", Int64(9_007_199_254_740_991)), ("1.0", 1), ("0.7e1", 7), ("1E+2", 100),
            ("100e-2", 1), ("9.007199254740991e15", 9_007_199_254_740_991),
        ] {
            for format in InterchangeFormat.allCases {
                let bytes = format == .json ? Self.json(id: spelling) : Self.csv(id: spelling)
                let events = try EventInterchange.events(from: bytes, format: format, name: "ids")
                #expect(events.map(\.id) == [value], "\(format) \(spelling)")
            }
        }
    }

    @Test(
        "the store refuses an event id over the bound and writes nothing; logging goes on",
        arguments: StoreKind.allCases)
    func storeRefuses(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let error = #expect(throws: ReviewError.self) {
            try store.importEvents([Self.event(id: 2), Self.event(id: .max, hours: 1)])
        }
        #expect(error?.code == .malformedImport)
        #expect(error?.reason.contains("event 2") == true && error?.reason.contains("9007199254740991") == true)
        #expect(try store.events(app: nil).isEmpty)
        let logged = try store.record(LogRequest(app: "A", version: "1", state: .inReview, at: Self.at))
        #expect(logged.event.id == 1)
    }

    @Test(
        "an id at the bound is kept, and the store numbers on after it, with room to spare",
        arguments: StoreKind.allCases)
    func atTheBound(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        _ = try store.importEvents([Self.event(id: ReviewLimits.maximumImportedID)])
        let first = try store.record(LogRequest(app: "A", version: "1", state: .inReview, at: Self.at))
        let second = try store.record(LogRequest(app: "A", version: "1", state: .accepted, at: Self.at))
        #expect(first.event.id == ReviewLimits.maximumImportedID + 1 && second.event.id == first.event.id + 1)
    }

    @Test(
        "undo removes the last event logged, not the manual event with the highest id an import brought",
        arguments: StoreKind.allCases)
    func undoFollowsTheLog(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let first = try store.record(LogRequest(app: "A", version: "1", state: .waitingForReview, at: Self.at))
        let second = try store.record(
            LogRequest(app: "A", version: "1", state: .inReview, at: Timestamp(secondsSince1970: 1)))
        // An imported event marked manual, with ids above both logged ones.
        _ = try store.importEvents([
            Self.event(id: 500, app: "A", source: .manual, hours: 5), Self.event(id: 400, source: .manual),
        ])
        #expect(try store.undoLastManualEvent().event.id == second.event.id)
        #expect(try store.undoLastManualEvent().event.id == first.event.id)
        #expect(throws: ReviewError(.eventNotFound)) { try store.undoLastManualEvent() }
        #expect(try store.events(app: nil).map(\.id) == [400, 500])
    }

    @Test(
        "migrate refuses a source row whose id is over the bound, naming it, and copies nothing",
        arguments: [(StoreKind.sqlite, StoreKind.postgreSQL), (.sqlite, .sqlite), (.postgreSQL, .sqlite)])
    func migrateRefuses(from source: StoreKind, to target: StoreKind) throws {
        let directory = try TemporaryDirectory()
        for (table, sql) in [
            ("events", "UPDATE events SET id = 9223372036854775807 WHERE id = 2"),
            ("apps", "INSERT INTO apps (id, name) VALUES (9007199254740992, 'Far')"),
        ] {
            let from = try source.open(source.newLocation(in: directory, name: "from-\(table).sqlite3"))
            _ = try from.record(LogRequest(app: "A", version: "1", state: .waitingForReview, at: Self.at))
            _ = try from.importEvents([Self.event(id: 2, hours: 1)])
            try from.database.write { (session: any SQLSession) throws(ReviewError) in try session.run(sql, []) }
            let to = try target.open(target.newLocation(in: directory, name: "to-\(table).sqlite3"))
            let error = #expect(throws: ReviewError.self) { try from.copy(to: to) }
            #expect(error?.code == .malformedImport, "\(table)")
            #expect(
                error?.reason.contains("the \(table) row with id 900") == true
                    || error?.reason.contains("the \(table) row with id 922") == true,
                "\(String(describing: error))")
            #expect(error?.reason.contains("nothing was copied") == true)
            #expect(try to.events(app: nil).isEmpty && to.appNames().isEmpty, "\(table)")
        }
    }
}
