import Foundation
import GatehouseTesting
import Testing

/// The `review` binary on a full disk and on a read-only file system: exit status 74, a message naming the store
/// and the cause, and nothing of the failed command in the store.
@Suite(
    "review end to end on a full or read-only disk",
    .enabled(if: TmpfsMount.isAvailable, Comment(rawValue: TmpfsMount.unavailableMessage)))
struct StoreFaultEndToEndTests {
    static func review(_ arguments: [String], database: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run("review", ["--db", database] + arguments, environment: ["TZ": "UTC"])
    }

    /// A tmpfs of `kilobytes` with a store on it that holds one event (app "Kept"), logged through the binary.
    static func mountWithOneEvent(
        kilobytes: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (mount: TmpfsMount, database: String) {
        let mount = try TmpfsMount(kilobytes: kilobytes)
        let database = mount.path + "/review.sqlite3"
        let first = try review(["log", "Kept", "waiting-for-review", "--version", "1"], database: database)
        #expect(first.status == 0, "\(first.standardError)", sourceLocation: sourceLocation)
        return (mount, database)
    }

    @Test("review log on a read-only file system exits 74 naming the store and read-only; nothing is written")
    func readOnly() throws {
        let (mount, database) = try Self.mountWithOneEvent(kilobytes: 1024)
        try mount.remount(readOnly: true)
        let refused = try Self.review(["log", "Kept", "in-review"], database: database)
        #expect(refused.status == 74)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains(database) && refused.standardError.contains("read-only"))
        try mount.remount(readOnly: false)
        let export = try Self.review(["export", "--format", "csv"], database: database)
        #expect(export.status == 0)
        #expect(export.standardOutput.split(separator: "\r\n").count == 2, "\(export.standardOutput)")
    }

    @Test("review import that fills the disk exits 74 naming the full disk; the store keeps only what it had")
    func diskFull() throws {
        let (mount, database) = try Self.mountWithOneEvent(kilobytes: 384)
        let source = try TemporaryDirectory()
        var csv = "app,version,state,at,note\n"
        let note = String(repeating: "n", count: 900)
        for index in 0..<2000 { csv += "Bulk,\(index),WAITING_FOR_REVIEW,2021-01-01T00:00:00Z,\(note)\n" }
        let file = source.file("bulk.csv")
        try Data(csv.utf8).write(to: file)
        let refused = try Self.review(["import", file.path], database: database)
        #expect(refused.status == 74)
        #expect(refused.standardError.contains(database) && refused.standardError.contains("full"))
        let export = try Self.review(["export", "--format", "csv"], database: database)
        #expect(export.status == 0)
        let rows = export.standardOutput.split(separator: "\r\n").dropFirst()
        #expect(rows.count == 1 && rows.first?.contains("Kept") == true, "\(rows.count) rows after a failed import")
        withExtendedLifetime(mount) {}  // mounted until here
    }
}
