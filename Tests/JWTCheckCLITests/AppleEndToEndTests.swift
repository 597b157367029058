import Foundation
import GatehouseTesting
import Testing

/// The built `jwtcheck` binary running `apple` commands: real Apple tokens with a fixed --now, and exit 69 when the
/// key set cannot be fetched.
@Suite("jwtcheck apple end to end")
struct AppleEndToEndTests {
    /// Runs the binary on a thread of its own, so waiting for the process never holds a thread of the concurrency
    /// pool that other tests need.
    static func jwtcheck(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try ProcessRunner.run("jwtcheck", arguments) }) }.start()
        }
    }

    @Test(
        "apple verify and apple notification on the real Apple tokens exit 0 with the user or event",
        .enabled(if: SharedResources.hasAppleReal, Comment(rawValue: SharedResources.absentMessage)))
    func realTokens() async throws {
        for fixture in RealFixtures.identityTokens {
            let result = try await Self.jwtcheck(
                [
                    "apple", "verify", "@\(fixture.path)/token.jwt", "--client-id", fixture.audience, "--jwks",
                    "\(fixture.path)/jwks.json", "--now", String(fixture.issuedAt + 60),
                ])
            #expect(result.status == 0, "\(fixture.name): \(result.standardError)")
            #expect(result.standardOutput.contains("Verdict: VALID"))
            #expect(result.standardError.isEmpty)
        }
        let fixture = RealFixtures.notification
        let notification = try await Self.jwtcheck(
            [
                "apple", "notification", "@\(fixture.path)/token.jwt", "--client-id", fixture.audience, "--jwks",
                "\(fixture.path)/jwks.json", "--now", "2021-08-27T18:00:00Z",
            ])
        #expect(notification.status == 0, "\(notification.standardError)")
        #expect(notification.standardOutput.contains("event             email-disabled"))

        let wrong = try await Self.jwtcheck(
            [
                "apple", "verify", "@\(RealFixtures.identityTokens[0].path)/token.jwt", "--client-id", "com.other",
                "--jwks", "\(RealFixtures.identityTokens[0].path)/jwks.json", "--now", "2020-01-17T15:20:00Z",
            ])
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("audienceMismatch"))
    }

    @Test("a key set URL on a closed port exits 69 naming the URL and the cause, for apple verify and token")
    func unreachable() async throws {
        let url = "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())/auth/keys"
        let token = "@\(SharedResources.samplesDirectory.path)/identity-token.jwt"
        for arguments in [
            ["apple", "verify", token, "--client-id", "com.example.gatehouse", "--jwks", url, "--no-cache"],
            ["token", token, "--jwks", url, "--aud", "com.example.gatehouse", "--no-cache"],
        ] {
            let result = try await Self.jwtcheck(arguments)
            #expect(result.status == 69, "\(arguments[0]): \(result.standardError)")
            #expect(result.standardError.contains(url))
            #expect(result.standardError.contains("connectionFailed"))
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test("apple client-secret runs as a process and prints a three-segment JWT")
    func clientSecret() async throws {
        let samples = SharedResources.samplesDirectory.path
        let result = try await Self.jwtcheck(
            [
                "apple", "client-secret", "--p8", "\(samples)/keys/AuthKey_TEST0KEY01.p8", "--key-id", "TEST0KEY01",
                "--team-id", "TEAM123456", "--client-id", "com.example.gatehouse", "--days", "1",
            ])
        #expect(result.status == 0)
        #expect(result.standardOutput.split(separator: ".").count == 3)
    }
}
