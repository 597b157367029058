import CommandLineKit
import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import JWTCheckCLI

/// Security round 2, item 13: `sign` refuses a key its own verifier refuses unless told otherwise, and `--leeway`'s
/// help says what the option does (exp and nbf; iat has its own fixed 300 s).
@Suite("jwtcheck sign with weak keys, and --leeway as documented")
struct SignAndLeewayTests {
    static let samples = SharedResources.samplesDirectory.path
    static let now: Int64 = 1_795_955_400

    func tool() -> JWTCheckTool {
        JWTCheckTool(environment: ToolEnvironment(now: { Self.now }, readStandardInput: { _ in [] }))
    }

    /// A fresh 1024-bit RSA key made by the openssl command (installed by `make deps`).
    static func weakKeyFile() throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("rsa1024.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl genpkey failed")
        return (path, directory)
    }

    @Test("an RSA-1024 key is refused (65, naming the size and the flag); --insecure-weak-key signs with a warning")
    func weakKey() throws {
        let (path, directory) = try Self.weakKeyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let claims = #"{"sub":"u","exp":1796040000}"#
        let refused = tool().run(["sign", "--key", path, "--alg", "RS256", "--claims", claims])
        #expect(refused.status == .dataError)
        #expect(refused.standardError.contains("1024"), "\(refused.standardError)")
        #expect(refused.standardError.contains("--insecure-weak-key"))
        #expect(refused.standardOutput.isEmpty)

        let forced = tool().run(["sign", "--key", path, "--alg", "RS256", "--claims", claims, "--insecure-weak-key"])
        #expect(forced.status == .success)
        #expect(forced.standardError.contains("warning: --insecure-weak-key"))
        let token = forced.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try UnverifiedJWT(parsing: token).header.algorithmName == "RS256")
        // A normal key signs with no warning, with or without the flag.
        let normal = tool().run([
            "sign", "--key", "\(Self.samples)/keys/sample-key-1.pem", "--alg", "RS256", "--claims", claims,
            "--insecure-weak-key",
        ])
        #expect(normal.status == .success)
        #expect(normal.standardError.isEmpty)
    }

    @Test("the library's signer refuses a key the default policy refuses, and names it")
    func signerPolicy() throws {
        let (path, directory) = try Self.weakKeyFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try PrivateKey(pemRepresentation: String(contentsOfFile: path, encoding: .utf8))
        #expect(throws: JWTError(.weakKey)) { try JWSSigner(privateKey: key, algorithm: .rs256) }
        _ = try JWSSigner(privateKey: key, algorithm: .rs256, policy: .insecureAllowingWeakRSAKeys)
    }

    @Test("--leeway covers exp and nbf; iat may be 300 s ahead whatever the leeway, as the help says")
    func leewayAsDocumented() throws {
        let key = try PrivateKey(
            pemRepresentation: String(contentsOfFile: "\(Self.samples)/keys/sample-key-2.pem", encoding: .utf8))
        func token(_ claims: String) throws -> String {
            try JWSSigner(privateKey: key, algorithm: .rs256, keyID: "sample-key-2").sign(
                claimsJSON: Array(claims.utf8))
        }
        let jwks = "\(Self.samples)/jwks.json"
        func verdict(_ claims: String, leeway: String) throws -> CommandOutput {
            tool().run(["token", try token(claims), "--jwks", jwks, "--aud", "a", "--leeway", leeway])
        }
        let exp = Self.now - 30
        #expect(try verdict(#"{"aud":"a","exp":\#(exp)}"#, leeway: "60").status == .success)
        #expect(try verdict(#"{"aud":"a","exp":\#(exp)}"#, leeway: "0").status == .negative)
        let soon = Self.now + 200
        #expect(try verdict(#"{"aud":"a","exp":\#(Self.now + 600),"iat":\#(soon)}"#, leeway: "0").status == .success)
        let later = Self.now + 400
        let refused = try verdict(#"{"aud":"a","exp":\#(Self.now + 600),"iat":\#(later)}"#, leeway: "600")
        #expect(refused.status == .negative)
        #expect(refused.standardError.contains("issuedInFuture"))
        let help = tool().run(["token", "--help"]).standardOutput
        #expect(help.contains("Clock skew allowed for exp and nbf"))
        #expect(help.contains("iat may be up to 300 s in the"))
        #expect(help.contains("a secret (kty oct) inside a set of public keys is unusable"))
    }
}
