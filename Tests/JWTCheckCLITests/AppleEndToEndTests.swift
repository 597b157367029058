import Foundation
import GatehouseTesting
import JWT
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
        for fixture in AppleRealFixture.identityTokens {
            let result = try await Self.jwtcheck(
                [
                    "apple", "verify", "@\(fixture.path)/token.jwt", "--client-id", fixture.audience, "--jwks",
                    "\(fixture.path)/jwks.json", "--now", String(fixture.issuedAt + 60),
                ])
            #expect(result.status == 0, "\(fixture.name): \(result.standardError)")
            #expect(result.standardOutput.contains("Verdict: VALID"))
            #expect(result.standardError.isEmpty)
        }
        let fixture = AppleRealFixture.notification
        let notification = try await Self.jwtcheck(
            [
                "apple", "notification", "@\(fixture.path)/token.jwt", "--client-id", fixture.audience, "--jwks",
                "\(fixture.path)/jwks.json", "--now", "2021-08-27T18:00:00Z",
            ])
        #expect(notification.status == 0, "\(notification.standardError)")
        #expect(notification.standardOutput.contains("event             email-disabled"))

        let wrong = try await Self.jwtcheck(
            [
                "apple", "verify", "@\(AppleRealFixture.identityTokens[0].path)/token.jwt", "--client-id", "com.other",
                "--jwks", "\(AppleRealFixture.identityTokens[0].path)/jwks.json", "--now", "2020-01-17T15:20:00Z",
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

    /// A notification JWT signed by `Samples/keys/<key>.pem` for `com.example.gatehouse`, issued at
    /// 2026-11-29T12:00:00Z, with `events` as given (JSON text); its `kid` is the key's name unless given.
    static func sampleNotification(
        events: String, key name: String = "sample-key-1", kid: String?? = nil
    ) throws -> String {
        let samples = SharedResources.samplesDirectory.path
        let key = try PrivateKey(
            pemRepresentation: try String(contentsOfFile: "\(samples)/keys/\(name).pem", encoding: .utf8))
        let claims = JSONObject(members: [
            .init(name: "iss", value: .string("https://appleid.apple.com")),
            .init(name: "aud", value: .string("com.example.gatehouse")),
            .init(name: "iat", value: .number(JSONNumber(1_795_953_600))),
            .init(name: "exp", value: .number(JSONNumber(1_795_953_600 + 86_400))),
            .init(name: "jti", value: .string("jti-1")),
            .init(name: "events", value: .string(events)),
        ])
        return try JWSSigner(privateKey: key, algorithm: .rs256, keyID: kid ?? name)
            .sign(claimsJSON: Array(JSONValue.object(claims).description.utf8))
    }

    @Test(
        "apple notification with a signed event_time far outside 1970...9999 exits 1 naming event_time, never a trap",
        arguments: ["1e300", "1e22", "-5e18"])
    func eventTimeOutOfRange(eventTime: String) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("notification.jwt")
        try Data(
            try Self.sampleNotification(
                events: "{\"type\":\"consent-revoked\",\"sub\":\"001234.abc.1200\",\"event_time\":\(eventTime)}"
            ).utf8
        ).write(to: file)
        let result = try await Self.jwtcheck([
            "apple", "notification", "@\(file.path)", "--client-id", "com.example.gatehouse", "--jwks",
            "\(SharedResources.samplesDirectory.path)/jwks.json", "--now", "2026-11-29T12:30:00Z",
        ])
        #expect(result.status == 1, "event_time \(eventTime): \(result.standardError)")
        #expect(result.standardError.contains("invalidClaim"), "\(result.standardError)")
        #expect(result.standardError.contains("event_time"))
        #expect(result.standardOutput.contains("Verdict: REJECTED (invalidClaim)"))
    }

    @Test("a kid missing from the cached key set while the key set URL refuses connections: 69 naming URL and cause")
    func keySetOutageDuringRotation() async throws {
        let server = try LoopbackHTTPServer()
        let directory = try TemporaryDirectory()
        let samples = SharedResources.samplesDirectory.path
        // The server, then the copy on disk, hold sample-key-1 only; the sample token is signed by sample-key-2.
        let document = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: "\(samples)/jwks.json"))))
        let keyOne = document["keys"]?.arrayValue?.filter { $0["kid"] == .string("sample-key-1") } ?? []
        server.route(
            "/keys",
            respond: .json(
                JSONValue.object(JSONObject(members: [.init(name: "keys", value: .array(keyOne))])).description))
        let arguments = [
            "apple", "verify", "@\(samples)/identity-token.jwt", "--client-id", "com.example.gatehouse", "--jwks",
            server.url("/keys"), "--cache-dir", directory.url.path + "/cache", "--now", "2026-11-29T12:30:00Z",
        ]
        let unknown = try await Self.jwtcheck(arguments)
        #expect(unknown.status == 1, "\(unknown.standardError)")
        #expect(unknown.standardError.contains("unknownKeyID"))
        server.stop()
        let result = try await Self.jwtcheck(arguments)
        #expect(result.status == 69, "\(result.standardError)")
        #expect(result.standardError.contains(server.url("/keys")), "\(result.standardError)")
        #expect(result.standardError.contains("connectionFailed"), "\(result.standardError)")
        #expect(result.standardError.contains("sample-key-2"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("apple exchange: a 4xx without an error is 1 naming the status, a 5xx naming invalid_grant is 69")
    func endpointStatus() async throws {
        let server = try LoopbackHTTPServer()
        let samples = SharedResources.samplesDirectory.path
        let arguments = [
            "apple", "exchange", "c.0.code", "--p8", "\(samples)/keys/AuthKey_TEST0KEY01.p8", "--key-id",
            "TEST0KEY01", "--team-id", "TEAM123456", "--client-id", "com.example.gatehouse", "--endpoint",
            server.baseURL, "--jwks", "\(samples)/jwks.json",
        ]
        server.route("/auth/token", respond: .text("", status: 403))
        let refused = try await Self.jwtcheck(arguments)
        #expect(refused.status == 1, "\(refused.standardError)")
        #expect(refused.standardError.contains("HTTP 403"), "\(refused.standardError)")
        #expect(refused.standardOutput.isEmpty)
        server.route("/auth/token", respond: .json("{\"error\":\"invalid_grant\"}", status: 502))
        let failing = try await Self.jwtcheck(arguments)
        #expect(failing.status == 69, "\(failing.standardError)")
        #expect(failing.standardError.contains("HTTP 502"), "\(failing.standardError)")
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
