import AppleSignIn
import Foundation
import GatehouseTesting
import JWT
import ReviewSigning
import SigningTesting
import Testing

@Suite("Signing files: kinds from the content, missing and unreadable files")
struct SigningFileTests {
    enum Content: String, CaseIterable, CustomTestStringConvertible {
        case profile, derCertificate, pemCertificate, clientSecret
        var testDescription: String { rawValue }

        var kind: SigningFileKind {
            switch self {
            case .profile: .profile
            case .derCertificate, .pemCertificate: .certificate
            case .clientSecret: .clientSecret
            }
        }

        func bytes(_ fixtures: SigningFixtures) throws -> [UInt8] {
            switch self {
            case .profile:
                try fixtures.signed(SigningFixtures.propertyList(certificates: fixtures.developerCertificates))
            case .derCertificate: fixtures.pushCertificateDER
            case .pemCertificate: fixtures.pushCertificatePEM
            case .clientSecret:
                Array(
                    try AppleClientSecret(
                        privateKey: PrivateKey.generate(.ec(.p256)), keyID: "KEY1234567", teamID: "ABCDE12345",
                        clientID: "com.example.web"
                    ).make(issuedAt: Date(timeIntervalSince1970: 1_700_000_000)).utf8)
            }
        }
    }

    @Test(
        "the kind is read from the content, whatever the file's name",
        arguments: Content.allCases, ["App.mobileprovision", "apns.pem", "pass.cer", "secret.txt", "noextension"])
    func kindFromContent(content: Content, name: String) throws {
        let fixtures = try SigningFixtures.get()
        let path = try fixtures.write(try content.bytes(fixtures), as: name)
        #expect(try SigningFile.read(path: path).kind == content.kind)
    }

    @Test("the kinds' raw values are the tracker's JSON kinds")
    func kindNames() {
        #expect(SigningFileKind.allCases.map(\.rawValue) == ["profile-file", "certificate-file", "client-secret"])
    }

    @Test("a missing file, or one under a missing folder, is fileMissing, naming the path")
    func missing() throws {
        let directory = try TemporaryDirectory()
        for path in [directory.file("gone.mobileprovision").path, directory.file("no/such/folder.cer").path] {
            expectError(SigningError(.fileMissing), mentioning: [path, "does not exist"]) {
                _ = try SigningFile.read(path: path)
            }
        }
    }

    @Test("a folder is unreadable, not missing")
    func folder() throws {
        let directory = try TemporaryDirectory()
        expectError(SigningError(.unreadable), mentioning: [directory.url.path, "folder"]) {
            _ = try SigningFile.read(path: directory.url.path)
        }
    }

    @Test("a file without read permission is unreadable, with the system's reason", .enabled(if: geteuid() != 0))
    func noPermission() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("locked.cer").path
        #expect(
            FileManager.default.createFile(atPath: path, contents: Data([0x30]), attributes: [.posixPermissions: 0]))
        expectError(SigningError(.unreadable), mentioning: [path, "Permission denied"]) {
            _ = try SigningFile.read(path: path)
        }
    }

    @Test("a file over 4 MiB is refused before it is parsed, naming the limit")
    func tooLarge() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("huge.mobileprovision").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: SigningFile.maximumBytes + 1)))
        expectError(SigningError(.fileTooLarge), mentioning: [path, "4 MiB", "4194304 bytes"]) {
            _ = try SigningFile.read(path: path)
        }
        expectError(SigningError(.fileTooLarge), mentioning: ["in memory", "4 MiB"]) {
            _ = try SigningFile.read(
                contents: Array(repeating: 0x30, count: SigningFile.maximumBytes + 1), file: "in memory")
        }
        #expect(SigningFile.maximumBytes == 4_194_304)
    }

    @Test(
        "content of none of the kinds is refused, saying what it looks like",
        arguments: [
            ("", "is empty"),
            ("hello, world\n", "neither DER nor PEM nor a compact JWS"),
            ("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>", "not signed"),
            ("bplist00\u{1}\u{2}", "binary property list"),
            ("\u{30}\u{03}\u{02}\u{01}\u{01}", "neither a CMS message nor an X.509 certificate"),
            ("a.b", "neither DER nor PEM"),
            ("a..c", "neither DER nor PEM"),
        ])
    func noneOfTheKinds(content: String, fragment: String) {
        expectError(SigningError(.notASigningFile), mentioning: ["the file f.bin", fragment, "compact JWS"]) {
            _ = try SigningFile.read(contents: Array(content.utf8), file: "f.bin")
        }
    }

    @Test("the description reads SigningError.<code>: <reason>, and equality is on the code")
    func errorShape() {
        let error = SigningError(.fileMissing, "the file x does not exist")
        #expect(error.description == "SigningError.fileMissing: the file x does not exist")
        #expect(error == SigningError(.fileMissing))
        #expect(error != SigningError(.unreadable))
        #expect(SigningError(.notASigningFile, "a\nb").reason == "a\\u000ab")
    }
}
