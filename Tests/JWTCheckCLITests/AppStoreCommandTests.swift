import AppStoreServer
import AppStoreTesting
import CommandLineKit
import Foundation
import GatehouseTesting
import JWT
import Testing

@testable import JWTCheckCLI

/// `jwtcheck appstore verify` and `decode` in process, on data signed by the test PKI (AppStoreTesting): the pure
/// parser and its usage errors, then each exit status, the human report and the `--json` object.
@Suite("jwtcheck appstore")
struct AppStoreCommandTests {
    static let bundle = "com.example.app"
    /// 2024-06-01T00:00:00Z, inside the test leaves' validity (2020 to 2099), in milliseconds.
    static let signed: Int64 = 1_717_200_000_000
    /// The clock: 2026-05-28, long after the signing date.
    static let clock: Int64 = 1_780_000_000

    func tool(standardInput: [UInt8] = []) -> JWTCheckTool {
        JWTCheckTool(environment: ToolEnvironment(now: { Self.clock }, readStandardInput: { _ in standardInput }))
    }

    static func transaction(bundle: String = bundle, signedDate: Int64? = signed) -> String {
        let date = signedDate.map { ",\"signedDate\":\($0)" } ?? ""
        return "{\"transactionId\":\"2000000000000001\",\"originalTransactionId\":\"2000000000000001\","
            + "\"bundleId\":\"\(bundle)\",\"productId\":\"com.example.app.pro\",\"purchaseDate\":1717199000000,"
            + "\"quantity\":1,\"type\":\"Auto-Renewable Subscription\",\"environment\":\"Sandbox\"\(date)}"
    }

    static let renewal =
        "{\"originalTransactionId\":\"2000000000000001\",\"autoRenewProductId\":\"com.example.app.pro\","
        + "\"productId\":\"com.example.app.pro\",\"autoRenewStatus\":1,\"environment\":\"Sandbox\","
        + "\"signedDate\":\(signed)}"

    static func notification(_ pki: AppStorePKI) throws -> String {
        "{\"notificationType\":\"DID_RENEW\",\"notificationUUID\":\"5f5b0c3e-0000-4000-8000-000000000001\","
            + "\"version\":\"2.0\",\"signedDate\":\(signed),\"data\":{\"appAppleId\":1234,"
            + "\"bundleId\":\"\(bundle)\",\"bundleVersion\":\"42\",\"environment\":\"Sandbox\","
            + "\"signedTransactionInfo\":\"\(try pki.sign(transaction()))\","
            + "\"signedRenewalInfo\":\"\(try pki.sign(renewal))\",\"status\":1}}"
    }

    /// `appstore verify SIGNED --bundle-id com.example.app --environment Sandbox --root <the PKI's root>` + extra.
    func verify(
        _ signed: String, _ pki: AppStorePKI, _ extra: [String] = [], standardInput: [UInt8] = []
    ) async -> CommandOutput {
        await tool(standardInput: standardInput).perform(
            [
                "appstore", "verify", signed, "--bundle-id", Self.bundle, "--environment", "Sandbox", "--root",
                pki.path("root.der"),
            ] + extra)
    }

    static func json(_ output: CommandOutput, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        #expect(output.standardOutput.hasSuffix("}\n"), sourceLocation: sourceLocation)
        #expect(output.standardOutput.filter { $0 == "\n" }.count == 1, "one line", sourceLocation: sourceLocation)
        return try JSONValue.parse(Array(output.standardOutput.utf8))
    }

    // MARK: - Parsing

    @Test("verify parses every option, with --name=value; decode its SIGNED, --kind and --json")
    func parses() throws {
        let command = try JWTCheckTool.parse([
            "appstore", "verify", "@n.jws", "--bundle-id=com.example.app", "--environment", "production",
            "--app-apple-id", "1234", "--kind", "app-transaction", "--root", "a.pem", "--root=b.der", "--now",
            "2024-01-01T00:00:00Z", "--json",
        ])
        var expected = AppStoreVerifyOptions(
            signed: .file("n.jws"), bundleID: "com.example.app", environment: .production)
        expected.appAppleID = 1234
        expected.kind = .appTransaction
        expected.rootPaths = ["a.pem", "b.der"]
        expected.now = "2024-01-01T00:00:00Z"
        expected.json = true
        #expect(command == .run(AppStoreVerifyCommand(options: expected)))
        var decode = AppStoreDecodeCommand(signed: .standardInput)
        decode.kind = .renewal
        decode.json = true
        #expect(try JWTCheckTool.parse(["appstore", "decode", "-", "--kind", "renewal", "--json"]) == .run(decode))
        #expect(try JWTCheckTool.parse(["appstore", "--help"]) == .help(["jwtcheck", "appstore"]))
        for subcommand in ["verify", "decode"] {
            #expect(
                try JWTCheckTool.parse(["appstore", subcommand, "--help"])
                    == .help(["jwtcheck", "appstore", subcommand]))
            let text = JWTCheckCommand.help.text(for: ["appstore", subcommand]) ?? ""
            #expect(text.contains("USAGE: jwtcheck appstore \(subcommand) <signed|@file>"), "\(text)")
            #expect(text.contains("--kind <kind>"))
        }
        let group = JWTCheckCommand.help.text(for: ["appstore"]) ?? ""
        #expect(group.contains("verify") && group.contains("decode") && group.contains("69"))
        #expect((JWTCheckCommand.help.text(for: []) ?? "").contains("appstore"))
    }

    @Test(
        "usage errors (64) name what is wrong",
        arguments: [
            (["appstore", "verify", "x", "--environment", "Sandbox"], "needs --bundle-id"),
            (["appstore", "verify", "x", "--bundle-id", "", "--environment", "Sandbox"], "needs --bundle-id"),
            (["appstore", "verify", "x", "--bundle-id", "a"], "needs --environment"),
            (["appstore", "verify", "--bundle-id", "a", "--environment", "Sandbox"], "needs SIGNED"),
            (["appstore", "verify", "x", "--bundle-id", "a", "--environment", "Staging"], "not 'Staging'"),
            (
                ["appstore", "verify", "x", "--bundle-id", "a", "--environment", "Sandbox", "--kind", "receipt"],
                "not 'receipt'"
            ),
            (
                ["appstore", "verify", "x", "--bundle-id", "a", "--environment", "Sandbox", "--app-apple-id", "0"],
                "positive whole number, not '0'"
            ),
            (["appstore", "decode", "x", "--online"], "--online"),
            (["appstore", "decode"], "needs SIGNED"),
            (["appstore", "decode", "x", "--kind", "receipt"], "not 'receipt'"),
            (["appstore", "frob"], "unknown appstore subcommand 'frob'"),
        ])
    func usage(arguments: [String], expected: String) async {
        CommandInterfaceExpectations.expectUsageFailure(containing: expected) {
            _ = try JWTCheckTool.parse(arguments)
        }
        let output = await tool().perform(arguments)
        #expect(output.status == .usage, "\(arguments)")
        #expect(output.standardOutput.isEmpty, "\(arguments): usage errors go to stderr only")
    }

    @Test(
        "--environment Production without --app-apple-id is a usage error for every kind, and for none",
        arguments: [nil] + SignedDataKind.allCases.map(\.rawValue))
    func productionNeedsAppAppleID(kind: String?) async {
        let arguments =
            ["appstore", "verify", "x", "--bundle-id", "a", "--environment", "Production"]
            + (kind.map { ["--kind", $0] } ?? [])
        CommandInterfaceExpectations.expectUsageFailure(containing: "needs --app-apple-id") {
            _ = try JWTCheckTool.parse(arguments)
        }
        let output = await tool().perform(arguments + ["--json"])
        #expect(output.status == .usage && output.standardOutput.isEmpty)
        #expect(output.standardError.contains("--environment Production needs --app-apple-id"))
    }

    @Test("a --now that does not parse is a usage error (64), before any file is read")
    func badNow() async {
        let output = await tool().perform([
            "appstore", "verify", "@/nonexistent", "--bundle-id", "a", "--environment", "Sandbox", "--now", "soon-ish",
        ])
        #expect(output.status == .usage)
        #expect(output.standardError.contains("soon-ish"))
    }

    // MARK: - Verified (0)

    @Test("a transaction verifies (0): the verdict, the chain, the validation time and why, the checks, the payload")
    func transactionVerifies() async throws {
        let pki = try AppStorePKI.get()
        let output = await verify(try pki.sign(Self.transaction()), pki)
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardError.isEmpty)
        let text = output.standardOutput
        #expect(text.hasPrefix("Verdict: VERIFIED\n"))
        #expect(text.contains("kind             transaction (told by the payload's members)"))
        #expect(
            text.contains(
                "  leaf             C=US,O=Gatehouse Tests,OU=Gatehouse Test WWDR,CN=Gatehouse Test Receipt Signing\n"))
        #expect(text.contains("Apple extension  receipt signing 1.2.840.113635.100.6.11.1 found"))
        #expect(text.contains("Apple extension  WWDR 1.2.840.113635.100.6.2.1 found"))
        #expect(text.contains("  root             C=US,O=Gatehouse Tests,CN=Gatehouse Test Root CA - G3\n"))
        #expect(text.contains("valid            2020-01-01T00:00:00Z to 2099-01-01T00:00:00Z"))
        #expect(text.contains("validation time  2024-06-01T00:00:00Z: the payload's signedDate (offline"))
        #expect(text.contains("  bundleId     passed  com.example.app"))
        #expect(text.contains("  environment  passed  Sandbox"))
        #expect(text.contains("  purchaseDate           1717199000000  (2024-05-31T23:43:20Z)"))
        // The same root as PEM.
        let pem = await tool().perform([
            "appstore", "verify", try pki.sign(Self.transaction()), "--bundle-id", Self.bundle, "--environment",
            "sandbox", "--root", pki.path("root.pem"),
        ])
        #expect(pem.status == .success, "\(pem.standardError)")
    }

    @Test("--json on 0: verified, kind, validation time and source, the chain, the checks, the payload; no error")
    func transactionJSON() async throws {
        let pki = try AppStorePKI.get()
        let output = await verify(try pki.sign(Self.transaction()), pki, ["--json"])
        #expect(output.status == .success, "\(output.standardError)")
        let object = try Self.json(output)
        #expect(object["verified"] == .bool(true))
        #expect(object["kind"] == .string("transaction"))
        #expect(object["error"] == nil)
        #expect(object["validationTime"] == .string("2024-06-01T00:00:00Z"))
        #expect(object["validationTimeSource"] == .string("signedDate"))
        let chain = object["chain"]?.arrayValue ?? []
        #expect(chain.map { $0["role"]?.stringValue } == ["leaf", "intermediate", "root"])
        #expect(chain.map { $0["appleExtension"] } == [.bool(true), .bool(true), .null])
        #expect(chain[0]["subject"]?.stringValue?.contains("CN=Gatehouse Test Receipt Signing") == true)
        #expect(chain[0]["issuer"]?.stringValue?.contains("CN=Gatehouse Test WWDR CA") == true)
        #expect(chain[0]["notBefore"] == .string("2020-01-01T00:00:00Z"))
        #expect(chain[0]["notAfter"] == .string("2099-01-01T00:00:00Z"))
        for certificate in chain {
            let serial = certificate["serial"]?.stringValue ?? ""
            #expect(!serial.isEmpty && serial.allSatisfy { "0123456789abcdef".contains($0) }, "\(serial)")
        }
        let checks = object["checks"]?.arrayValue ?? []
        #expect(checks.map { $0["path"]?.stringValue } == ["bundleId", "environment"])
        #expect(checks.allSatisfy { $0["passed"] == .bool(true) })
        #expect(checks[0]["expected"] == .string(Self.bundle) && checks[0]["found"] == .string(Self.bundle))
        #expect(object["payload"]?["transactionId"] == .string("2000000000000001"))
    }

    @Test("a notification (0): its nested transaction and renewal info verified, decoded beside their members")
    func notificationVerifies() async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(try Self.notification(pki))
        let output = await verify(signed, pki, ["--json"])
        #expect(output.status == .success, "\(output.standardError)")
        let object = try Self.json(output)
        #expect(object["kind"] == .string("notification"))
        let data = object["payload"]?["data"]?.objectValue
        #expect(
            data?.names == [
                "appAppleId", "bundleId", "bundleVersion", "environment", "signedTransactionInfo", "transactionInfo",
                "signedRenewalInfo", "renewalInfo", "status",
            ])
        #expect(data?["transactionInfo"]?["transactionId"] == .string("2000000000000001"))
        #expect(data?["renewalInfo"]?["autoRenewStatus"] == .number(JSONNumber(1)))
        let nested = object["nested"]?.arrayValue ?? []
        #expect(nested.map { $0["member"]?.stringValue } == ["data.signedTransactionInfo", "data.signedRenewalInfo"])
        #expect(nested.map { $0["kind"]?.stringValue } == ["transaction", "renewal"])
        #expect(nested.allSatisfy { $0["verified"] == .bool(true) && $0["chain"]?.arrayValue?.count == 3 })
        let human = await verify(signed, pki)
        #expect(human.status == .success)
        #expect(human.standardOutput.contains("data.bundleId     passed  com.example.app"))
        #expect(human.standardOutput.contains("signedTransactionInfo  (signed data, "))
        #expect(human.standardOutput.contains("decoded below as transactionInfo)\n    transactionInfo\n"))
        #expect(human.standardOutput.contains("\nNested data.signedTransactionInfo (transaction): VERIFIED\n"))
        #expect(human.standardOutput.contains("\nNested data.signedRenewalInfo (renewal): VERIFIED\n"))
    }

    @Test("the notification body Apple POSTs ({\"signedPayload\": ...}) is taken, from a file and standard input")
    func notificationBody() async throws {
        let pki = try AppStorePKI.get()
        let body = "{\"signedPayload\":\"\(try pki.sign(try Self.notification(pki)))\"}\n"
        let directory = try TemporaryDirectory()
        let file = directory.file("body.json")
        try Data(body.utf8).write(to: file)
        let fromFile = await verify("@\(file.path)", pki)
        #expect(fromFile.status == .success, "\(fromFile.standardError)")
        #expect(fromFile.standardOutput.contains("kind             notification"))
        let fromStandardInput = await verify("-", pki, ["--json"], standardInput: Array(body.utf8))
        #expect(fromStandardInput.status == .success, "\(fromStandardInput.standardError)")
        #expect(try Self.json(fromStandardInput)["verified"] == .bool(true))
        // A JSON body without a signedPayload string is rejected as malformed, naming the member.
        for text in ["{\"payload\":\"x\"}", "{\"signedPayload\":42}", "{\"signedPayload\""] {
            let output = await verify(text, pki, ["--json"])
            #expect(output.status == .negative, "\(text)")
            #expect(try Self.json(output)["error"]?["code"] == .string("malformed"), "\(text)")
            #expect(output.standardError.contains("malformed"), "\(text)")
        }
    }

    @Test("the kind is told by the payload's members, or given with --kind")
    func kindDetection() async throws {
        let pki = try AppStorePKI.get()
        let renewal = try pki.sign(Self.renewal)
        let detected = await verify(renewal, pki, ["--json"])
        #expect(detected.status == .success, "\(detected.standardError)")
        #expect(try Self.json(detected)["kind"] == .string("renewal"))
        #expect(try Self.json(detected)["checks"]?.arrayValue?.map { $0["name"]?.stringValue } == ["environment"])
        let human = await verify(renewal, pki)
        #expect(human.standardOutput.contains("kind             renewal (told by the payload's members)"))
        let given = await verify(renewal, pki, ["--kind", "renewal"])
        #expect(given.standardOutput.contains("kind             renewal (given with --kind)"))
        // Renewal info read as a transaction has no bundleId: the app check fails.
        let wrong = await verify(renewal, pki, ["--kind", "transaction", "--json"])
        #expect(wrong.status == .negative)
        #expect(try Self.json(wrong)["kind"] == .string("transaction"))
        #expect(try Self.json(wrong)["error"]?["code"] == .string("bundleIDMismatch"))
        // A payload of no kind is malformed, and says to name it.
        let none = await verify(try pki.sign("{\"signedDate\":\(Self.signed)}"), pki, ["--json"])
        #expect(none.status == .negative)
        #expect(try Self.json(none)["error"]?["code"] == .string("malformed"))
        #expect(try Self.json(none)["kind"] == .null)
    }

    @Test("--now is the verifier's clock: the validation time of data without a signing date")
    func nowIsTheClock() async throws {
        let pki = try AppStorePKI.get()
        let undated = try pki.sign(Self.transaction(signedDate: nil))
        let output = await verify(undated, pki, ["--now", "2024-01-02T03:04:05Z", "--json"])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(try Self.json(output)["validationTime"] == .string("2024-01-02T03:04:05Z"))
        #expect(try Self.json(output)["validationTimeSource"] == .string("now"))
        let late = await verify(undated, pki, ["--now", "2100-01-01T00:00:00Z"])
        #expect(late.status == .negative)
        #expect(late.standardOutput.hasPrefix("Verdict: REJECTED (certificateExpired): "))
        #expect(late.standardOutput.contains("the current time (--now, else the clock)"))
        // Dated data is checked at its signedDate, whatever --now says.
        let dated = await verify(try pki.sign(Self.transaction()), pki, ["--now", "2100-01-01T00:00:00Z", "--json"])
        #expect(dated.status == .success)
        #expect(try Self.json(dated)["validationTime"] == .string("2024-06-01T00:00:00Z"))
    }

    @Test("Xcode data verifies against its certificate given with --root, and only then")
    func xcode() async throws {
        let pki = try AppStorePKI.get()
        let payload = Self.transaction().replacingOccurrences(of: "\"Sandbox\"", with: "\"Xcode\"")
        let signed = try pki.sign(payload, x5c: [pki.xcodeCertificate], key: pki.xcodeKey)
        let arguments = ["appstore", "verify", signed, "--bundle-id", Self.bundle, "--environment", "Xcode"]
        let output = await tool().perform(arguments + ["--root", pki.path("xcode.der")])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.contains("  local signing certificate CN=StoreKit Testing in Xcode\n"))
        #expect(output.standardOutput.contains("none needed (a local signing certificate, trusted only as a --root)"))
        let json = try Self.json(await tool().perform(arguments + ["--root", pki.path("xcode.der"), "--json"]))
        #expect(json["chain"]?.arrayValue?.map { $0["role"] } == [.string("localSigning")])
        let untrusted = await tool().perform(arguments + ["--json"])
        #expect(untrusted.status == .negative)
        #expect(try Self.json(untrusted)["error"]?["code"] == .string("localSigningNotTrusted"))
    }

    // MARK: - Rejected (1)

    @Test(
        "rejections exit 1, the failed check's code first on stdout and on stderr, with --json and without",
        arguments: ["bundle", "default root", "expired", "not a JWS", "x5c not base64", "altered", "no extension"])
    func rejected(defect: String) async throws {
        let pki = try AppStorePKI.get()
        var arguments = [
            "appstore", "verify", "", "--bundle-id", Self.bundle, "--environment", "Sandbox", "--root",
            pki.path("root.der"),
        ]
        let code: String
        switch defect {
        case "bundle":
            arguments[2] = try pki.sign(Self.transaction(bundle: "com.other.app"))
            code = "bundleIDMismatch"
        case "default root":
            arguments[2] = try pki.sign(Self.transaction())
            arguments.removeLast(2)
            code = "chainInvalid"
        case "expired":
            arguments[2] = try pki.sign(
                Self.transaction(), x5c: [pki.expiredLeaf, pki.intermediate, pki.root], key: pki.expiredLeafKey)
            code = "certificateExpired"
        case "not a JWS":
            arguments[2] = "not a JWS"
            code = "malformed"
        case "x5c not base64":
            arguments[2] = try pki.sign(
                Self.transaction(), header: "{\"alg\":\"ES256\",\"x5c\":[\"!!\",\"??\",\"--\"]}")
            code = "malformed"
        case "altered":
            let parts = try pki.sign(Self.transaction()).split(separator: ".")
            let other = try pki.sign(Self.transaction(bundle: "com.example.other")).split(separator: ".")
            arguments[2] = [parts[0], other[1], parts[2]].joined(separator: ".")
            code = "signatureInvalid"
        default:
            arguments[2] = try pki.sign(
                Self.transaction(), x5c: [pki.leafWithoutOID, pki.intermediate, pki.root], key: pki.leafWithoutOIDKey)
            code = "missingAppleExtension"
        }
        let output = await tool().perform(arguments)
        #expect(output.status == .negative, "\(defect): \(output.standardError)")
        #expect(output.standardOutput.hasPrefix("Verdict: REJECTED (\(code)): "), "\(defect): \(output.standardOutput)")
        #expect(
            output.standardError.hasPrefix("jwtcheck: App Store signed data rejected: AppStoreServerError.\(code): "),
            "\(defect)")
        let json = await tool().perform(arguments + ["--json"])
        #expect(json.status == .negative, "\(defect)")
        let object = try Self.json(json)
        #expect(object["verified"] == .bool(false), "\(defect)")
        #expect(object["error"]?["code"] == .string(code), "\(defect)")
        #expect(object["error"]?["reason"]?.stringValue?.isEmpty == false, "\(defect)")
        #expect(json.standardError.contains(code), "\(defect)")
    }

    @Test("a chain that is not built shows the x5c as carried, labelled unverified")
    func unbuiltChainShowsCarried() async throws {
        let pki = try AppStorePKI.get()
        let output = await tool().perform([
            "appstore", "verify", try pki.sign(Self.transaction()), "--bundle-id", Self.bundle, "--environment",
            "Sandbox",
        ])
        #expect(output.status == .negative)
        #expect(output.standardOutput.contains("Chain: not built\n  x5c as carried (UNVERIFIED):\n"))
        #expect(
            output.standardOutput.contains("    x5c[0] leaf      C=US,O=Gatehouse Tests,OU=Gatehouse Test WWDR,CN="))
        #expect(
            output.standardOutput.contains("kind             not told: rejected before the payload could be trusted\n"))
    }

    @Test("what the data holds is shown with its control characters escaped; --json stays exact")
    func controlCharactersEscaped() async throws {
        let pki = try AppStorePKI.get()
        let hostile = try pki.sign(
            Self.transaction(bundle: "com.example.app\\u001b[2J\\nVerdict: VERIFIED").replacingOccurrences(
                of: "\"quantity\"", with: "\"x\\u001b]0;title\\u0007\":1,\"quantity\""))
        let output = await verify(hostile, pki)
        #expect(output.status == .negative)
        #expect(!output.standardOutput.contains("\u{1B}") && !output.standardOutput.contains("\u{07}"))
        #expect(output.standardOutput.contains("com.example.app\\u001b[2J\\u000aVerdict: VERIFIED"))
        #expect(output.standardOutput.contains("x\\u001b]0;title\\u0007"))
        #expect(!output.standardOutput.contains("\nVerdict: VERIFIED"))
        let json = await verify(hostile, pki, ["--json"])
        #expect(try Self.json(json)["payload"]?["bundleId"] == .string("com.example.app\u{1B}[2J\nVerdict: VERIFIED"))
        let decoded = await tool().perform(["appstore", "decode", hostile])
        #expect(!decoded.standardOutput.contains("\u{1B}"))
        #expect(decoded.standardOutput.contains("x\\u001b]0;title\\u0007"))
    }

    @Test("a date out of range is shown as written, never a trap", arguments: ["1e300", "-1", "9223372036854775807"])
    func hostileDates(number: String) async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(
            Self.transaction().replacingOccurrences(
                of: "\"purchaseDate\":1717199000000", with: "\"purchaseDate\":\(number)"))
        let output = await tool().perform(["appstore", "decode", signed])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("purchaseDate"))
        #expect(output.standardOutput.contains("out of range"), "\(number)")
    }

    // MARK: - 65, 66, 69

    @Test("a --root that is not a certificate is 65, a missing --root or SIGNED file 66: stderr only")
    func inputErrors() async throws {
        let pki = try AppStorePKI.get()
        let signed = try pki.sign(Self.transaction())
        let directory = try TemporaryDirectory()
        let junk = directory.file("junk.pem")
        try Data("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8).write(to: junk)
        let der = directory.file("junk.der")
        try Data([0x30, 0x03, 0x02, 0x01, 0x01]).write(to: der)
        for path in [junk.path, der.path] {
            let output = await tool().perform([
                "appstore", "verify", signed, "--bundle-id", Self.bundle, "--environment", "Sandbox", "--root",
                pki.path("root.der"), "--root", path, "--json",
            ])
            #expect(output.status == .dataError, "\(path): \(output.standardError)")
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.contains(path) && output.standardError.contains("not a PEM or DER"))
        }
        for arguments in [
            ["appstore", "verify", signed, "--bundle-id", "a", "--environment", "Sandbox", "--root", "/nonexistent/r"],
            ["appstore", "verify", "@/nonexistent/s", "--bundle-id", "a", "--environment", "Sandbox", "--json"],
            ["appstore", "decode", "@/nonexistent/s"],
        ] {
            let output = await tool().perform(arguments)
            #expect(output.status == .noInput, "\(arguments)")
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.contains("/nonexistent/"), "\(output.standardError)")
        }
    }

    // MARK: - Online (OCSP against a real responder)

    /// A PKI whose certificates name a real OCSP responder (`openssl ocsp` behind a loopback server).
    static func online() throws -> (AppStorePKI, OCSPTestResponder) {
        try AppStorePKI.requireOpenSSL()
        let responder = try OCSPTestResponder()
        let pki = try AppStorePKI(ocspURL: responder.baseURL)
        responder.serve(pki)
        return (pki, responder)
    }

    @Test("--online, good (0): both certificates asked, validity at --now, the OCSP lines and the ocsp array")
    func onlineGood() async throws {
        let (pki, responder) = try Self.online()
        let signed = try pki.sign(Self.transaction())
        let output = await verify(signed, pki, ["--online"])
        #expect(output.status == .success, "\(output.standardError)")
        let text = output.standardOutput
        #expect(
            text.contains(
                "validation time  2026-05-28T20:26:40Z: the current time (--now, else the clock): checking online"))
        #expect(text.contains("OCSP\n  leaf         \(responder.baseURL)/intermediate  GOOD, next update "))
        #expect(text.contains("  intermediate \(responder.baseURL)/root  GOOD, next update "))
        #expect(responder.totalRequests == 2)
        let json = try Self.json(await verify(signed, pki, ["--online", "--json"]))
        #expect(json["verified"] == .bool(true))
        #expect(json["validationTimeSource"] == .string("now"))
        #expect(json["ocsp"]?.arrayValue?.map { $0["status"] } == [.string("good"), .string("good")])
        #expect(json["ocsp"]?.arrayValue?.map { $0["role"] } == [.string("leaf"), .string("intermediate")])
        // Offline, no ocsp member at all.
        #expect(try Self.json(await verify(signed, pki, ["--json"]))["ocsp"] == nil)
    }

    @Test("--online, a revoked leaf (1): REJECTED (certificateRevoked), the revocation shown")
    func onlineRevoked() async throws {
        let (pki, responder) = try Self.online()
        try pki.revoke("leaf", by: "intermediate")
        let output = await verify(try pki.sign(Self.transaction()), pki, ["--online"])
        #expect(output.status == .negative)
        #expect(output.standardOutput.hasPrefix("Verdict: REJECTED (certificateRevoked): "))
        #expect(output.standardOutput.contains("REVOKED since "))
        #expect(responder.totalRequests == 2)
    }

    @Test("--online, the responder down (69): NOT CHECKED; with --json the object on stdout, verified false")
    func onlineUnavailable() async throws {
        let (pki, responder) = try Self.online()
        responder.server.stop()
        let signed = try pki.sign(Self.transaction())
        let human = await verify(signed, pki, ["--online"])
        #expect(human.status == .unavailable)
        #expect(human.standardOutput.hasPrefix("Verdict: NOT CHECKED (verificationUnavailable): "))
        #expect(human.standardError.contains("could not be checked"))
        let json = await verify(signed, pki, ["--online", "--json"])
        #expect(json.status == .unavailable)
        let object = try Self.json(json)
        #expect(object["verified"] == .bool(false))
        #expect(object["error"]?["code"] == .string("verificationUnavailable"))
        #expect(object["ocsp"]?.arrayValue?.allSatisfy { $0["status"] == .string("unavailable") } == true)
    }

    // MARK: - decode

    @Test("decode shows the chain as carried and the payload, the nested ones beside, all labelled UNVERIFIED")
    func decode() async throws {
        let pki = try AppStorePKI.get()
        // Signed by a key no root vouches for: decode does not care.
        let signed = try pki.sign(
            try Self.notification(pki), x5c: [pki.leafUnderOtherIntermediate, pki.intermediate, pki.otherRoot],
            key: pki.expiredLeafKey)
        let output = await tool().perform(["appstore", "decode", signed])
        #expect(output.status == .success, "\(output.standardError)")
        let text = output.standardOutput
        #expect(text.hasPrefix("UNVERIFIED: "))
        #expect(text.contains("kind             notification (told by the payload's members)"))
        #expect(text.contains("Chain (UNVERIFIED: x5c as carried, not checked)"))
        #expect(text.contains("  x5c[2] root      CN=Gatehouse Test Other Root\n"))
        #expect(text.contains("Payload (UNVERIFIED)\n  notificationType  \"DID_RENEW\""))
        #expect(text.contains("    transactionInfo\n      transactionId          \"2000000000000001\""))
        #expect(text.contains("\nNested data.signedTransactionInfo (UNVERIFIED)\n"))
        #expect(text.contains("\nNested data.signedRenewalInfo (UNVERIFIED)\n"))
        let json = await tool().perform(["appstore", "decode", signed, "--json"])
        let object = try Self.json(json)
        #expect(object["verified"] == .bool(false))
        #expect(object["kind"] == .string("notification"))
        #expect(object["chain"]?.arrayValue?.map { $0["index"] } == [0, 1, 2].map { .number(JSONNumber(Int64($0))) })
        #expect(object["payload"]?["data"]?["renewalInfo"]?["autoRenewProductId"] == .string("com.example.app.pro"))
        #expect(object["nested"]?.arrayValue?.map { $0["kind"]?.stringValue } == ["transaction", "renewal"])
    }

    @Test("decode: an x5c that is not base64 DER is shown as such (0); input that is not a JWS is 1, malformed")
    func decodeDefects() async throws {
        let pki = try AppStorePKI.get()
        let leaf = Data(pki.leaf).base64EncodedString()
        let signed = try pki.sign(
            Self.transaction(), header: "{\"alg\":\"ES256\",\"x5c\":[\"\(leaf)\",\"!!\",\"AAAA\"]}")
        let output = await tool().perform(["appstore", "decode", signed])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.contains("  x5c[0] leaf      C=US,O=Gatehouse Tests,OU=Gatehouse Test WWDR,CN="))
        #expect(output.standardOutput.contains("  x5c[1]  cannot read it (malformed): x5c[1] is not base64"))
        #expect(output.standardOutput.contains("  x5c[2]  cannot read it (malformed): x5c[2] is not a readable DER"))
        let json = try Self.json(await tool().perform(["appstore", "decode", signed, "--json"]))
        #expect(json["chain"]?.arrayValue?[1]["error"]?["code"] == .string("malformed"))
        #expect(json["chain"]?.arrayValue?[0]["role"] == .string("leaf"))
        let noChain = try pki.sign(Self.transaction(), header: "{\"alg\":\"ES256\"}")
        let bare = await tool().perform(["appstore", "decode", noChain])
        #expect(bare.status == .success)
        #expect(bare.standardOutput.contains("(malformed): the header has no x5c"))
        let x5cNumber = try pki.sign(Self.transaction(), header: "{\"alg\":\"ES256\",\"x5c\":[\"\(leaf)\",7]}")
        for text in ["not.a.jws", "abc", "{\"signedPayload\":1}", x5cNumber] {
            let bad = await tool().perform(["appstore", "decode", text])
            #expect(bad.status == .negative, "\(text)")
            #expect(bad.standardOutput.isEmpty)
            #expect(bad.standardError.contains("AppStoreServerError.malformed"), "\(text): \(bad.standardError)")
        }
    }
}
