import GatehouseTesting
import Testing

@testable import JWT

@Suite("Strict JSON (RFC 8259)")
struct JSONValueTests {
    private func parse(_ text: String, depth: Int = 64) throws -> JSONValue {
        try JSONValue.parse(Array(text.utf8), maxNestingDepth: depth)
    }

    private func expectMalformed(
        _ text: String, mentioning cause: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let value = try parse(text)
            Issue.record("accepted \(text) as \(value)", sourceLocation: sourceLocation)
        } catch let error as JWTError {
            #expect(error.code == .malformedJSON, "\(error)", sourceLocation: sourceLocation)
            #expect(error.reason.contains(cause), "\(error.reason)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("parses every value type and keeps member order")
    func parsesValues() throws {
        let value = try parse(#" { "z" : 1, "a" : [true, false, null, "s\u00e9\n", -0.5e+2, {}], "m": {"k": []} } "#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.names == ["z", "a", "m"])
        #expect(object["z"]?.numberValue?.int64Value == 1)
        let array = try #require(object["a"]?.arrayValue)
        #expect(array.count == 6)
        #expect(array[0] == .bool(true) && array[1] == .bool(false) && array[2] == .null)
        #expect(array[3].stringValue == "s\u{e9}\n")
        #expect(array[4].numberValue?.doubleValue == -50)
        #expect(array[4].numberValue?.int64Value == nil)
        #expect(object["m"]?["k"] == .array([]))
    }

    @Test("keeps integers exact beyond 2^53")
    func exactIntegers() throws {
        let value = try parse(#"{"n": 9007199254740993, "big": 123456789012345678901234567890}"#)
        #expect(value["n"]?.numberValue?.int64Value == 9_007_199_254_740_993)
        #expect(value["big"]?.numberValue?.text == "123456789012345678901234567890")
        #expect(value["big"]?.numberValue?.int64Value == nil)
    }

    @Test("decodes escapes and surrogate pairs; prints compact JSON back")
    func escapes() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\ud83d\ude00", "\u0041"]"#)
        #expect(value.arrayValue?[0].stringValue == "\"\\/\u{8}\u{c}\n\r\t")
        #expect(value.arrayValue?[1].stringValue == "\u{1F600}")
        #expect(value.arrayValue?[2].stringValue == "A")
        #expect(value.description == #"["\"\\/\b\f\n\r\t","😀","A"]"#)
    }

    @Test("rejects duplicate member names, also when spelled with escapes")
    func duplicates() {
        expectMalformed(#"{"alg":"RS256","alg":"none"}"#, mentioning: "\"alg\" twice")
        expectMalformed(#"{"alg":"RS256","\u0061lg":"none"}"#, mentioning: "\"alg\" twice")
        var many = (0..<40).map { "\"k\($0)\":\($0)" }
        many.append("\"k7\":1")
        expectMalformed("{" + many.joined(separator: ",") + "}", mentioning: "\"k7\" twice")
    }

    @Test("names that share a fingerprint (length, first and last 8 bytes) are told apart by their bytes")
    func fingerprintCollisions() throws {
        // The duplicate check compares fingerprints first; these pairs collide on purpose, so only the byte
        // comparison after it can tell them apart (or find the true duplicate).
        let pairs = [
            ("abcdefgh-X-abcdefgh", "abcdefgh-Y-abcdefgh"),  // longer than 8: same first and last 8 bytes
            ("abcdefghXabcdefgh", "abcdefghYabcdefgh"),
            ("x_claim_A_\u{e9}_suffix!", "x_claim_B_\u{e9}_suffix!"),  // non-ASCII in the middle (slow path)
        ]
        for (first, second) in pairs {
            let object = try #require(try parse("{\"\(first)\":1,\"\(second)\":2}").objectValue)
            #expect(object.names == [first, second])
            expectMalformed("{\"\(first)\":1,\"\(second)\":2,\"\(first)\":3}", mentioning: "twice")
        }
        // Canonically equivalent but different code points: not duplicates (ExactString), whatever the fingerprint.
        let equivalent = try #require(try parse("{\"caf\u{e9}\":1,\"cafe\u{301}\":2}").objectValue)
        #expect(equivalent.count == 2)
        // A duplicate among the first 16 members (fingerprints) and past them (the set), escaped or not.
        let fifteen = (0..<15).map { "\"member\($0)\":\($0)" }.joined(separator: ",")
        expectMalformed("{" + fifteen + #","\u006dember3":0}"#, mentioning: "\"member3\" twice")
        expectMalformed("{" + fifteen + #","x":0,"member14":0}"#, mentioning: "\"member14\" twice")
    }

    @Test(
        "rejects what RFC 8259 does not allow",
        arguments: [
            ("{\"a\":1,}", "a member name string was expected"),
            ("[1,]", "a value was expected"),
            ("[01]", "leading zeros"),
            ("[1.]", "after the decimal point"),
            ("[1e]", "exponent"),
            ("[NaN]", "a value was expected"),
            ("['a']", "a value was expected"),
            ("{\"a\" 1}", "':' expected"),
            ("[tru]", "literal"),
            ("[1] x", "unexpected data after"),
            ("", "unexpected end of input"),
            ("\"abc", "unterminated string"),
            ("[\"a\u{01}\"]", "unescaped control character"),
            ("[\"\\x\"]", "invalid escape"),
            ("[\"\\u12G4\"]", "invalid hex digit"),
            ("[\"\\ud800\"]", "lone high surrogate"),
            ("[\"\\udc00\"]", "lone low surrogate"),
            ("[\"\\ud800\\u0041\"]", "not a low surrogate"),
            ("/* c */ 1", "a value was expected"),
        ])
    func rejectsInvalid(text: String, cause: String) {
        expectMalformed(text, mentioning: cause)
    }

    @Test(
        "rejects invalid UTF-8: overlong, encoded surrogates, truncated, out of range",
        arguments: [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // U+D800 encoded in UTF-8
            [0x22, 0xE2, 0x82, 0x22],  // truncated
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0x80, 0x22],  // lone continuation byte
        ] as [[UInt8]])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        expectError(JWTError(.malformedJSON), mentioning: ["UTF-8"], matchingCase: true) {
            _ = try JSONValue.parse(bytes)
        }
    }

    @Test("accepts valid multi-byte UTF-8")
    func acceptsUTF8() throws {
        #expect(
            try parse("\"h\u{e9}llo \u{4e16}\u{754c} \u{1F600}\"").stringValue
                == "h\u{e9}llo \u{4e16}\u{754c} \u{1F600}")
    }

    @Test("nesting beyond the limit is limitExceeded, at the limit is fine")
    func nesting() throws {
        _ = try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))
        expectError(JWTError(.limitExceeded), mentioning: ["limit of 64"], matchingCase: true) {
            _ = try parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        }
        // A deep document is refused at the limit, not after a stack overflow.
        #expect(throws: JWTError(.limitExceeded)) {
            try parse(String(repeating: "{\"a\":", count: 100_000))
        }
    }

    @Test("size over the limit is refused before parsing")
    func size() {
        expectError(JWTError(.limitExceeded), mentioning: ["9 bytes", "limit of 4"], matchingCase: true) {
            _ = try JSONValue.parse(Array("[1, 2, 3]".utf8), maxBytes: 4)
        }
    }

    @Test(
        "doubleValue agrees with Double(text) on integers, negatives, fractions and exponents",
        arguments: ["0", "-1", "1700000000", "999999999999999", "1234567890123456", "-42.5", "1e3", "2.5E-3"])
    func doubleValues(text: String) throws {
        let number = try #require(try JSONValue.parse(Array(text.utf8)).numberValue)
        #expect(number.doubleValue == Double(text))
        #expect(number.text == text)
    }
}
