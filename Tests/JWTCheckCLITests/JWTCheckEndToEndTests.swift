import Foundation
import GatehouseTesting
import Testing

/// The built `jwtcheck` binary, run as a process: stdout, stderr and the exit status of every command.
@Suite("jwtcheck end to end")
struct JWTCheckEndToEndTests {
    static let samples = SharedResources.samplesDirectory.path

    @Test("token: valid (0), rejected (1), usage (64), not a JWKS (65), missing file (66)")
    func token() throws {
        let token = "@\(Self.samples)/identity-token.jwt"
        let jwks = "\(Self.samples)/jwks.json"
        let valid = try ProcessRunner.run(
            "jwtcheck", ["token", token, "--jwks", jwks, "--aud", "com.example.gatehouse", "--now", "1795955400"])
        #expect(valid.status == 0)
        #expect(valid.standardOutput.contains("Verdict: VALID"))
        #expect(valid.standardError.isEmpty)

        let rejected = try ProcessRunner.run(
            "jwtcheck", ["token", "@\(Self.samples)/wrong-key-token.jwt", "--jwks", jwks, "--aud", "x"])
        #expect(rejected.status == 1)
        #expect(rejected.standardError.contains("invalidSignature"))

        let usage = try ProcessRunner.run("jwtcheck", ["token", "--jwks", jwks])
        #expect(usage.status == 64)
        #expect(usage.standardError.contains("needs TOKEN"))

        let notJWKS = try ProcessRunner.run("jwtcheck", ["token", token, "--jwks", token.dropFirst().description])
        #expect(notJWKS.status == 65)

        let missing = try ProcessRunner.run("jwtcheck", ["token", "@/nonexistent", "--jwks", jwks])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("/nonexistent"))

        let stdin = try ProcessRunner.run(
            "jwtcheck", ["token", "-", "--jwks", jwks, "--now", "1795955400", "--json"],
            standardInput: try Data(contentsOf: URL(fileURLWithPath: "\(Self.samples)/identity-token.jwt")))
        #expect(stdin.status == 0)
        #expect(stdin.standardOutput.hasPrefix("{\"valid\":true"))
    }

    @Test("decode, keys and sign run as processes")
    func otherCommands() throws {
        let decode = try ProcessRunner.run("jwtcheck", ["decode", "@\(Self.samples)/identity-token.jwt"])
        #expect(decode.status == 0)
        #expect(decode.standardOutput.contains("UNVERIFIED"))
        let keys = try ProcessRunner.run("jwtcheck", ["keys", "\(Self.samples)/jwks.json"])
        #expect(keys.status == 0)
        #expect(keys.standardOutput.contains("thumbprint"))
        let sign = try ProcessRunner.run(
            "jwtcheck",
            ["sign", "--key", "\(Self.samples)/keys/AuthKey_TEST0KEY01.p8", "--alg", "ES256", "--claims", "{}"])
        #expect(sign.status == 0)
        #expect(sign.standardOutput.split(separator: ".").count == 3)
    }

    @Test("--help goes to stdout with status 0, --version prints the version, an unknown command is 64")
    func helpAndVersion() throws {
        let help = try ProcessRunner.run("jwtcheck", ["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: jwtcheck <command>"))
        let tokenHelp = try ProcessRunner.run("jwtcheck", ["token", "--help"])
        #expect(tokenHelp.standardOutput.contains("--jwks <file|url>"))
        let version = try ProcessRunner.run("jwtcheck", ["--version"])
        #expect(version.standardOutput == "jwtcheck 0.1.0\n")
        let unknown = try ProcessRunner.run("jwtcheck", ["verify"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("unknown command 'verify'"))
    }
}
