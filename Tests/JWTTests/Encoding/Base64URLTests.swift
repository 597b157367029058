import GatehouseTesting
import Testing

@testable import JWT

@Suite("Base64URL (RFC 7515 section 2)")
struct Base64URLTests {
    @Test("round-trips every length from 0 to 64 bytes")
    func roundTrip() throws {
        for length in 0...64 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let text = JWT.Base64URL.encode(bytes)
            #expect(!text.contains("="))
            #expect(!text.contains("+") && !text.contains("/"))
            #expect(try JWT.Base64URL.decode(text, segment: "test") == bytes, "length \(length)")
        }
    }

    @Test("matches RFC 4648 section 10 vectors in URL-safe form")
    func knownValues() throws {
        let cases: [(String, String)] = [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ]
        for (plain, encoded) in cases {
            #expect(JWT.Base64URL.encode(Array(plain.utf8)) == encoded)
            #expect(try JWT.Base64URL.decode(encoded, segment: "test") == Array(plain.utf8))
        }
        #expect(JWT.Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(try JWT.Base64URL.decode("-_8", segment: "test") == [0xFB, 0xFF])
    }

    @Test(
        "rejects non-base64url input with the segment and position in the message",
        arguments: [
            ("Zm9vYg==", "'='", 6),
            ("Zm9v+g", "'+'", 4),
            ("Zm9v/g", "'/'", 4),
            ("Zm9v Yg", "whitespace", 4),
            ("Zm9vYg\n", "whitespace", 6),
            ("Zm9?", "'?'", 3),
            ("Zm9v\u{00E9}", "byte 0xC3", 4),
        ])
    func rejectsBadCharacters(text: String, shown: String, position: Int) {
        do {
            _ = try JWT.Base64URL.decode(text, segment: "payload")
            Issue.record("accepted \(text)")
        } catch let error as JWTError {
            #expect(error.code == .invalidBase64URL)
            #expect(error.reason.contains("payload"))
            #expect(error.reason.contains(shown), "\(error.reason)")
            #expect(error.reason.contains("position \(position)"), "\(error.reason)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("rejects a length of 4n+1")
    func rejectsImpossibleLength() {
        expectError(JWTError(.invalidBase64URL), mentioning: ["signature", "4n+1"], matchingCase: true) {
            _ = try JWT.Base64URL.decode("Zm9vY", segment: "signature")
        }
    }

    @Test(
        "rejects a non-canonical final character (unused bits set)",
        arguments: ["Zh", "Zm9", "AB", "Zm9vYh", "VGVzdB"])
    func rejectsNonCanonical(text: String) {
        expectError(
            JWTError(.invalidBase64URL), mentioning: ["header", "unused bits", "position \(text.count - 1)"],
            matchingCase: true
        ) {
            _ = try JWT.Base64URL.decode(text, segment: "header")
        }
    }

    @Test("canonical neighbours of the rejected forms decode")
    func canonicalNeighbours() throws {
        #expect(try JWT.Base64URL.decode("Zg", segment: "t") == Array("f".utf8))
        #expect(try JWT.Base64URL.decode("Zm8", segment: "t") == Array("fo".utf8))
        #expect(try JWT.Base64URL.decode("AA", segment: "t") == [0])
    }
}
