/// Conversions between the two ECDSA signature encodings: the JWS form, raw `r || s` with each integer left-padded to
/// the curve's coordinate length (RFC 7518 section 3.4), and the DER `Ecdsa-Sig-Value` OpenSSL reads and writes
/// (`SEQUENCE { r INTEGER, s INTEGER }`, RFC 3279 section 2.2.3).
enum ECDSASignature {
    /// DER-encodes a raw JWS signature.
    /// - Parameters:
    ///   - raw: `r || s`, which must be exactly `2 * coordinateByteCount` bytes (RFC 7518 section 3.4).
    ///   - coordinateByteCount: 32, 48 or 66.
    /// - Returns: the DER `Ecdsa-Sig-Value`, or nil when `raw` has the wrong length.
    static func der(fromRaw raw: UnsafeRawBufferPointer, coordinateByteCount: Int) -> [UInt8]? {
        guard coordinateByteCount > 0, raw.count == 2 * coordinateByteCount else { return nil }
        let r = integer(raw[0..<coordinateByteCount])
        let s = integer(raw[coordinateByteCount..<raw.count])
        var der: [UInt8] = [0x30]
        appendLength(r.count + s.count, to: &der)
        der += r
        der += s
        return der
    }

    /// DER-encodes a raw JWS signature.
    /// - Parameters:
    ///   - raw: `r || s`.
    ///   - coordinateByteCount: 32, 48 or 66.
    /// - Returns: the DER `Ecdsa-Sig-Value`, or nil when `raw` has the wrong length.
    static func der(fromRaw raw: [UInt8], coordinateByteCount: Int) -> [UInt8]? {
        raw.withUnsafeBytes { der(fromRaw: $0, coordinateByteCount: coordinateByteCount) }
    }

    /// Decodes a DER `Ecdsa-Sig-Value` into the raw JWS form, left-padding r and s (RFC 7518 section 3.4).
    ///
    /// Strict DER: definite minimal lengths, minimal non-negative integers, nothing after the sequence.
    /// - Parameters:
    ///   - der: the DER signature.
    ///   - coordinateByteCount: 32, 48 or 66.
    /// - Returns: `r || s` of exactly `2 * coordinateByteCount` bytes, or nil for malformed DER or an integer too
    ///   long for the curve.
    static func raw(fromDER der: [UInt8], coordinateByteCount: Int) -> [UInt8]? {
        var reader = DERReader(bytes: der[...])
        guard var sequence = reader.element(tag: 0x30), reader.isAtEnd,
            let r = sequence.element(tag: 0x02), let s = sequence.element(tag: 0x02), sequence.isAtEnd,
            let rBytes = unsignedMagnitude(r.remaining, maxLength: coordinateByteCount),
            let sBytes = unsignedMagnitude(s.remaining, maxLength: coordinateByteCount)
        else { return nil }
        var raw = [UInt8](repeating: 0, count: 2 * coordinateByteCount)
        raw.replaceSubrange((coordinateByteCount - rBytes.count)..<coordinateByteCount, with: rBytes)
        raw.replaceSubrange((2 * coordinateByteCount - sBytes.count)..<(2 * coordinateByteCount), with: sBytes)
        return raw
    }

    /// A DER INTEGER (tag, length, content) for an unsigned big-endian magnitude: leading zeros stripped, one zero
    /// byte prepended when the high bit is set (DER integers are signed), zero as the single byte 0x00.
    private static func integer(_ magnitude: Slice<UnsafeRawBufferPointer>) -> [UInt8] {
        var content = Array(magnitude.drop(while: { $0 == 0 }))
        if content.isEmpty {
            content = [0]
        } else if content[0] & 0x80 != 0 {
            content.insert(0, at: 0)
        }
        var encoded: [UInt8] = [0x02]
        appendLength(content.count, to: &encoded)
        return encoded + content
    }

    /// Appends a DER definite length (short form below 128, else long form with the minimal number of bytes).
    private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        if length < 0x80 {
            bytes.append(UInt8(length))
        } else if length <= 0xFF {
            bytes += [0x81, UInt8(length)]
        } else {
            bytes += [0x82, UInt8(length >> 8), UInt8(length & 0xFF)]
        }
    }

    /// The magnitude of a minimal, non-negative DER INTEGER content, or nil if it is empty, negative, not minimal,
    /// or longer than `maxLength`.
    private static func unsignedMagnitude(_ content: ArraySlice<UInt8>, maxLength: Int) -> ArraySlice<UInt8>? {
        guard let first = content.first else { return nil }
        if first & 0x80 != 0 { return nil }  // negative
        var magnitude = content
        if first == 0, content.count > 1 {
            // A leading zero is only allowed (and then required) before a byte with the high bit set.
            guard content[content.startIndex + 1] & 0x80 != 0 else { return nil }
            magnitude = content.dropFirst()
        }
        guard magnitude.count <= maxLength else { return nil }
        return magnitude
    }
}

/// A minimal strict DER reader for the two-integer signature sequence.
private struct DERReader {
    var remaining: ArraySlice<UInt8>

    init(bytes: ArraySlice<UInt8>) {
        remaining = bytes
    }

    var isAtEnd: Bool { remaining.isEmpty }

    /// Reads one element with the given tag and returns a reader over its content.
    mutating func element(tag: UInt8) -> DERReader? {
        var cursor = remaining
        guard cursor.popFirst() == tag, let first = cursor.popFirst() else { return nil }
        var length: Int
        if first < 0x80 {
            length = Int(first)
        } else if first == 0x81 {
            guard let byte = cursor.popFirst(), byte >= 0x80 else { return nil }  // minimal: short form below 128
            length = Int(byte)
        } else if first == 0x82 {
            guard let high = cursor.popFirst(), let low = cursor.popFirst(), high != 0 else { return nil }
            length = Int(high) << 8 | Int(low)
        } else {
            return nil  // indefinite (0x80) or absurdly long for a signature
        }
        guard cursor.count >= length else { return nil }
        let content = cursor.prefix(length)
        remaining = cursor.dropFirst(length)
        return DERReader(bytes: content)
    }
}
