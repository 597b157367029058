import Foundation
import GatehouseTesting
import Testing

/// `make install` is `swift build -c release` then `scripts/install BIN_DIR`: the script is tested here with the
/// binaries of this build, into a temporary PREFIX under a temporary DESTDIR, so no release build is needed.
@Suite("scripts/install")
struct InstallScriptTests {
    static let script = SharedResources.packageRoot.appendingPathComponent("scripts/install")
    static let files = [
        "bin/jwtcheck", "bin/review", "share/man/man1/jwtcheck.1", "share/man/man1/review.1",
        "share/bash-completion/completions/jwtcheck", "share/bash-completion/completions/review",
        "share/zsh/site-functions/_jwtcheck", "share/zsh/site-functions/_review",
        "share/fish/vendor_completions.d/jwtcheck.fish", "share/fish/vendor_completions.d/review.fish",
    ]

    @Test("installs the binaries, the man pages and every completion under DESTDIR/PREFIX; --uninstall removes them")
    func installAndUninstall() throws {
        let bin = ProcessRunner.productsDirectory
        for tool in ["jwtcheck", "review"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent(tool).path),
                "\(tool) is not built in \(bin.path): run swift build first")
        }
        let destination = try TemporaryDirectory()
        let environment = ["PREFIX": "/opt/gatehouse", "DESTDIR": destination.url.path]
        let install = try ProcessRunner.run(
            executableAt: Self.script, [bin.path], environment: environment)
        #expect(install.status == 0, "\(install.standardError)")
        let root = destination.url.appendingPathComponent("opt/gatehouse")
        for file in Self.files {
            let path = root.appendingPathComponent(file).path
            #expect(install.standardOutput.contains("installed \(path)\n"), "\(file)")
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.size] as? Int ?? 0) > 0, "\(file) is empty")
            let permissions = attributes[.posixPermissions] as? Int ?? 0
            #expect(
                permissions == (file.hasPrefix("bin/") ? 0o755 : 0o644), "\(file): \(String(permissions, radix: 8))")
        }
        // The installed pages and scripts are what the installed binaries print.
        let man = try ProcessRunner.run(executableAt: root.appendingPathComponent("bin/review"), ["--man"])
        #expect(
            try String(contentsOf: root.appendingPathComponent("share/man/man1/review.1"), encoding: .utf8)
                == man.standardOutput)
        let zsh = try ProcessRunner.run(
            executableAt: root.appendingPathComponent("bin/jwtcheck"), ["completion", "zsh"])
        #expect(
            try String(contentsOf: root.appendingPathComponent("share/zsh/site-functions/_jwtcheck"), encoding: .utf8)
                == zsh.standardOutput)

        let uninstall = try ProcessRunner.run(executableAt: Self.script, ["--uninstall"], environment: environment)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        for file in Self.files {
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file)")
        }
    }

    @Test("a bin directory without the binaries installs nothing and says what to build")
    func missingBinaries() throws {
        let empty = try TemporaryDirectory()
        let destination = try TemporaryDirectory()
        let result = try ProcessRunner.run(
            executableAt: Self.script, [empty.url.path], environment: ["PREFIX": "/p", "DESTDIR": destination.url.path])
        #expect(result.status != 0)
        #expect(result.standardError.contains("jwtcheck is not built"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.url.path).isEmpty)
    }
}
