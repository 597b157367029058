import Foundation
import GatehouseTesting
import Testing

@testable import ReviewLog

/// The review store's limits: each is named in `ReviewLimits`, refused with an error naming it, and accepted at
/// the limit; nothing is written when a value is refused.
@Suite("Review limits: note, names, versions and import file size")
struct ReviewLimitTests {
    static let at = Timestamp(iso8601: "2020-03-15T10:00:00+09:00")!

    @Test(
        "a note, app name or version one character over its limit is invalidValue naming it; at the limit it is stored")
    func valueLengths() throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("r.sqlite3").path)
        let cases: [(LogRequest, LogRequest, String)] = [
            (
                LogRequest(
                    app: "A", version: "1", state: .waitingForReview, at: Self.at,
                    note: String(repeating: "n", count: ReviewLimits.maximumNoteCharacters)),
                LogRequest(
                    app: "A", version: "1", state: .inReview, at: Self.at,
                    note: String(repeating: "n", count: ReviewLimits.maximumNoteCharacters + 1)),
                "note is 4001 characters, longer than the limit of 4000"
            ),
            (
                LogRequest(
                    app: String(repeating: "a", count: 200), version: "1", state: .waitingForReview, at: Self.at),
                LogRequest(
                    app: String(repeating: "a", count: 201), version: "1", state: .waitingForReview, at: Self.at),
                "app name is 201 characters, longer than the limit of 200"
            ),
            (
                LogRequest(app: "B", version: String(repeating: "1", count: 64), state: .waitingForReview, at: Self.at),
                LogRequest(app: "B", version: String(repeating: "1", count: 65), state: .inReview, at: Self.at),
                "is 65 characters, longer than the limit of 64"
            ),
        ]
        for (atLimit, over, message) in cases {
            #expect(try store.record(atLimit).inserted)
            let before = try store.events(app: nil).count
            #expect {
                try store.record(over)
            } throws: { error in
                (error as? ReviewError) == ReviewError(.invalidValue) && "\(error)".contains(message)
            }
            #expect(try store.events(app: nil).count == before, "a refused event must not be written")
        }
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("an import file over ReviewLimits.maximumImportFileBytes is malformedImport naming the limit")
    func importFileSize() throws {
        #expect(EventInterchange.maximumFileBytes == 64 << 20)
        let directory = try TemporaryDirectory()
        let path = directory.file("huge.csv").path
        // A sparse file: one byte over the limit, without writing 64 MiB.
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, off_t(ReviewLimits.maximumImportFileBytes + 1)) == 0)
        close(descriptor)
        #expect {
            _ = try EventInterchange.events(fromFile: path)
        } throws: { error in
            (error as? ReviewError) == ReviewError(.malformedImport) && "\(error)".contains("huge.csv")
                && "\(error)".contains("limit of 64 MiB") && "\(error)".contains("nothing was imported")
        }
    }
}
