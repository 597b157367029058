import Foundation
import GatehouseTesting
import ReviewWebhooks
import Testing

/// The `x-apple-signature` check: Apple's own test vector, and HMAC-SHA256 vectors computed here with `openssl`.
@Suite("webhook signature: hmacsha256=<hex> over the raw body, constant time, either hex case")
struct ASCWebhookSignatureTests {
    /// Apple's test vector ("Receiving App Store Connect webhook notifications"; ../shared/asc/README.md).
    static let appleSecret = Array("This is my secret".utf8)
    static let appleBody = Array("Hello, World!".utf8)
    static let appleHeader = "hmacsha256=7f062172b01cb00b53ca068614674a3d982a34062a0f5d37687d5e3377e54657"

    @Test("Apple's test vector verifies, and is what this code computes")
    func appleVector() throws {
        #expect(ASCWebhookSignature.isValid(Self.appleHeader, body: Self.appleBody, secret: Self.appleSecret))
        #expect(try ASCWebhookSignature.header(for: Self.appleBody, secret: Self.appleSecret) == Self.appleHeader)
    }

    @Test("upper-case hex and an upper-case prefix verify too")
    func eitherCase() {
        let upper = "hmacsha256=" + Self.appleHeader.dropFirst("hmacsha256=".count).uppercased()
        #expect(ASCWebhookSignature.isValid(upper, body: Self.appleBody, secret: Self.appleSecret))
        #expect(ASCWebhookSignature.isValid(upper.uppercased(), body: Self.appleBody, secret: Self.appleSecret))
    }

    @Test(
        "refused: missing, another body, another secret, truncated, extended, non-hex, another prefix",
        arguments: [
            ("missing", nil, "Hello, World!", "This is my secret"),
            ("another body", appleHeader, "Hello, World?", "This is my secret"),
            ("another secret", appleHeader, "Hello, World!", "This is my secreT"),
            ("truncated", String(appleHeader.dropLast(2)), "Hello, World!", "This is my secret"),
            ("extended", appleHeader + "00", "Hello, World!", "This is my secret"),
            ("non-hex", String(appleHeader.dropLast()) + "g", "Hello, World!", "This is my secret"),
            ("prefix", "sha256=" + appleHeader.dropFirst("hmacsha256=".count), "Hello, World!", "This is my secret"),
            ("bare hex", String(appleHeader.dropFirst("hmacsha256=".count)), "Hello, World!", "This is my secret"),
        ] as [(String, String?, String, String)])
    func refused(_ name: String, _ header: String?, _ body: String, _ secret: String) {
        #expect(!ASCWebhookSignature.isValid(header, body: Array(body.utf8), secret: Array(secret.utf8)), "\(name)")
    }

    @Test("our own vectors agree with openssl dgst -sha256 -hmac, for a JSON body and for binary bytes")
    func ownVectors() throws {
        let cases: [(secret: String, body: [UInt8])] = [
            ("s3cr3t-for-gatehouse", Array(#"{"data":{"type":"webhookPingCreated","id":"x"}}"#.utf8)),
            ("another", [0, 1, 2, 255, 254, 13, 10]),
            ("k", []),
        ]
        for (secret, body) in cases {
            let directory = try TemporaryDirectory()
            let file = directory.file("body")
            try Data(body).write(to: file)
            let result = try ProcessRunner.run(
                executableAt: URL(fileURLWithPath: "/usr/bin/openssl"),
                ["dgst", "-sha256", "-hmac", secret, "-r", file.path])
            let hex = String(result.standardOutput.prefix(64))
            #expect(hex.count == 64, "openssl said \(result.standardOutput) \(result.standardError)")
            #expect(try ASCWebhookSignature.header(for: body, secret: Array(secret.utf8)) == "hmacsha256=" + hex)
            #expect(ASCWebhookSignature.isValid("hmacsha256=" + hex, body: body, secret: Array(secret.utf8)))
        }
    }
}
