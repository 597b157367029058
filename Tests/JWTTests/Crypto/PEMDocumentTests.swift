import GatehouseTesting
import Testing

@testable import JWT

/// Security round 3, item 1: the one PEM reader's errors name lines, lengths and fixed markers, never a byte of the
/// document, over every damaged shape of a `.p8`, through `PEMDocument`, `PrivateKey` and `PublicKey`.
@Suite("PEM reader: errors never quote the document")
struct PEMDocumentTests {
    @Test("the intact key reads, so each shape below fails for its damage alone")
    func intactReads() throws {
        #expect(try PrivateKey(pemRepresentation: MalformedPEM.intact).kind == .ec(.p256))
    }

    @Test(
        "PrivateKey refuses every damaged shape with invalidKey, quoting no 4 characters of the body",
        arguments: MalformedPEM.shapes)
    func privateKeyNeverQuotes(_ shape: MalformedPEM.Shape) {
        MalformedPEM.expectRefused(JWTError(.invalidKey), shape) { _ = try PrivateKey(pemRepresentation: shape.text) }
    }

    @Test("PublicKey refuses every damaged shape quoting no 4 characters of the body", arguments: MalformedPEM.shapes)
    func publicKeyNeverQuotes(_ shape: MalformedPEM.Shape) {
        MalformedPEM.expectRefused(JWTError(.invalidKey), shape) { _ = try PublicKey(pemRepresentation: shape.text) }
    }

    @Test("each message names the line, the marker found or expected, and the length")
    func messagesNameWhere() {
        let begin = "-----BEGIN PRIVATE KEY-----"
        let end = "-----END PRIVATE KEY-----"
        let body = MalformedPEM.body
        let cases: [(text: String, fragments: [String])] = [
            (
                begin + body + end,
                [
                    "line 1", "\(body.utf8.count + end.utf8.count) characters after \"\(begin)\"",
                    "alone on its line",
                ]
            ),
            ("x" + begin + "\n" + body + "\n" + end, ["line 1", "1 characters before \"\(begin)\""]),
            (begin + "\n" + body + "\n", ["opened on line 1", "no \"\(end)\" line", "truncated"]),
            (
                begin + "\n" + body + "\n-----END PUBLIC KEY-----",
                [
                    "opened on line 1", "closed by \"-----END PUBLIC KEY-----\" on line 3", "expected \"\(end)\"",
                ]
            ),
            (
                "-----BEGIN \(body.prefix(20))-----\n\(body)\n-----END \(body.prefix(20))-----",
                [
                    "a label of 20 characters (not shown)"
                ]
            ),
            ("\n\n" + body, ["line 3", "a line of \(body.utf8.count) characters (not shown"]),
            ("-----BEGIN PRIVATE KEY " + body, ["line 1", "starts like a PEM marker"]),
            (begin + "\n!" + body.dropFirst() + "\n" + end, ["opened on line 1", "outside base64 on line 2"]),
            (end + "\n", ["found \"\(end)\" on line 1 outside any block"]),
        ]
        for (text, fragments) in cases {
            expectError(JWTError(.invalidKey), mentioning: fragments) { _ = try PrivateKey(pemRepresentation: text) }
        }
    }

    @Test("lines may end in LF, CRLF or CR (RFC 7468 section 3), with spaces and tabs around them")
    func lineEnds() throws {
        for separator in ["\n", "\r\n", "\r", " \n\t", "\t\r\n "] {
            let text = MalformedPEM.intact.split(separator: "\n").joined(separator: separator)
            #expect(try PrivateKey(pemRepresentation: text).kind == .ec(.p256), "separator \(Array(separator.utf8))")
        }
    }

    @Test("the reader's errors are PEMErrors built from numbers and fixed strings only")
    func typedErrors() {
        #expect(throws: PEMError(expected: "a key", problem: .empty)) {
            _ = try PEMDocument(parsing: " \n\t\r\n", expecting: "a key")
        }
        let oneLine = "-----BEGIN PRIVATE KEY-----" + MalformedPEM.body + "-----END PRIVATE KEY-----"
        let marker = PEMError.Marker(isBegin: true, label: .privateKey)
        let length = MalformedPEM.body.utf8.count + 25
        #expect(throws: PEMError(expected: "a key", problem: .textAfterMarker(line: 1, marker: marker, length: length)))
        {
            _ = try PEMDocument(parsing: oneLine, expecting: "a key")
        }
    }
}
