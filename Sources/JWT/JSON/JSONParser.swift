internal import GatehouseCore

/// The strict JSON reader behind `JSONValue.parse`: RFC 8259 over raw bytes, one pass, no Foundation.
///
/// Rejected: anything outside the RFC 8259 grammar (trailing commas, comments, leading zeros, `NaN`, single quotes,
/// unescaped control characters, trailing data), invalid UTF-8 (overlong forms, surrogates encoded in UTF-8, code
/// points above U+10FFFF), lone or mis-paired `\u` surrogates, duplicate member names (RFC 7515 section 4 and
/// RFC 7519 section 4: a JWS header or claim set with duplicate names is rejected, never "last one wins"), and
/// nesting deeper than the limit (checked as the parser descends, before the nested value is read).
struct JSONParser {
    private let input: UnsafeRawBufferPointer
    private let maxDepth: Int
    private let maxMembers: Int
    /// A literal (no reference count to keep as the parser is passed around).
    private let what: StaticString
    private var position = 0
    private var depth = 0

    /// Parses one JSON text.
    /// - Parameters:
    ///   - input: the UTF-8 bytes.
    ///   - maxDepth: the deepest nesting of arrays/objects allowed.
    ///   - maxMembers: the most members one object, or elements one array, may have.
    ///   - what: what the text is, for messages ("header", "payload", "JWKS document").
    /// - Returns: the value.
    /// - Throws: `JWTError.malformedJSON` or `JWTError.limitExceeded`.
    static func parse(
        _ input: UnsafeRawBufferPointer, maxDepth: Int, maxMembers: Int = JSONValue.defaultMaximumMembers,
        what: StaticString
    ) throws -> JSONValue {
        var parser = JSONParser(input: input, maxDepth: maxDepth, maxMembers: maxMembers, what: what)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position != input.count {
            throw parser.failure("unexpected data after the JSON value")
        }
        return value
    }

    private init(input: UnsafeRawBufferPointer, maxDepth: Int, maxMembers: Int, what: StaticString) {
        self.input = input
        self.maxDepth = maxDepth
        self.maxMembers = maxMembers
        self.what = what
    }

    private func failure(_ cause: String) -> JWTError {
        JWTError(.malformedJSON, "the \(what) is not valid JSON (RFC 8259): \(cause) at byte offset \(position)")
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        var cursor = position
        while cursor < input.count {
            switch input[cursor] {
            case 0x20, 0x09, 0x0A, 0x0D: cursor += 1
            default:
                position = cursor
                return
            }
        }
        position = cursor
    }

    private mutating func parseValue() throws -> JSONValue {
        guard position < input.count else { throw failure("unexpected end of input, a value was expected") }
        switch input[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected \(describe(input[position])), a value was expected")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        let digits = Array("0123456789ABCDEF")
        return "byte 0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard input.count - position >= count else { throw failure("truncated literal, expected '\(literal)'") }
        let bytes = literal.utf8Start
        for offset in 0..<count where input[position + offset] != bytes[offset] {
            throw failure("invalid literal, expected '\(literal)'")
        }
        position += count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > maxDepth {
            throw JWTError(
                .limitExceeded,
                "the \(what) nests arrays/objects deeper than the limit of \(maxDepth) (at byte offset \(position))")
        }
    }

    /// Refuses one more member or element once `maxMembers` have been read, before reading it.
    private func checkMemberCount(_ count: Int, _ container: String) throws {
        if count >= maxMembers {
            throw JWTError(
                .limitExceeded,
                "the \(what) has an \(container) with more than \(maxMembers) members (at byte offset \(position)); "
                    + "the limit is \(maxMembers) members per object or array, so it was not read further")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        position += 1  // {
        skipWhitespace()
        var members: [JSONObject.Member] = []
        if position < input.count, input[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject(members: members))
        }
        // 16: a Sign in with Apple token's 13 claims fit without growing the array.
        members.reserveCapacity(16)
        // RFC 7515 section 4 / RFC 7519 section 4: duplicate member names are an error. Names are the same when their
        // code points are (ExactString). Each name's fingerprint (of its unescaped UTF-8 bytes) is kept in a
        // stack buffer for the first `inlineNames` members, so a new name is compared with the earlier ones as
        // integers, and only a matching fingerprint is compared byte by byte. Comparing every earlier member's name
        // instead copied each member (retaining its strings): quadratic retains, a third of an RS256 verification's
        // time on an Apple token's 13 claims (issue 20). Larger objects use a set.
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.inlineNames) { fingerprints in
            var names: Set<ExactString>? = nil
            while true {
                guard position < input.count else { throw failure("unexpected end of input inside an object") }
                guard input[position] == UInt8(ascii: "\"") else {
                    throw failure("unexpected \(describe(input[position])), a member name string was expected")
                }
                try checkMemberCount(members.count, "object")
                let nameOffset = position
                var fingerprint: UInt64 = 0
                let name = try parseString(fingerprint: &fingerprint)
                let count = members.count
                if count < Self.inlineNames {
                    for index in 0..<count where fingerprints[index] == fingerprint {
                        if ExactString.equal(members[index].name, name) { throw duplicateName(name, at: nameOffset) }
                    }
                    fingerprints[count] = fingerprint
                } else {
                    if names == nil { names = Set(members.map { ExactString($0.name) }) }
                    if !names!.insert(ExactString(name)).inserted {
                        throw duplicateName(name, at: nameOffset)
                    }
                }
                skipWhitespace()
                guard position < input.count, input[position] == UInt8(ascii: ":") else {
                    throw failure("':' expected after the member name \"\(name)\"")
                }
                position += 1
                skipWhitespace()
                let value = try parseValue()
                members.append(JSONObject.Member(name: name, value: value))
                guard try continues(closingWith: "}", inside: "object") else {
                    return .object(JSONObject(members: members))
                }
            }
        }
    }

    /// How many member names of one object are checked for duplicates by fingerprint (a stack buffer); beyond, a set.
    private static let inlineNames = 16

    /// A fingerprint of a name's bytes, to rule names out quickly, never to decide that two are equal: the length,
    /// and the bytes themselves up to 8 or else the first and last 8 (a few instructions, whatever the length).
    @inline(__always)
    private static func fingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        guard count >= 8 else {
            var packed: UInt64 = 0
            for byte in bytes { packed = packed << 8 | UInt64(byte) }
            return packed | UInt64(count) << 56
        }
        let first = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        let last = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        return (first &* 0x9E37_79B9_7F4A_7C15) ^ last ^ UInt64(truncatingIfNeeded: count)
    }

    /// RFC 7515 section 4 / RFC 7519 section 4: a member name the object already has.
    private func duplicateName(_ name: String, at offset: Int) -> JWTError {
        JWTError(
            .malformedJSON,
            "the \(what) has the member name \"\(name)\" twice (second at byte offset \(offset)); "
                + "duplicate member names are rejected (RFC 7515 section 4, RFC 7519 section 4)")
    }

    /// After a member or an element: `,` (another follows, true) or the container's closing bracket, which leaves it
    /// (false); anything else is an error.
    /// - Parameters:
    ///   - close: `}` or `]`.
    ///   - container: "object" or "array", for the messages.
    private mutating func continues(closingWith close: Unicode.Scalar, inside container: String) throws -> Bool {
        skipWhitespace()
        guard position < input.count else { throw failure("unexpected end of input inside an \(container)") }
        switch input[position] {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            return true
        case UInt8(ascii: close):
            position += 1
            depth -= 1
            return false
        default:
            throw failure("unexpected \(describe(input[position])), ',' or '\(close)' was expected in an \(container)")
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        position += 1  // [
        skipWhitespace()
        var elements: [JSONValue] = []
        if position < input.count, input[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            try checkMemberCount(elements.count, "array")
            elements.append(try parseValue())
            guard try continues(closingWith: "]", inside: "array") else { return .array(elements) }
        }
    }

    private mutating func parseNumber() throws -> JSONNumber {
        let start = position
        if input[position] == UInt8(ascii: "-") { position += 1 }
        guard position < input.count, isDigit(input[position]) else {
            throw failure("a digit was expected in a number")
        }
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < input.count, isDigit(input[position]) {
                throw failure("leading zeros are not allowed in numbers")
            }
        } else {
            while position < input.count, isDigit(input[position]) { position += 1 }
        }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard position < input.count, isDigit(input[position]) else {
                throw failure("a digit was expected after the decimal point")
            }
            while position < input.count, isDigit(input[position]) { position += 1 }
        }
        if position < input.count, input[position] == UInt8(ascii: "e") || input[position] == UInt8(ascii: "E") {
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < input.count, isDigit(input[position]) else {
                throw failure("a digit was expected in the exponent")
            }
            while position < input.count, isDigit(input[position]) { position += 1 }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        return JSONNumber(validatedText: text)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Reads a string starting at the opening quote. ASCII without escapes is the fast path.
    private mutating func parseString() throws -> String {
        var unused: UInt64 = 0
        return try parseString(fingerprint: &unused)
    }

    /// Reads a string starting at the opening quote and sets `fingerprint` to that of its unescaped UTF-8 bytes.
    private mutating func parseString(fingerprint: inout UInt64) throws -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: printable ASCII without escapes, eight bytes at a time while no byte in the word is a quote, a
        // backslash, a control character or non-ASCII (the hot path of every token).
        var cursor = position
        let end = input.count
        while cursor + 8 <= end {
            let word = input.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
            let quote = word ^ 0x2222_2222_2222_2222
            let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let special =
                ((quote &- 0x0101_0101_0101_0101) & ~quote) | ((backslash &- 0x0101_0101_0101_0101) & ~backslash)
                | ((word &- 0x2020_2020_2020_2020) & ~word) | word
            if special & 0x8080_8080_8080_8080 != 0 { break }
            cursor += 8
        }
        while cursor < end {
            let byte = input[cursor]
            if byte == UInt8(ascii: "\"") {
                position = cursor + 1
                let length = cursor - start
                fingerprint = Self.fingerprint(UnsafeRawBufferPointer(rebasing: input[start..<cursor]))
                if length > 0 && length <= 8,
                    let interned = InternedNames.name(
                        forKey: MemberKey.of(UnsafeRawBufferPointer(rebasing: input[start..<cursor])))
                {
                    return interned
                }
                return String(decoding: UnsafeRawBufferPointer(rebasing: input[start..<cursor]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            cursor += 1
        }
        position = cursor
        guard position < input.count else { throw failure("unterminated string") }
        // Slow path: escapes and multi-byte UTF-8, validated scalar by scalar.
        var bytes = [UInt8](UnsafeRawBufferPointer(rebasing: input[start..<position]))
        while true {
            guard position < input.count else { throw failure("unterminated string") }
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                fingerprint = bytes.withUnsafeBytes { Self.fingerprint($0) }
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &bytes)
            case 0..<0x20:
                throw failure("unescaped control character \(describe(byte)) in a string")
            case 0x20..<0x80:
                bytes.append(byte)
                position += 1
            default:
                let length = try validateUTF8Sequence()
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[position..<position + length]))
                position += length
            }
        }
    }

    /// Validates one multi-byte UTF-8 sequence at `position` (RFC 3629 table; no overlongs, no surrogates).
    private func validateUTF8Sequence() throws -> Int {
        let lead = input[position]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F  // excludes UTF-16 surrogates U+D800..U+DFFF
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw failure("invalid UTF-8 lead byte \(describe(lead)) in a string")
        }
        guard position + length <= input.count else { throw failure("truncated UTF-8 sequence in a string") }
        let second = input[position + 1]
        guard second >= lower && second <= upper else {
            throw failure("invalid UTF-8 sequence (overlong, surrogate or out of range) in a string")
        }
        for offset in 2..<max(2, length) where input[position + offset] & 0xC0 != 0x80 {
            throw failure("invalid UTF-8 continuation byte in a string")
        }
        return length
    }

    private mutating func parseEscape(into bytes: inout [UInt8]) throws {
        position += 1  // backslash
        guard position < input.count else { throw failure("unterminated escape in a string") }
        let byte = input[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate (RFC 8259 section 7).
                guard input.count - position >= 6, input[position] == UInt8(ascii: "\\"),
                    input[position + 1] == UInt8(ascii: "u")
                else { throw failure("lone high surrogate \\u\(hex4(scalar)) in a string") }
                position += 2
                let low = try readHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw failure("high surrogate \\u\(hex4(scalar)) followed by \\u\(hex4(low)), not a low surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw failure("lone low surrogate \\u\(hex4(scalar)) in a string")
            }
            appendUTF8(scalar, to: &bytes)
        default:
            position -= 1
            throw failure("invalid escape \\\(Character(Unicode.Scalar(byte))) in a string")
        }
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<4).reversed().map { digits[Int((value >> (UInt32($0) * 4)) & 0xF)] })
    }

    private mutating func readHex4() throws -> UInt32 {
        guard input.count - position >= 4 else { throw failure("truncated \\u escape in a string") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = input[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid hex digit \(describe(byte)) in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | (scalar >> 6)))
            bytes.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | (scalar >> 12)))
            bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            bytes.append(UInt8(0xF0 | (scalar >> 18)))
            bytes.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
