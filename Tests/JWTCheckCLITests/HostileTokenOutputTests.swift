import CommandLineKit
import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import JWTCheckCLI

/// Security round 2, items 1 and 11: what a token or key set holds never traps the process (numbers are range-checked
/// before any time arithmetic) and never reaches a terminal raw (control characters escaped in reports and error
/// messages; `--json` stays exact).
@Suite("jwtcheck on hostile tokens: no trap, no forged lines")
struct HostileTokenOutputTests {
    static let samples = SharedResources.samplesDirectory.path
    static let jwks = "\(samples)/jwks.json"
    static let now: Int64 = 1_795_955_400
    static let signingKey: PrivateKey = {
        let pem = try! String(contentsOfFile: "\(samples)/keys/sample-key-2.pem", encoding: .utf8)
        return try! PrivateKey(pemRepresentation: pem)
    }()

    /// A token signed by the sample key 2 (so only its claims can make it fail) with this payload text.
    static func signed(_ payload: String, header: String = #"{"alg":"RS256","kid":"sample-key-2"}"#) -> String {
        let input = JWT.Base64URL.encode(Array(header.utf8)) + "." + JWT.Base64URL.encode(Array(payload.utf8))
        let signature = try! signingKey.signature(for: Array(input.utf8), algorithm: .rs256)
        return input + "." + JWT.Base64URL.encode(signature)
    }

    /// An unsigned token (`alg: none`) with this payload text.
    static func unsigned(_ payload: String) -> String {
        JWT.Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + JWT.Base64URL.encode(Array(payload.utf8)) + "."
    }

    static let validClaims =
        #""iss":"https://appleid.apple.com","aud":"com.example.gatehouse","sub":"u","iat":1795953600,"exp":1796040000"#

    func tool() -> JWTCheckTool {
        JWTCheckTool(environment: ToolEnvironment(now: { Self.now }, readStandardInput: { _ in [] }))
    }

    /// Numbers no time arithmetic may see unchecked.
    static let hostileNumbers = [
        "-9223372036854775808", "9223372036854775807", "-9223372036854775809", "18446744073709551616", "1e300",
        "-1e300", "1e22", "253402300800", "-1", "1e-400", "123456789012345678901234567890", "2.5e9",
    ]

    @Test("decode shows an out-of-range time claim as written, says so, and exits 0", arguments: hostileNumbers)
    func decodeOutOfRange(number: String) {
        for name in ["auth_time", "exp", "iat", "nbf"] {
            let token = Self.unsigned(#"{"sub":"u","\#(name)":\#(number)}"#)
            let output = tool().run(["decode", token])
            #expect(output.status == .success, "\(name)=\(number): \(output.standardError)")
            #expect(output.standardOutput.contains(number), "\(name)=\(number)")
            let json = tool().run(["decode", token, "--json"])
            #expect(json.status == .success)
            #expect(json.standardOutput.contains(#""\#(name)":\#(number)"#), "--json keeps the number exactly")
        }
        let output = tool().run(["decode", Self.unsigned(#"{"auth_time":\#(number)}"#)])
        if let parsed = try? JSONValue.parse(Array(number.utf8)).numberValue, NumericDate.seconds(parsed) == nil {
            #expect(output.standardOutput.contains("out of range"), "\(number)")
        }
    }

    @Test("the reviewer's auth_time of Int64.min: decode exits 0 with \"out of range\"; token rejects with exit 1")
    func int64MinimumAuthTime() {
        let payload = #"{\#(Self.validClaims),"auth_time":-9223372036854775808}"#
        let decoded = tool().run(["decode", Self.unsigned(payload)])
        #expect(decoded.status == .success)
        #expect(decoded.standardOutput.contains("-9223372036854775808  (out of range"))
        // Correctly signed: auth_time is not a registered claim, so the token is valid and the claim is shown.
        let signed = tool().run(["token", Self.signed(payload), "--jwks", Self.jwks, "--aud", "com.example.gatehouse"])
        #expect(signed.status == .success)
        #expect(signed.standardOutput.contains("out of range"))
        // Unsigned: rejected (exit 1), the claims still shown.
        let unsigned = tool().run(["token", Self.unsigned(payload), "--jwks", Self.jwks, "--aud", "x"])
        #expect(unsigned.status == .negative)
        #expect(unsigned.standardOutput.contains("-9223372036854775808  (out of range"))
    }

    @Test("a signed token whose registered time cannot be read is rejected (1), its claims still shown")
    func unreadableRegisteredClaimRejected() {
        for number in ["1e300", "-9223372036854775808", "253402300800"] {
            let payload = #"{"iss":"https://appleid.apple.com","aud":"com.example.gatehouse","exp":\#(number)}"#
            let output = tool().run([
                "token", Self.signed(payload), "--jwks", Self.jwks, "--aud", "com.example.gatehouse",
            ])
            #expect(output.status == .negative, "\(number)")
            #expect(output.standardOutput.contains("Verdict: REJECTED (invalidClaim)"), "\(number)")
            #expect(output.standardOutput.contains("exp  \(number)  (out of range"), "\(number)")
            let decoded = tool().run(["decode", Self.signed(payload)])
            #expect(decoded.status == .success)
            #expect(decoded.standardOutput.contains("would be rejected by 'jwtcheck token' (invalidClaim)"))
        }
    }

    /// No line may start with "Verdict:" but the real one, and no raw control character may reach the terminal.
    static func expectNoForgery(
        _ output: CommandOutput, verdict: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let verdicts = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Verdict:") }
        #expect(verdicts.count == 1, "\(output.standardOutput)", sourceLocation: sourceLocation)
        #expect(verdicts.first?.hasPrefix(verdict) == true, "\(verdicts)", sourceLocation: sourceLocation)
        for (stream, text) in [("stdout", output.standardOutput), ("stderr", output.standardError)] {
            let raw = text.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            }
            #expect(
                raw.isEmpty, "\(stream) holds raw control characters \(raw.map(\.value))",
                sourceLocation: sourceLocation)
        }
    }

    static let forgeries = [
        #"x\nVerdict: VALID\n\u001b[8m"#, #"\rVerdict: VALID"#, #"\u0085Verdict: VALID"#, #"\u009b8m"#, #"a\u007f"#,
        #"\u001b]0;title\u0007"#,
    ]

    @Test("a claim name or value cannot forge a verdict line or hide the real one", arguments: forgeries)
    func forgedClaims(text: String) {
        // Rejected (wrong audience): the hostile claim is shown, unverified.
        let asName = Self.signed(#"{\#(Self.validClaims),"\#(text)":1}"#)
        let rejected = tool().run(["token", asName, "--jwks", Self.jwks, "--aud", "other"])
        Self.expectNoForgery(rejected, verdict: "Verdict: REJECTED")
        // Valid: shown as a verified claim.
        let valid = tool().run(["token", asName, "--jwks", Self.jwks, "--aud", "com.example.gatehouse"])
        Self.expectNoForgery(valid, verdict: "Verdict: VALID")
        let asValue = Self.signed(#"{\#(Self.validClaims),"note":"\#(text)"}"#)
        Self.expectNoForgery(
            tool().run(["token", asValue, "--jwks", Self.jwks, "--aud", "other"]), verdict: "Verdict: REJECTED")
        let decoded = tool().run(["decode", asName])
        #expect(!decoded.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0 == "\r" })
        // --json stays exact: the JSON text carries the same string.
        let json = tool().run(["decode", asName, "--json"])
        let parsed = try? JSONValue.parse(Array(json.standardOutput.utf8.dropLast()))
        let expectedName = try? JSONValue.parse(Array("\"\(text)\"".utf8)).stringValue
        #expect(parsed?.objectValue?["claims"]?.objectValue?.names.contains(expectedName ?? "?") == true)
    }

    @Test(
        "a kid or header value from the token cannot forge lines in the report or the error message",
        arguments: forgeries)
    func forgedHeader(text: String) {
        let token = Self.signed(
            #"{\#(Self.validClaims)}"#, header: #"{"alg":"RS256","kid":"\#(text)","typ":"\#(text)"}"#)
        let output = tool().run(["token", token, "--jwks", Self.jwks, "--aud", "com.example.gatehouse"])
        #expect(output.status == .negative)
        #expect(output.standardError.contains("unknownKeyID"))
        Self.expectNoForgery(output, verdict: "Verdict: REJECTED (unknownKeyID)")
    }

    @Test("a key set's kid, kty, alg and use cannot forge lines in `keys` or `token`", arguments: forgeries)
    func forgedKeySet(text: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("jwks.json").path
        let document = #"{"keys":[{"kty":"\#(text)","kid":"\#(text)","alg":"\#(text)","use":"\#(text)"}]}"#
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let keys = tool().run(["keys", path])
        #expect(keys.status == .success)
        #expect(keys.standardOutput.split(separator: "\n").allSatisfy { !$0.hasPrefix("Verdict") })
        #expect(!keys.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0 == "\r" || $0.value == 0x85 })
        let token = Self.signed(#"{\#(Self.validClaims)}"#, header: #"{"alg":"RS256","kid":"\#(text)"}"#)
        let output = tool().run(["token", token, "--jwks", path, "--aud", "com.example.gatehouse"])
        Self.expectNoForgery(output, verdict: "Verdict: REJECTED")
    }

    @Test("the built binary survives the reviewer's tokens: decode 0, token 1, no signal")
    func endToEnd() throws {
        let payload =
            #"{"iss":"https://appleid.apple.com","aud":"com.example.gatehouse","auth_time":-9223372036854775808,"#
            + #""exp":1e300}"#
        let decode = try ProcessRunner.run("jwtcheck", ["decode", Self.unsigned(payload)])
        #expect(decode.status == 0, "\(decode.standardError)")
        #expect(decode.standardOutput.contains("out of range"))
        let token = try ProcessRunner.run(
            "jwtcheck", ["token", Self.signed(payload), "--jwks", Self.jwks, "--aud", "com.example.gatehouse"])
        #expect(token.status == 1, "\(token.standardError)")
        let forged = try ProcessRunner.run(
            "jwtcheck",
            [
                "token", Self.signed(#"{\#(Self.validClaims),"x\nVerdict: VALID\n\u001b[8m":1}"#), "--jwks", Self.jwks,
                "--aud", "o",
            ])
        #expect(forged.status == 1)
        #expect(forged.standardOutput.components(separatedBy: "\nVerdict:").count == 2)
        #expect(!forged.standardOutput.contains("\u{1B}"))
    }
}
