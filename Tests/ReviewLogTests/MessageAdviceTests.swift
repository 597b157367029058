import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

/// Issue 21 item 5: the store's messages name the cause and the fix in the library's terms; a program adds its own
/// flags and commands (`review` adds `--db`, `--version`, `review delete`...) from the error's code.
@Suite("ReviewLog: no message names a command line's flag or command")
struct MessageAdviceTests {
    static let at = Timestamp(secondsSince1970: 1_767_225_600)

    static func commandLineAdvice(in text: String) -> String? { CommandLineAdvice.found(in: text) }

    @Test("the detector finds flags and review's commands, and not the words of a store's messages")
    func detector() {
        #expect(Self.commandLineAdvice(in: "choose another with --db or REVIEW_DB") == "--db")
        #expect(Self.commandLineAdvice(in: "(or delete it with review delete 3 --yes)") == "review delete")
        #expect(Self.commandLineAdvice(in: "`review timeline APP` shows ids") == "review timeline")
        #expect(Self.commandLineAdvice(in: "the review store x.sqlite3 is damaged; review submissions") == nil)
        #expect(Self.commandLineAdvice(in: "newer than this review's 12") == nil)
    }

    /// Each store error whose message used to carry `review`'s advice, provoked, with its code.
    static func provoked(in directory: TemporaryDirectory) throws -> [(ReviewError.Code, ReviewError?)] {
        func error(_ body: () throws -> Void) -> ReviewError? {
            do { try body() } catch { return error as? ReviewError }
            return nil
        }
        let path = directory.file("review.sqlite3").path
        let store = try RelationalReviewStore(sqlitePath: path)
        var found: [(ReviewError.Code, ReviewError?)] = []
        found.append(
            (.versionRequired, error { _ = try store.record(LogRequest(app: "Fokus", state: .inReview, at: at)) }))
        found.append((.eventNotFound, error { _ = try store.undoLastManualEvent() }))
        let synced = try store.record(
            LogRequest(
                app: "Fokus", version: "1.0", state: .waitingForReview, at: at, source: .sync, bundleID: "com.a",
                appStoreID: "111"))
        _ = try store.record(LogRequest(app: "Fokis", version: "1.0", state: .waitingForReview, at: at))
        found.append(
            (
                .versionRequired,
                error { _ = try store.record(LogRequest(app: "Fokus", platform: .macOS, state: .inReview, at: at)) }
            ))
        found.append((.eventNotFound, error { _ = try store.deleteEvent(id: 99) }))
        found.append((.eventNotFound, error { _ = try store.editEvent(id: 99, note: "x", at: nil) }))
        found.append(
            (
                .timeNotEditable,
                error { _ = try store.editEvent(id: synced.event.id, note: nil, at: Timestamp(secondsSince1970: 1)) }
            ))
        found.append(
            (
                .identifierMismatch,
                error {
                    _ = try store.record(
                        LogRequest(app: "Fokus", version: "1.0", state: .inReview, at: at, bundleID: "com.b"))
                }
            ))
        found.append(
            (
                .identifierTaken,
                error {
                    _ = try store.record(
                        LogRequest(app: "Lumen", version: "1.0", state: .inReview, at: at, appStoreID: "111"))
                }
            ))
        found.append((.conflict, error { _ = try store.renameApp("Fokis", to: "fokus") }))
        found.append((.conflict, error { _ = try store.mergeApp("Fokis", into: "Fokus") }))
        found.append((.appNotFound, error { _ = try store.renameApp("Nope", to: "Other") }))
        found.append((.channelNotFound, error { _ = try store.removeChannel(id: 99) }))
        found.append((.invalidValue, error { _ = try store.copy(to: store) }))
        for (name, text) in [("empty.sqlite3", ""), ("notes.sqlite3", "notes, not a database\n")] {
            let file = directory.file(name)
            try Data(text.utf8).write(to: file)
            found.append((.notGatehouseDatabase, error { _ = try RelationalReviewStore(sqlitePath: file.path) }))
        }
        found.append(
            (
                .storeUnavailable,
                error { _ = try RelationalReviewStore(sqlitePath: directory.file("notes.sqlite3/x").path) }
            ))
        for (name, text) in [
            ("state.csv", "app,version,state,at\r\nFokus,1.0,WAITING,2026-01-07T10:00:00Z\r\n"),
            ("shape.json", "{\"evnts\": []}"),
        ] {
            let file = directory.file(name)
            try Data(text.utf8).write(to: file)
            found.append((.malformedImport, error { _ = try EventInterchange.events(fromFile: file.path) }))
        }
        return found
    }

    @Test("each message that carried review's advice: its code, the cause, and no flag or command of review")
    func provokedMessages() throws {
        let directory = try TemporaryDirectory()
        for (code, error) in try Self.provoked(in: directory) {
            let error = try #require(error, "ReviewError.\(code) was not thrown")
            #expect(error.code == code, "\(error)")
            #expect(!error.reason.isEmpty)
            #expect(Self.commandLineAdvice(in: error.reason) == nil, "\(error)")
        }
    }

    @Test("no string in ReviewLog's or ReviewSync's sources names a flag or a review command")
    func sources() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var checked = 0
        for module in ["ReviewLog", "ReviewSync"] {
            let folder = root.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // Code only: doc comments may tell how `review` uses a type.
                    guard !line.drop(while: { $0 == " " }).hasPrefix("//") else { continue }
                    for literal in Self.stringLiterals(in: line) {
                        checked += 1
                        #expect(
                            Self.commandLineAdvice(in: literal) == nil, "\(module)/\(file):\(number + 1): \(literal)")
                    }
                }
            }
        }
        #expect(checked > 100, "the sources were not found under \(root.path)")
    }

    /// The contents of the one-line string literals of a line of Swift (interpolations included as written).
    static func stringLiterals(in line: Substring) -> [String] {
        var literals: [String] = []
        var current: String?
        var escaped = false
        for character in line {
            if var text = current {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    literals.append(text)
                    current = nil
                    continue
                }
                text.append(character)
                current = text
            } else if character == "\"" {
                current = ""
            }
        }
        return literals
    }
}
