import Foundation
import GatehouseTesting
import ReviewLog
import ReviewTesting
import Testing

@testable import ReviewSync

/// Issue 21 item 5: the credential resolver and the profile list name what is missing or wrong, with a code for each
/// cause; the command line adds its flags (`--private-key FILE`) and commands (`review auth add`).
@Suite("ReviewSync: credentials errors carry their cause in the code, and no flag or command of review")
struct MessageAdviceTests {
    static func commandLineAdvice(in text: String) -> String? { CommandLineAdvice.found(in: text) }

    static func resolve(
        _ flags: CredentialResolver.Flags = .init(), environment: [String: String] = [:],
        profiles: CredentialProfiles? = nil, readFile: (String) throws(SyncError) -> String = { _ in "" }
    ) -> SyncError? {
        do {
            _ = try CredentialResolver.resolve(
                flags: flags, environment: environment, profiles: profiles, readFile: readFile)
        } catch {
            return error
        }
        return nil
    }

    @Test("each resolver and profile list failure: its code, the cause, and no flag or command of review")
    func codes() throws {
        let directory = try TemporaryDirectory()
        let missing = CredentialProfiles(path: directory.file("none.json").path)
        let malformedPath = directory.file("profiles.json").path
        #expect(FileManager.default.createFile(atPath: malformedPath, contents: Data("{}".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: malformedPath)
        let unreadable = SyncError(.credentialsFileUnreadable, "cannot read the .p8 key '/x.p8': No such file")
        let cases: [(SyncError.Code, SyncError?, [String])] = [
            (.noCredentials, Self.resolve(profiles: missing), ["no App Store Connect API key"]),
            (.keyFileNotGiven, Self.resolve(.init(keyID: "K1")), ["the command line", "K1", ".p8"]),
            (
                .keyFileNotGiven, Self.resolve(environment: ["ASC_KEY_ID": "K2"]),
                ["the environment", "K2", "ASC_PRIVATE_KEY_PATH"]
            ),
            (.profileNotFound, Self.resolve(.init(profile: "team"), profiles: missing), ["team", "profiles: none"]),
            (
                .malformedProfiles, Self.resolve(profiles: CredentialProfiles(path: malformedPath)),
                [malformedPath, "not a profile list"]
            ),
            (
                .credentialsFileUnreadable,
                Self.resolve(
                    .init(keyID: "K3", privateKeyPath: "/x.p8"),
                    readFile: { _ throws(SyncError) in
                        throw unreadable
                    }), ["/x.p8"]
            ),
            (
                .invalidCredentials,
                Self.resolve(.init(keyID: "K4", privateKeyPath: "/y.p8"), readFile: { _ in "not a key" }), ["/y.p8"]
            ),
        ]
        for (code, error, fragments) in cases {
            let error = try #require(error, "SyncError.\(code) was not thrown")
            #expect(error.code == code, "\(error)")
            for fragment in fragments { #expect(error.reason.contains(fragment), "\(error)") }
            #expect(Self.commandLineAdvice(in: error.reason) == nil, "\(error)")
        }
    }
}
