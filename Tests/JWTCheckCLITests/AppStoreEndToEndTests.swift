import AppStoreTesting
import Foundation
import GatehouseTesting
import JWT
import Testing

/// The built `jwtcheck` binary running `appstore` commands: the genuine production notification verified offline at
/// its signedDate against the embedded Apple Root CA - G3, and each exit status on the test PKI's data.
@Suite("jwtcheck appstore end to end")
struct AppStoreEndToEndTests {
    static var directory: URL { SharedResources.appleRealDirectory.appendingPathComponent("appstore") }
    static let notification = "gopay-unsign_jwt-notification-consumption-request-production-2023-06.jws"
    static let app = ["--bundle-id", "com.jrjj.keysns", "--environment", "Production", "--app-apple-id", "1601830814"]

    /// Runs the binary on a thread of its own, so waiting for the process never holds a thread of the concurrency
    /// pool that other tests need.
    static func jwtcheck(_ arguments: [String], standardInput: Data? = nil) async throws -> ProcessRunner.Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try ProcessRunner.run("jwtcheck", arguments, standardInput: standardInput) })
            }.start()
        }
    }

    static func requireFixtures(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try SkipUnlessCI.check(
            missing: FileManager.default.fileExists(atPath: directory.path) ? nil : SharedResources.absentMessage,
            cause: "the shared fixtures hold the genuine App Store data", sourceLocation: sourceLocation)
    }

    @Test("the genuine production notification verifies offline (0), its nested transaction too; another app is 1")
    func genuineNotification() async throws {
        try Self.requireFixtures()
        let path = Self.directory.appendingPathComponent(Self.notification).path
        let result = try await Self.jwtcheck(["appstore", "verify", "@\(path)"] + Self.app)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let text = result.standardOutput
        #expect(text.hasPrefix("Verdict: VERIFIED\n"))
        #expect(text.contains("kind             notification (told by the payload's members)"))
        #expect(text.contains("    serial           68fa0f95dbe94a8107d2506b8c33eff6\n"))
        #expect(
            text.contains("  root             C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Root CA - G3")
        )
        #expect(text.contains("validation time  2023-06-28T08:38:32.560Z: the payload's signedDate"))
        #expect(text.contains("  data.appAppleId   passed  1601830814\n"))
        #expect(text.contains("  notificationType  \"CONSUMPTION_REQUEST\"\n"))
        #expect(text.contains("\nNested data.signedTransactionInfo (transaction): VERIFIED\n"))

        let json = try await Self.jwtcheck(["appstore", "verify", "@\(path)", "--json"] + Self.app)
        #expect(json.status == 0, "\(json.standardError)")
        let object = try JSONValue.parse(Array(json.standardOutput.utf8))
        #expect(object["verified"] == .bool(true))
        #expect(object["kind"] == .string("notification"))
        #expect(object["validationTimeSource"] == .string("signedDate"))
        #expect(object["chain"]?.arrayValue?.first?["serial"] == .string("68fa0f95dbe94a8107d2506b8c33eff6"))
        #expect(object["payload"]?["data"]?["transactionInfo"]?["bundleId"] == .string("com.jrjj.keysns"))

        // As Apple POSTs it, on standard input.
        let body =
            "{\"signedPayload\":\"\(try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))\"}"
        let posted = try await Self.jwtcheck(["appstore", "verify", "-"] + Self.app, standardInput: Data(body.utf8))
        #expect(posted.status == 0, "\(posted.standardError)")

        var other = Self.app
        other[other.count - 1] = "1"
        let rejected = try await Self.jwtcheck(["appstore", "verify", "@\(path)", "--json"] + other)
        #expect(rejected.status == 1)
        #expect(
            try JSONValue.parse(Array(rejected.standardOutput.utf8))["error"]?["code"] == .string("appAppleIDMismatch"))
        #expect(rejected.standardError.contains("appAppleIDMismatch"))

        let decoded = try await Self.jwtcheck(["appstore", "decode", "@\(path)"])
        #expect(decoded.status == 0)
        #expect(decoded.standardOutput.hasPrefix("UNVERIFIED: "))
        #expect(decoded.standardOutput.contains("    transactionInfo\n"))
    }

    @Test(
        "the binary's statuses: 0 and 1 on the test PKI, 64 usage, 65 a root that is no certificate, 66 a missing file")
    func statuses() async throws {
        let pki = try AppStorePKI.get()
        let transaction =
            "{\"transactionId\":\"1\",\"bundleId\":\"com.example.app\",\"environment\":\"Sandbox\","
            + "\"signedDate\":1717200000000}"
        let signed = try pki.sign(transaction)
        let arguments = ["appstore", "verify", signed, "--bundle-id", "com.example.app", "--environment", "Sandbox"]
        let verified = try await Self.jwtcheck(arguments + ["--root", pki.path("root.pem")])
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.standardOutput.hasPrefix("Verdict: VERIFIED\n"))

        let untrusted = try await Self.jwtcheck(arguments + ["--json"])
        #expect(untrusted.status == 1)
        #expect(
            untrusted.standardOutput.hasPrefix(
                "{\"verified\":false,\"kind\":null,\"error\":{\"code\":\"chainInvalid\""))
        #expect(untrusted.standardError.contains("chainInvalid"))

        let usage = try await Self.jwtcheck(["appstore", "verify", signed, "--bundle-id", "a", "--json"])
        #expect(usage.status == 64 && usage.standardOutput.isEmpty)
        #expect(usage.standardError.contains("needs --environment"))

        let notRoot = try await Self.jwtcheck(arguments + ["--root", pki.path("ca.cnf"), "--json"])
        #expect(notRoot.status == 65 && notRoot.standardOutput.isEmpty, "\(notRoot.standardError)")
        #expect(notRoot.standardError.contains("ca.cnf"))

        let missing = try await Self.jwtcheck(["appstore", "decode", "@/nonexistent/signed.jws"])
        #expect(missing.status == 66 && missing.standardOutput.isEmpty)
        #expect(missing.standardError.contains("/nonexistent/signed.jws"))

        let malformed = try await Self.jwtcheck(["appstore", "decode", "not-a-jws"])
        #expect(malformed.status == 1)
        #expect(malformed.standardError.contains("malformed"))
    }
}
