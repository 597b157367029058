import Foundation
import GatehouseTesting
import ReviewLog
import Testing

/// The SQLite store's roles within one process: what a process holds it keeps, whichever store object asks; each
/// role and each store has its own lock file, 0600; a bad role name and an unusable lock file are errors. (Another
/// process being refused, and the role freed by SIGKILL, are in ReviewCLITests' `WatchLeaseTests`: they need a
/// second process.)
@Suite("review store roles (RoleLeasing) in one process")
struct RoleLeaseTests {
    @Test("a role taken is confirmed on every later call, also through another store object of the same file")
    func heldAndConfirmed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("review.sqlite3").path
        let store = try RelationalReviewStore(sqlitePath: path)
        #expect(try store.holdRole("watch"))
        #expect(try store.holdRole("watch"))
        // Another object, and another spelling of the same path: the same process, so the same holder.
        let other = try RelationalReviewStore(sqlitePath: directory.url.path + "/./review.sqlite3")
        #expect(try other.holdRole("watch"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "-watch.lock")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == 0, "the lock file holds nothing")
    }

    @Test("each role, and each store, has its own lock file")
    func separateRolesAndStores() throws {
        let directory = try TemporaryDirectory()
        let first = try RelationalReviewStore(sqlitePath: directory.file("first.sqlite3").path)
        let second = try RelationalReviewStore(sqlitePath: directory.file("second.sqlite3").path)
        #expect(try first.holdRole("watch"))
        #expect(try first.holdRole("resolve-2"))
        #expect(try second.holdRole("watch"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            $0.hasSuffix(".lock")
        }
        #expect(
            Set(names) == ["first.sqlite3-watch.lock", "first.sqlite3-resolve-2.lock", "second.sqlite3-watch.lock"])
    }

    @Test("a lock file removed while held is locked again at the next call (a newcomer's new file would be refused)")
    func removedLockFile() throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("review.sqlite3").path)
        let lockFile = directory.file("review.sqlite3-watch.lock").path
        #expect(try store.holdRole("watch"))
        try FileManager.default.removeItem(atPath: lockFile)
        #expect(try store.holdRole("watch"))
        #expect(FileManager.default.fileExists(atPath: lockFile), "the role is held on the file now at the path")
    }

    @Test(
        "a role name that is not lower-case letters, digits and - is refused with invalidValue",
        arguments: [
            "", "Watch", "../watch", "watch lock", "wätch", String(repeating: "w", count: 65),
        ])
    func invalidRoleName(role: String) throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("review.sqlite3").path)
        #expect {
            _ = try store.holdRole(role)
        } throws: { error in
            (error as? ReviewError) == ReviewError(.invalidValue) && "\(error)".contains("lower-case letters")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.hasSuffix(".lock") }, "a lock file was created for \(role.debugDescription)")
    }

    @Test("a lock file that cannot be opened fails with storeUnavailable naming the file, the cause and the fix")
    func unusableLockFile() throws {
        let directory = try TemporaryDirectory()
        let store = try RelationalReviewStore(sqlitePath: directory.file("review.sqlite3").path)
        let lockFile = directory.file("review.sqlite3-watch.lock").path
        // A dangling symbolic link where the lock file belongs (a directory would open read-only): O_EXCL refuses
        // to create through it, and opening it follows it into a folder that does not exist.
        try FileManager.default.createSymbolicLink(
            atPath: lockFile, withDestinationPath: directory.file("missing/folder/lock").path)
        #expect {
            _ = try store.holdRole("watch")
        } throws: { error in
            (error as? ReviewError) == ReviewError(.storeUnavailable) && "\(error)".contains(lockFile)
                && "\(error)".contains("No such file or directory") && "\(error)".contains("writable")
        }
    }
}
