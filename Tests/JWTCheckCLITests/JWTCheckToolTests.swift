import CommandLineKit
import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import JWTCheckCLI

/// In-process runs of `jwtcheck` on the committed samples, with the clock pinned inside the sample token's life.
@Suite("jwtcheck commands")
struct JWTCheckToolTests {

    func tool(now: Int64 = Samples.now, standardInput: [UInt8] = []) -> JWTCheckTool {
        JWTCheckTool(environment: ToolEnvironment(now: { now }, readStandardInput: { _ in standardInput }))
    }

    @Test("a valid token: exit 0, the key chosen by kid and why, times as ISO 8601 and relative")
    func validToken() {
        let output = tool().run(["token", Samples.token, "--jwks", Samples.jwks, "--aud", "com.example.gatehouse"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("selected by the token's kid \"sample-key-2\""))
        #expect(output.standardOutput.contains("2026-11-30T12:00:00Z, expires in 23 hours"))
        #expect(output.standardOutput.contains("Verdict: VALID"))
        #expect(output.standardError.isEmpty)
    }

    @Test("without --aud the report and stderr say the audience was not checked, and the status stays 0")
    func audienceNotChecked() {
        let output = tool().run(["token", Samples.token, "--jwks", Samples.jwks])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("audience  NOT CHECKED"))
        #expect(output.standardError.contains("warning: no --aud given"))
    }

    @Test("the wrong key: exit 1, stderr names the kid and the cause")
    func wrongKey() {
        let output = tool().run([
            "token", "@\(Samples.directory)/wrong-key-token.jwt", "--jwks", Samples.jwks, "--aud",
            "com.example.gatehouse",
        ])
        #expect(output.status == .negative)
        #expect(output.standardError.contains("invalidSignature"))
        #expect(output.standardError.contains("\"sample-key-1\""))
        #expect(output.standardOutput.contains("Verdict: REJECTED (invalidSignature)"))
    }

    @Test(
        "rejections exit 1 with the code and cause on stderr",
        arguments: [
            (["--aud", "com.other.app"], "audienceMismatch", "com.other.app"),
            (["--iss", "https://example.com"], "issuerMismatch", "https://example.com"),
            (["--alg", "ES256"], "algorithmNotAllowed", "RS256"),
        ])
    func rejections(extra: [String], code: String, named: String) {
        let output = tool().run(["token", Samples.token, "--jwks", Samples.jwks] + extra)
        #expect(output.status == .negative)
        #expect(output.standardError.contains(code))
        #expect(output.standardError.contains(named))
    }

    @Test("an expired token says how long ago it expired")
    func expired() {
        let output = tool(now: Samples.now + 2 * 86_400).run([
            "token", Samples.token, "--jwks", Samples.jwks, "--aud", "com.example.gatehouse",
        ])
        #expect(output.status == .negative)
        #expect(output.standardError.contains("expired"))
        #expect(output.standardOutput.contains("expired 1 day ago"))
    }

    @Test("--now takes ISO 8601 and Unix seconds; a bad time is a usage error (64)")
    func nowOption() {
        let iso = tool(now: 0).run(["token", Samples.token, "--jwks", Samples.jwks, "--now", "2026-11-29T12:30:00Z"])
        #expect(iso.status == .success)
        let unix = tool(now: 0).run(["token", Samples.token, "--jwks", Samples.jwks, "--now", "1795955400"])
        #expect(unix.status == .success)
        let bad = tool().run(["token", Samples.token, "--jwks", Samples.jwks, "--now", "yesterday-ish"])
        #expect(bad.status == .usage)
        #expect(bad.standardError.contains("yesterday-ish"))
    }

    @Test("--alg none and unknown algorithms are usage errors (64)")
    func badAlgorithms() {
        let none = tool().run(["token", Samples.token, "--jwks", Samples.jwks, "--alg", "none"])
        #expect(none.status == .usage)
        #expect(none.standardError.contains("never accepted"))
        let unknown = tool().run(["token", Samples.token, "--jwks", Samples.jwks, "--alg", "RS265"])
        #expect(unknown.status == .usage)
        #expect(unknown.standardError.contains("did you mean RS256"))
    }

    @Test("malformed tokens, the empty string included, are rejections (1), not usage errors")
    func malformedTokens() {
        for token in ["", "a.b", "not a token", "e30.e30.", "..."] {
            let output = tool().run(["token", token, "--jwks", Samples.jwks])
            #expect(output.status == .negative, "token \(token.debugDescription)")
            #expect(output.standardError.contains("token rejected"), "token \(token.debugDescription)")
        }
    }

    @Test("a token argument is taken exactly; a file or stdin is trimmed")
    func trimming() throws {
        let text = try String(contentsOfFile: "\(Samples.directory)/identity-token.jwt", encoding: .utf8)
        let exact = text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(tool().run(["token", exact, "--jwks", Samples.jwks]).status == .success)
        #expect(tool().run(["token", exact + "\n", "--jwks", Samples.jwks]).status == .negative)
        let stdin = tool(standardInput: Array(("  " + text + "\n\n").utf8)).run(["token", "-", "--jwks", Samples.jwks])
        #expect(stdin.status == .success)
    }

    @Test("a missing token or key set file is 66 naming the file; a key set that is not a JWKS is 65")
    func inputFiles() throws {
        let missingToken = tool().run(["token", "@/nonexistent/t.jwt", "--jwks", Samples.jwks])
        #expect(missingToken.status == .noInput)
        #expect(missingToken.standardError.contains("/nonexistent/t.jwt"))
        let missingSet = tool().run(["token", Samples.token, "--jwks", "/nonexistent/k.json"])
        #expect(missingSet.status == .noInput)
        #expect(missingSet.standardError.contains("/nonexistent/k.json"))
        let directory = try TemporaryDirectory()
        for (name, body) in [("notjson", "hello"), ("nokeys", "{\"kes\": []}"), ("array", "[]")] {
            let path = directory.file(name).path
            try body.write(toFile: path, atomically: true, encoding: .utf8)
            let output = tool().run(["token", Samples.token, "--jwks", path])
            #expect(output.status == .dataError, "\(name)")
            #expect(output.standardError.contains("is not a JWKS document"), "\(name)")
            #expect(tool().run(["keys", path]).status == .dataError, "\(name)")
        }
    }

    @Test("--json: one object with valid, reason, header, claims and kid, also on rejection")
    func jsonOutput() throws {
        let valid = tool().run([
            "token", Samples.token, "--jwks", Samples.jwks, "--aud", "com.example.gatehouse", "--json",
        ])
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(valid.standardOutput.utf8)) as? [String: Any])
        #expect(object["valid"] as? Bool == true)
        #expect(object["reason"] is NSNull)
        #expect(object["kid"] as? String == "sample-key-2")
        #expect((object["claims"] as? [String: Any])?["aud"] as? String == "com.example.gatehouse")
        #expect((object["header"] as? [String: Any])?["alg"] as? String == "RS256")

        let rejected = tool().run([
            "token", "@\(Samples.directory)/wrong-key-token.jwt", "--jwks", Samples.jwks, "--aud",
            "com.example.gatehouse",
            "--json",
        ])
        #expect(rejected.status == .negative)
        let failure = try #require(
            JSONSerialization.jsonObject(with: Data(rejected.standardOutput.utf8)) as? [String: Any])
        #expect(failure["valid"] as? Bool == false)
        #expect((failure["reason"] as? String)?.contains("does not verify") == true)
        #expect(failure["kid"] as? String == "sample-key-1")

        let malformed = tool().run(["token", "", "--jwks", Samples.jwks, "--json"])
        let empty = try #require(
            JSONSerialization.jsonObject(with: Data(malformed.standardOutput.utf8)) as? [String: Any])
        #expect(empty["header"] is NSNull)
        #expect(empty["kid"] is NSNull)
    }

    @Test("decode shows header and claims labelled unverified; a malformed token is 1")
    func decode() throws {
        let output = tool().run(["decode", "@\(Samples.directory)/wrong-key-token.jwt"])
        #expect(output.status == .success)
        #expect(output.standardOutput.hasPrefix("UNVERIFIED"))
        #expect(output.standardOutput.contains("Claims (UNVERIFIED)"))
        let json = tool().run(["decode", Samples.token, "--json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["verified"] as? Bool == false)
        let bad = tool().run(["decode", "x.y"])
        #expect(bad.status == .negative)
        #expect(bad.standardError.contains("malformedToken"))
    }

    @Test("keys lists kid, type, size, alg, use, thumbprint, and why a key is unusable")
    func keys() throws {
        let output = tool().run(["keys", Samples.jwks])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("kid \"sample-key-1\""))
        #expect(output.standardOutput.contains("2048-bit"))
        let directory = try TemporaryDirectory()
        let path = directory.file("mixed.json").path
        // A good key beside a 1024-bit RSA key and an unknown key type: the set stays usable.
        let weakModulus = [UInt8(0xC3)] + [UInt8](repeating: 0x5A, count: 126) + [0x01]
        let weakJWK = JWK(
            publicKey: try PublicKey(rsaModulus: weakModulus, exponent: [1, 0, 1]), keyID: "weak")
        let good = try String(contentsOfFile: Samples.jwks, encoding: .utf8)
        let goodKey = try #require(
            (JSONSerialization.jsonObject(with: Data(good.utf8)) as? [String: Any])?["keys"] as? [[String: Any]])
        let goodJSON = String(decoding: try JSONSerialization.data(withJSONObject: goodKey[1]), as: UTF8.self)
        try "{\"keys\":[\(goodJSON),\(JSONValue.object(weakJWK.members)),{\"kty\":\"XYZ\",\"kid\":\"odd\"}]}"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let mixed = tool().run(["keys", path])
        #expect(mixed.status == .success)
        #expect(mixed.standardOutput.contains("usable      NO"))
        #expect(mixed.standardOutput.contains("1024"))
        #expect(mixed.standardOutput.contains("XYZ"))
        let json = tool().run(["keys", path, "--json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let keys = try #require(object["keys"] as? [[String: Any]])
        #expect(keys.map { $0["usable"] as? Bool } == [true, false, false])
        // The token signed by sample-key-2 still verifies against this set: one bad key spoils nothing.
        #expect(tool().run(["token", Samples.token, "--jwks", path]).status == .success)
        // Selecting the weak key is refused before any signature check, whoever signed the token.
        let signer = try PrivateKey(
            pemRepresentation: try String(contentsOfFile: "\(Samples.directory)/keys/sample-key-1.pem", encoding: .utf8)
        )
        let selectingWeak = try JWSSigner(privateKey: signer, algorithm: .rs256, keyID: "weak").sign(
            claimsJSON: Array("{\"exp\":1795959000}".utf8))
        let rejected = tool().run(["token", selectingWeak, "--jwks", path])
        #expect(rejected.status == .negative)
        #expect(rejected.standardError.contains("unusableKey"))
        #expect(rejected.standardError.contains("1024"))
    }

    @Test("sign then verify: the sample key signs, and the signature verifies against the sample key set")
    func signRoundTrip() throws {
        let claims = "{\"iss\":\"https://appleid.apple.com\",\"aud\":\"a\",\"exp\":1795959000}"
        let signed = tool().run([
            "sign", "--key", "\(Samples.directory)/keys/sample-key-1.pem", "--alg", "RS256", "--kid", "sample-key-1",
            "--claims", claims,
        ])
        #expect(signed.status == .success)
        let token = signed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(tool().run(["token", token, "--jwks", Samples.jwks, "--aud", "a"]).status == .success)
    }

    @Test(
        "sign errors: 64 for an algorithm that does not fit, 65 for bad claims or key, 66 for a missing file",
        arguments: [
            (["--alg", "RS256", "--claims", "{}"], CommandLineKit.ExitStatus.usage, "does not fit"),
            (["--alg", "ES256", "--claims", "[1]"], CommandLineKit.ExitStatus.dataError, "JSON array"),
            (
                ["--alg", "ES256", "--claims", "{\"a\":1,\"a\":2}"], CommandLineKit.ExitStatus.dataError,
                "not valid JSON"
            ),
            (
                ["--alg", "ES256", "--claims", "@/nonexistent/c.json"], CommandLineKit.ExitStatus.noInput,
                "/nonexistent/c.json"
            ),
            (["--alg", "none", "--claims", "{}"], CommandLineKit.ExitStatus.usage, "never accepted"),
        ])
    func signErrors(extra: [String], status: CommandLineKit.ExitStatus, named: String) {
        let output = tool().run(["sign", "--key", "\(Samples.directory)/keys/AuthKey_TEST0KEY01.p8"] + extra)
        #expect(output.status == status)
        #expect(output.standardError.contains(named))
    }

    @Test("sign: a key file that is not a key is 65, a missing one 66")
    func signKeyFiles() {
        let notKey = tool().run(["sign", "--key", Samples.jwks, "--alg", "ES256", "--claims", "{}"])
        #expect(notKey.status == .dataError)
        #expect(notKey.standardError.contains(Samples.jwks))
        let missing = tool().run(["sign", "--key", "/nonexistent/k.p8", "--alg", "ES256", "--claims", "{}"])
        #expect(missing.status == .noInput)
    }

    @Test("an ES256 .p8 key signs a token whose signature is raw r||s (64 bytes)")
    func es256FromP8() throws {
        let signed = tool().run([
            "sign", "--key", "\(Samples.directory)/keys/AuthKey_TEST0KEY01.p8", "--alg", "ES256", "--kid", "TEST0KEY01",
            "--claims", "{\"iss\":\"TEAM\"}",
        ])
        #expect(signed.status == .success)
        let segments = signed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
        #expect(segments.count == 3)
        #expect(try Base64URL.decode(segments[2], segment: "signature").count == 64)
    }
}
