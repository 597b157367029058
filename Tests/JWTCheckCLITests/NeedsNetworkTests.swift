import Testing

@testable import JWTCheckCLI

/// `main.swift` runs a command line synchronously unless `needsNetwork` says it fetches something; the synchronous
/// path must never be chosen for a command that needs the network (it would answer "unavailable").
@Suite("jwtcheck: which command lines need the network")
struct NeedsNetworkTests {
    @Test(
        "a key set URL, Apple's default key set and apple verify/notification need perform(_:)",
        arguments: [
            ["token", "@t.jwt", "--jwks", "https://appleid.apple.com/auth/keys"],
            ["token", "@t.jwt", "--jwks", "http://127.0.0.1:9/jwks.json"],
            ["token", "@t.jwt", "--iss", "https://appleid.apple.com"],
            ["apple", "verify", "@t.jwt", "--client-id", "com.example.app"],
            ["apple", "notification", "@t.jwt", "--client-id", "com.example.app"],
        ])
    func network(arguments: [String]) {
        #expect(JWTCheckTool().needsNetwork(arguments), "\(arguments)")
    }

    @Test(
        "a key set file, decode, keys, help, version and unparsable lines run synchronously",
        arguments: [
            ["token", "@t.jwt", "--jwks", "jwks.json"],
            ["decode", "@t.jwt"],
            ["keys", "jwks.json"],
            ["--help"],
            ["--version"],
            ["token", "--no-such-flag"],
        ])
    func local(arguments: [String]) {
        #expect(!JWTCheckTool().needsNetwork(arguments), "\(arguments)")
    }

    @Test("the synchronous path answers a URL key set with unavailable, so the split is needed")
    func synchronousRefusesURL() {
        let output = JWTCheckTool().run(["token", "@t.jwt", "--jwks", "https://example.com/jwks.json"])
        #expect(output.status == .unavailable, "\(output.standardError)")
    }
}
