import Foundation
import GatehouseTesting
import Testing

@testable import ReviewLog

@Suite(
    "review store on a full or read-only disk: a clear error and no partial write",
    .enabled(if: TmpfsMount.isAvailable, Comment(rawValue: TmpfsMount.unavailableMessage)))
struct StoreFaultTests {
    static let at = Timestamp(iso8601: "2020-03-15T10:00:00+09:00")!

    static func events(_ count: Int, app: String) -> [ReviewEvent] {
        (0..<count).map { index in
            ReviewEvent(
                id: 0, app: App(name: app), platform: .iOS, version: "\(index)", build: nil,
                state: .waitingForReview, at: Timestamp(secondsSince1970: at.secondsSince1970 + Int64(index)),
                note: String(repeating: "x", count: 1000), source: .import)
        }
    }

    @Test("an import that fills the disk fails with storeFailure naming the full disk; none of it is written")
    func diskFull() throws {
        let mount = try TmpfsMount(kilobytes: 512)
        let path = mount.path + "/review.sqlite3"
        let store = try RelationalReviewStore(sqlitePath: path)
        _ = try store.record(LogRequest(app: "Kept", version: "1", state: .waitingForReview, at: Self.at))
        #expect {
            _ = try store.importEvents(Self.events(2000, app: "Bulk"))  // about 2 MB of notes on a 512 KiB disk
        } throws: { error in
            (error as? ReviewError) == ReviewError(.storeFailure) && "\(error)".contains(path)
                && "\(error)".contains("full")
        }
        let reopened = try RelationalReviewStore(sqlitePath: path)
        #expect(try reopened.integrityCheck() == "ok")
        let events = try reopened.events(app: nil)
        #expect(events.map(\.app.name) == ["Kept"], "the failed import left \(events.count - 1) events behind")
    }

    @Test("on a read-only file system logging fails with a message naming read-only; the store is unchanged")
    func readOnly() throws {
        let mount = try TmpfsMount(kilobytes: 1024)
        let path = mount.path + "/review.sqlite3"
        do {
            let store = try RelationalReviewStore(sqlitePath: path)
            _ = try store.record(LogRequest(app: "Kept", version: "1", state: .waitingForReview, at: Self.at))
        }
        try mount.remount(readOnly: true)
        #expect {
            let store = try RelationalReviewStore(sqlitePath: path)
            _ = try store.record(LogRequest(app: "Kept", version: "1", state: .inReview, at: Self.at))
        } throws: { error in
            guard let error = error as? ReviewError else { return false }
            return (error == ReviewError(.readOnlyStore) || error == ReviewError(.storeFailure))
                && error.reason.contains(path) && error.reason.contains("read-only")
        }
        try mount.remount(readOnly: false)
        let store = try RelationalReviewStore(sqlitePath: path)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.events(app: nil).map(\.state) == [.waitingForReview])
    }
}
