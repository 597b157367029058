import Foundation
import GatehouseCore
import Testing

/// Security round 3, items 10 and 11: the one atomic writer never follows or replaces a planted name, leaves no
/// temporary file when it fails, and creates the missing folders of its target with mode 0700.
@Suite("AtomicFile and FilePath")
struct AtomicFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "gatehouse-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test("writes the whole file with the mode asked for, and leaves nothing else in the folder")
    func writes() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/secret"
        try AtomicFile.write(Array("s3cret\n".utf8), to: path, mode: 0o600)
        #expect(contents(path) == "s3cret\n")
        #expect(try mode(path) == 0o600)
        try AtomicFile.write(Array("new".utf8), to: path, mode: 0o600)
        #expect(contents(path) == "new")
        #expect(try names() == ["secret"])
    }

    @Test("symlinks planted at every predictable temporary name are never followed; the victim is intact")
    func plantedTemporaryNames() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let victim = folder + "/victim"
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        let path = folder + "/report.html"
        let pid = getpid()
        // The names this project's writers used before (report, profiles, key set cache) and the usual others.
        let planted = [
            "\(path).\(pid).tmp", "\(path).tmp-\(pid)", "\(path).tmp.\(pid)", "\(path).tmp", "\(path)~",
            "\(folder)/.report.html.tmp",
        ]
        for name in planted { try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: victim) }
        try AtomicFile.write(Array("<html>".utf8), to: path, mode: 0o644)
        #expect(contents(victim) == "victim")
        #expect(contents(path) == "<html>")
        for name in planted {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: name) == victim, "\(name)")
        }
        #expect(try names().count == planted.count + 2)
    }

    @Test("a symlink at the target itself is replaced, never written through")
    func symlinkAtTarget() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let victim = folder + "/victim"
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        let path = folder + "/page"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        try AtomicFile.write(Array("page".utf8), to: path, mode: 0o644)
        #expect(contents(victim) == "victim")
        #expect(contents(path) == "page")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil)
    }

    @Test("createOnly refuses a file or a dangling symlink at the target, changing nothing, leaving no temporary")
    func createOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let existing = folder + "/existing"
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        #expect(throws: FileWriteError(.exists, existing, errorNumber: EEXIST)) {
            try AtomicFile.write(Array("new".utf8), to: existing, mode: 0o600, placement: .createOnly)
        }
        #expect(contents(existing) == "old")
        let dangling = folder + "/dangling"
        let victim = folder + "/would-be-created"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: victim)
        #expect(throws: FileWriteError(.exists, dangling, errorNumber: EEXIST)) {
            try AtomicFile.write(Array("new".utf8), to: dangling, mode: 0o600, placement: .createOnly)
        }
        #expect(!FileManager.default.fileExists(atPath: victim))
        #expect(try names() == ["dangling", "existing"])
        try AtomicFile.write(Array("fresh".utf8), to: folder + "/fresh", mode: 0o600, placement: .createOnly)
        #expect(contents(folder + "/fresh") == "fresh")
    }

    @Test("a failed write leaves the old target and no temporary file, and names the step and the path")
    func failureLeavesNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A non-empty folder at the target's name: the rename fails after the temporary file was written.
        let path = folder + "/busy"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        do {
            try AtomicFile.write(Array("x".utf8), to: path, mode: 0o644)
            Issue.record("the write over a folder succeeded")
        } catch {
            #expect(error.step == .place)
            #expect(error.reason.contains("cannot put the new file at \(path)"), "\(error.reason)")
        }
        #expect(try names() == ["busy"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["inside"])
        // A folder that cannot be created (a file is in its way): nothing is written, the step is named.
        let blocked = folder + "/file"
        try Data("f".utf8).write(to: URL(fileURLWithPath: blocked))
        #expect(throws: FileWriteError(.createFolder, blocked + "/sub", errorNumber: ENOTDIR)) {
            try AtomicFile.write(Array("x".utf8), to: blocked + "/sub/page", mode: 0o644, creatingFolders: true)
        }
        #expect(try names() == ["busy", "file"])
        #expect(throws: FileWriteError(.notAFile, folder + "/", errorNumber: EISDIR)) {
            try AtomicFile.write(Array("x".utf8), to: folder + "/", mode: 0o644)
        }
    }

    @Test("missing folders are created with mode 0700, existing ones left as they are")
    func createsFolders() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a/b/c/file"
        try AtomicFile.write(Array("x".utf8), to: path, mode: 0o600, creatingFolders: true)
        #expect(contents(path) == "x")
        for sub in ["/a", "/a/b", "/a/b/c"] { #expect(try mode(folder + sub) == 0o700, "\(sub)") }
        chmod(folder + "/a", 0o755)
        try AtomicFile.write(Array("y".utf8), to: folder + "/a/other", mode: 0o600, creatingFolders: true)
        #expect(try mode(folder + "/a") == 0o755)
    }

    @Test("split and absolute read a relative path against the working directory")
    func paths() {
        func parts(_ path: String) -> [String] { [FilePath.split(path).folder, FilePath.split(path).name] }
        #expect(parts("rel/dir/file") == ["rel/dir", "file"])
        #expect(parts("file") == [".", "file"])
        #expect(parts("/file") == ["/", "file"])
        #expect(parts("a//b") == ["a", "b"])
        #expect(FilePath.absolute("/x/y") == "/x/y")
        #expect(FilePath.absolute("rel/file") == FileManager.default.currentDirectoryPath + "/rel/file")
    }
}
