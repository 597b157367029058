import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// The Swift blocks of the README and its reference pages (`docs/*.md`): each is the `main.swift` of a snippet target
/// (Tests/ReadmeSnippets/), compiled with the package; these tests check that the pages hold each one byte for byte
/// and run the test setup's program. The functions below are the same calls, run in process with every outcome
/// checked.
@Suite("README snippet")
struct ReadmeSnippetTests {
    static var samples: URL { SharedResources.samplesDirectory }
    /// 2026-11-29T12:30:00Z: half an hour after the sample token was issued.
    static let now = Date(timeIntervalSince1970: 1_795_955_400)

    /// The one-line setup, as a server writes it.
    static func appleUserID(identityToken: String, rawNonce: String) async throws -> String {
        // snippet-start: setup
        let verifier = try AppleIdentityTokenVerifier(clientIDs: ["com.example.app"])
        let token = try await verifier.verify(identityToken, nonce: .sha256(ofRaw: rawNonce))
        let userID = token.subject  // key accounts on this, never on the email
        // snippet-end
        return userID
    }

    /// The same, with every part injected, as a test writes it: a stand-in for Apple and a fixed time.
    static func injected(_ server: LoopbackHTTPServer) throws -> AppleIdentityTokenVerifier {
        let appleKeysURL = server.url("/auth/keys")
        // snippet-start: injected
        let keys = AppleKeySetProvider(
            http: CurlHTTPClient(), configuration: .init(url: appleKeysURL), clock: .fixed(now))
        let verifier = try AppleIdentityTokenVerifier(clientIDs: ["com.example.gatehouse"], keySetProvider: keys)
        // snippet-end
        return verifier
    }

    static func app() throws -> (AppleIdentityTokenVerifier, LoopbackHTTPServer) {
        let server = try LoopbackHTTPServer()
        let jwks = try String(contentsOf: samples.appendingPathComponent("jwks.json"), encoding: .utf8)
        server.route("/auth/keys", respond: .json(jwks, headers: [("Cache-Control", "max-age=3600")]))
        return (try injected(server), server)
    }

    static var sampleToken: String {
        get throws {
            try String(contentsOf: samples.appendingPathComponent("identity-token.jwt"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test("the README shows how to depend on the package: URL and path forms, and only products that exist")
    func dependency() throws {
        let root = SharedResources.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(readme.contains(".package(url: \""), "the URL form")
        #expect(readme.contains(".package(path: \"../gatehouse\")"), "the path form")
        #expect(readme.contains("a path dependency's package name is its folder's name"))
        let products = Set(
            manifest.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: ".library(name: \"") else { return nil }
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            })
        #expect(products.contains("AppleSignIn") && products.contains("JWT"))
        var named: [String] = []
        for line in readme.split(separator: "\n") {
            guard let range = line.range(of: ".product(name: \"") else { continue }
            named.append(String(line[range.upperBound...].prefix { $0 != "\"" }))
        }
        #expect(!named.isEmpty)
        #expect(named.allSatisfy(products.contains), "the README names \(named); the products are \(products)")
        for product in products {
            #expect(readme.contains("`\(product)`"), "the README's list of products lacks \(product)")
        }
    }

    @Test("the one-line setup is synchronous, fetches nothing until a token needs a key, and fails closed")
    func oneLineSetup() async throws {
        // A token without kid is refused before any request (no network here): the shared provider is untouched.
        let header = JWT.Base64URL.encode(Array(#"{"alg":"RS256"}"#.utf8))
        let payload = JWT.Base64URL.encode(Array(#"{"sub":"u"}"#.utf8))
        let error = await #expect(throws: AppleSignInError.self) {
            _ = try await Self.appleUserID(identityToken: "\(header).\(payload).c2ln", rawNonce: "n")
        }
        #expect(error?.code == .invalidToken)
        #expect(error?.reason.contains("no \"kid\"") == true)
        #expect(await AppleKeySetProvider.shared.fetchCount == 0)
        #expect(AppleKeySetProvider.shared.configuration.url == "https://appleid.apple.com/auth/keys")
        // Misconfiguration fails at start-up, once.
        #expect(throws: AppleSignInError.self) { try AppleIdentityTokenVerifier(clientIDs: []) }
    }

    @Test("the injected form verifies the sample identity token with the sample nonce and returns its sub")
    func snippetRuns() async throws {
        let (verifier, server) = try Self.app()
        let token = try await verifier.verify(try Self.sampleToken, nonce: .sha256(ofRaw: "sample-nonce"))
        #expect(token.subject == "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200")
        #expect(server.requestCount(path: "/auth/keys") == 1)
    }

    @Test("the injected form refuses the sample token with another nonce, naming the mismatch")
    func snippetRefusesReplay() async throws {
        let (verifier, server) = try Self.app()
        let error = await #expect(throws: AppleSignInError.self) {
            _ = try await verifier.verify(try Self.sampleToken, nonce: .sha256(ofRaw: "other"))
        }
        #expect(error?.code == .nonceMismatch)
        #expect(error?.reason.contains(AppleNonce.sha256Hex("other")) == true)
        #expect(server.requestCount(path: "/auth/keys") == 1)
    }

    @Test("the sample server-to-server notification body verifies: consent-revoked for the sample user")
    func sampleNotification() async throws {
        let (verifier, server) = try Self.app()
        let body = try Data(contentsOf: Self.samples.appendingPathComponent("apple/notification-body.json"))
        let notification = try await verifier.verifyNotification(body: Array(body))
        #expect(notification.event.kind == .consentRevoked)
        #expect(notification.event.subject == "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200")
        #expect(notification.keyID == "sample-key-2")
        #expect(server.requestCount(path: "/auth/keys") == 1)
    }

    /// The snippet programs, each the `main.swift` of an executable target in Tests/ReadmeSnippets/.
    static let snippetTargets = [
        "SignInWithApple": "readme-sign-in-with-apple", "SignInWithAppleInTests": "readme-sign-in-with-apple-in-tests",
        "JWTVerifier": "readme-jwt-verifier", "AppStoreServer": "readme-app-store-server",
    ]

    @Test("every Swift block of the README and docs pages is a snippet program byte for byte, each snippet in one")
    func readmeBlocksAreSnippets() throws {
        let root = SharedResources.packageRoot
        let pages = try SharedResources.guidePages()
        #expect(
            pages.first?.path == "README.md" && pages.count > 1, "the README and its docs pages: \(pages.map(\.path))")
        var blocks: [String] = []
        var readmeBlocks = 0
        for (path, text) in pages {
            var current: [Substring]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if current == nil, line == "```swift" {
                    current = []
                } else if current != nil, line == "```" {
                    blocks.append((current ?? []).joined(separator: "\n") + "\n")
                    readmeBlocks += path == "README.md" ? 1 : 0
                    current = nil
                } else if current != nil {
                    current?.append(line)
                }
            }
            #expect(current == nil, "\(path) ends inside a Swift block")
        }
        #expect(readmeBlocks > 0, "the README's walk-through shows the server's Swift")
        let folder = root.appendingPathComponent("Tests/ReadmeSnippets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(Set(names) == Set(Self.snippetTargets.keys), "each snippet folder is a target of Package.swift")
        var snippets: [String] = []
        for name in names {
            snippets.append(
                try String(contentsOf: folder.appendingPathComponent("\(name)/main.swift"), encoding: .utf8))
        }
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(snippets.contains(block), "a Swift block of the README or docs/ is no snippet program:\n\(block)")
        }
        for (name, snippet) in zip(names, snippets) {
            #expect(blocks.contains(snippet), "Tests/ReadmeSnippets/\(name) is in neither the README nor docs/")
            #expect(
                FileManager.default.isExecutableFile(atPath: ProcessRunner.executable(Self.snippetTargets[name]!).path),
                "the build made \(name)'s program")
        }
    }

    @Test("the README's test setup, run as a program: the sample token verified against a stand-in for Apple")
    func snippetProgramRuns() throws {
        let (_, server) = try Self.app()
        let token = try Self.sampleToken
        let verified = try ProcessRunner.run(
            "readme-sign-in-with-apple-in-tests", [token, "sample-nonce"],
            environment: ["APPLE_KEYS_URL": server.url("/auth/keys")])
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.standardOutput == "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200\n")
        #expect(server.requestCount(path: "/auth/keys") == 1)
        // A thrown error ends a top-level program with the error's text (no backtrace wait).
        let replayed = try ProcessRunner.run(
            "readme-sign-in-with-apple-in-tests", [token, "another-nonce"],
            environment: ["APPLE_KEYS_URL": server.url("/auth/keys"), "SWIFT_BACKTRACE": "enable=no"])
        #expect(replayed.status != 0 && replayed.standardError.contains("nonce"), "\(replayed.standardError)")
    }

    @Test("the README's App Store notification receiver, run as a program on a genuine production notification")
    func appStoreSnippetRuns() throws {
        let file = SharedResources.appleRealDirectory.appendingPathComponent(
            "appstore/gopay-unsign_jwt-notification-consumption-request-production-2023-06.jws")
        try SkipUnlessCI.check(
            missing: FileManager.default.fileExists(atPath: file.path) ? nil : SharedResources.absentMessage,
            cause: "the shared fixtures hold the genuine App Store data")
        let signed = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let directory = try TemporaryDirectory()
        let body = directory.file("body.json")
        try Data("{\"signedPayload\":\"\(signed)\"}".utf8).write(to: body)
        let verified = try ProcessRunner.run(
            "readme-app-store-server", [body.path, "com.jrjj.keysns", "1601830814"])
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.standardOutput.hasPrefix("cbff6987-b8d9-43d8-b1dc-07fa8c9fd945 CONSUMPTION_REQUEST "))
        let otherApp = try ProcessRunner.run("readme-app-store-server", [body.path, "com.jrjj.keysns", "42"])
        #expect(otherApp.status == 1)
        #expect(otherApp.standardOutput.hasPrefix("appAppleIDMismatch: "), "\(otherApp.standardOutput)")
    }
}
