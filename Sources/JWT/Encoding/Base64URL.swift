/// Base64url exactly as RFC 7515 section 2 defines it: the URL-safe alphabet of RFC 4648 section 5, no padding,
/// no whitespace, no other characters, and canonical final characters (unused bits zero).
///
/// Decoding never returns empty bytes for bad input: it throws `JWTError.invalidBase64URL` naming the segment and
/// the position of the first offending character.
public enum Base64URL {
    /// Encodes bytes as unpadded base64url (RFC 7515 section 2).
    /// - Parameter bytes: the bytes to encode.
    /// - Returns: the base64url text, without `=` padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let count = bytes.count
        let outputCount = (count / 3) * 4 + [0, 2, 3][count % 3]
        return String(unsafeUninitializedCapacity: outputCount) { output in
            var out = 0
            var iterator = bytes.makeIterator()
            while let b0 = iterator.next() {
                let b1 = iterator.next()
                let b2 = iterator.next()
                output[out] = alphabet[Int(b0 >> 2)]
                output[out + 1] = alphabet[Int(((b0 & 0x03) << 4) | ((b1 ?? 0) >> 4))]
                out += 2
                if let b1 {
                    output[out] = alphabet[Int(((b1 & 0x0F) << 2) | ((b2 ?? 0) >> 6))]
                    out += 1
                    if let b2 {
                        output[out] = alphabet[Int(b2 & 0x3F)]
                        out += 1
                    }
                }
            }
            return out
        }
    }

    /// Decodes unpadded, canonical base64url text (RFC 7515 section 2).
    /// - Parameters:
    ///   - text: the base64url text.
    ///   - segment: what the text is, for the error message (`"header"`, `"payload"`, `"signature"`, `"JWK member n"`).
    /// - Returns: the decoded bytes.
    /// - Throws: `JWTError.invalidBase64URL` naming the segment and the position of the first bad character.
    public static func decode(_ text: some StringProtocol, segment: String) throws -> [UInt8] {
        var copy = String(text)
        return try copy.withUTF8 { try decode(UnsafeRawBufferPointer($0), segment: segment) }
    }

    /// Decodes unpadded, canonical base64url from raw ASCII bytes (RFC 7515 section 2). The hot-path form.
    /// - Parameters:
    ///   - input: the base64url characters.
    ///   - segment: what the text is, for the error message.
    /// - Returns: the decoded bytes.
    /// - Throws: `JWTError.invalidBase64URL` naming the segment and the position of the first bad character.
    public static func decode(_ input: UnsafeRawBufferPointer, segment: String) throws -> [UInt8] {
        let outputCount = try decodedCount(input.count, segment: segment)
        if outputCount == 0 { return [] }
        return try [UInt8](unsafeUninitializedCapacity: outputCount) { out, initialized in
            initialized = 0
            try decode(input, into: out.baseAddress!, segment: segment)
            initialized = outputCount
        }
    }

    /// Decodes into a buffer of the caller's (the stack, for a signature that is only read once), and passes the
    /// bytes to `body`: the same checks and errors as `decode(_:segment:)`, without an array.
    /// - Parameters:
    ///   - invalid: what a decoding error becomes (not what `body` throws): the caller's context for it.
    static func withDecoded<R>(
        _ input: UnsafeRawBufferPointer, segment: String, invalid: (JWTError) -> JWTError = { $0 },
        _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        let outputCount: Int
        do {
            outputCount = try decodedCount(input.count, segment: segment)
        } catch let error as JWTError {
            throw invalid(error)
        }
        if outputCount == 0 { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: outputCount) { out in
            do {
                try decode(input, into: out.baseAddress!, segment: segment)
            } catch let error as JWTError {
                throw invalid(error)
            }
            return try body(UnsafeRawBufferPointer(out))
        }
    }

    /// The number of bytes `count` base64url characters decode to.
    private static func decodedCount(_ count: Int, segment: String) throws -> Int {
        let remainder = count & 3
        if remainder == 1 {
            throw JWTError(
                .invalidBase64URL,
                "the \(segment) is \(count) base64url characters long; a length of 4n+1 cannot encode whole bytes "
                    + "(RFC 7515 section 2): the segment is truncated or has an extra character")
        }
        return (count / 4) * 3 + (remainder == 0 ? 0 : remainder - 1)
    }

    /// Decodes `input` into `out`, which holds `decodedCount(input.count)` bytes.
    private static func decode(
        _ input: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>, segment: String
    ) throws {
        let count = input.count
        let remainder = count & 3
        // Hot path: each character maps through its own table straight to its bits of the 24-bit group, with bit 24
        // set for characters outside the alphabet, so a group costs four loads, three ORs and one test.
        try quadTables.withUnsafeBufferPointer { tables in
            var index = 0
            var written = 0
            let fullEnd = count - remainder
            let t0 = tables.baseAddress!
            let t1 = t0 + 256
            let t2 = t0 + 512
            let t3 = t0 + 768
            while index < fullEnd {
                let group =
                    t0[Int(input[index])] | t1[Int(input[index + 1])] | t2[Int(input[index + 2])]
                    | t3[Int(input[index + 3])]
                if group & 0x0100_0000 != 0 { throw badCharacter(input, from: index, segment: segment) }
                out[written] = UInt8(truncatingIfNeeded: group >> 16)
                out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                out[written + 2] = UInt8(truncatingIfNeeded: group)
                written += 3
                index += 4
            }
            if remainder >= 2 {
                var group = t0[Int(input[index])] | t1[Int(input[index + 1])]
                if remainder == 3 { group |= t2[Int(input[index + 2])] }
                if group & 0x0100_0000 != 0 { throw badCharacter(input, from: index, segment: segment) }
                out[written] = UInt8(truncatingIfNeeded: group >> 16)
                written += 1
                // RFC 7515 section 2 / RFC 4648 section 3.5: the unused low bits of the last character must be zero.
                if remainder == 2 {
                    if group & 0x00_FFFF != 0 { throw nonCanonical(input, at: count - 1, segment: segment) }
                } else {
                    out[written] = UInt8(truncatingIfNeeded: group >> 8)
                    written += 1
                    if group & 0x00_00FF != 0 { throw nonCanonical(input, at: count - 1, segment: segment) }
                }
            }
        }
    }

    private static func badCharacter(_ input: UnsafeRawBufferPointer, from start: Int, segment: String) -> JWTError {
        var position = start
        while position < input.count, decodeTable[Int(input[position])] & 0x80 == 0 { position += 1 }
        let byte = position < input.count ? input[position] : 0
        let shown: String
        switch byte {
        case UInt8(ascii: "="): shown = "'=' (padding is not allowed in base64url, RFC 7515 section 2)"
        case UInt8(ascii: "+"), UInt8(ascii: "/"):
            shown = "'\(Character(Unicode.Scalar(byte)))' (standard base64, not base64url: use '-' and '_')"
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            shown = "whitespace 0x\(hex(byte)) (whitespace is not allowed in base64url)"
        case 0x21...0x7E: shown = "'\(Character(Unicode.Scalar(byte)))' (not in the base64url alphabet)"
        default: shown = "byte 0x\(hex(byte)) (not in the base64url alphabet)"
        }
        return JWTError(
            .invalidBase64URL,
            "the \(segment) has \(shown) at position \(position); base64url uses only A-Z a-z 0-9 - _ without padding")
    }

    private static func nonCanonical(_ input: UnsafeRawBufferPointer, at position: Int, segment: String) -> JWTError {
        JWTError(
            .invalidBase64URL,
            "the \(segment) is not canonical base64url: its last character '\(Character(Unicode.Scalar(input[position])))'"
                + " at position \(position) has non-zero unused bits (RFC 7515 section 2, RFC 4648 section 3.5)")
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Four tables of 256 entries: a character's 6-bit value shifted to its place in a 24-bit group (18, 12, 6, 0),
    /// or bit 24 for bytes outside the alphabet.
    private static let quadTables: [UInt32] = {
        var tables = [UInt32](repeating: 0x0100_0000, count: 1024)
        for (value, character) in alphabet.enumerated() {
            for position in 0..<4 {
                tables[position * 256 + Int(character)] = UInt32(value) << UInt32(18 - 6 * position)
            }
        }
        return tables
    }()

    /// 256 entries: the 6-bit value of a base64url character, or 0xFF for every other byte.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()
}
