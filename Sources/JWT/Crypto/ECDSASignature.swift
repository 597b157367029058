/// Conversions between the two ECDSA signature encodings: the JWS form, raw `r || s` with each integer left-padded to
/// the curve's coordinate length (RFC 7518 section 3.4), and the DER `Ecdsa-Sig-Value` OpenSSL reads and writes
/// (`SEQUENCE { r INTEGER, s INTEGER }`, RFC 3279 section 2.2.3).
enum ECDSASignature {
    /// The largest DER signature of the supported curves: P-521 with both integers padded (3 + 2 * (2 + 1 + 66)).
    static let maximumDERLength = 141

    /// DER-encodes a raw JWS signature.
    /// - Parameters:
    ///   - raw: `r || s`, which must be exactly `2 * coordinateByteCount` bytes (RFC 7518 section 3.4).
    ///   - coordinateByteCount: 32, 48 or 66.
    /// - Returns: the DER `Ecdsa-Sig-Value`, or nil when `raw` has the wrong length.
    static func der(fromRaw raw: UnsafeRawBufferPointer, coordinateByteCount: Int) -> [UInt8]? {
        withDER(fromRaw: raw, coordinateByteCount: coordinateByteCount) { $0.map { Array($0) } }
    }

    /// DER-encodes a raw JWS signature.
    /// - Parameters:
    ///   - raw: `r || s`.
    ///   - coordinateByteCount: 32, 48 or 66.
    /// - Returns: the DER `Ecdsa-Sig-Value`, or nil when `raw` has the wrong length.
    static func der(fromRaw raw: [UInt8], coordinateByteCount: Int) -> [UInt8]? {
        raw.withUnsafeBytes { der(fromRaw: $0, coordinateByteCount: coordinateByteCount) }
    }

    /// DER-encodes a raw JWS signature into stack memory and passes it to `body` (nil for a wrong length): the
    /// verification hot path, without heap allocation.
    /// - Parameters:
    ///   - raw: `r || s`.
    ///   - coordinateByteCount: 32, 48 or 66.
    ///   - body: receives the DER bytes, valid only during the call, or nil.
    /// - Returns: what `body` returns.
    static func withDER<R>(
        fromRaw raw: UnsafeRawBufferPointer,
        coordinateByteCount: Int,
        _ body: (UnsafeRawBufferPointer?) throws -> R
    ) rethrows -> R {
        guard coordinateByteCount > 0, coordinateByteCount <= 66, raw.count == 2 * coordinateByteCount else {
            return try body(nil)
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumDERLength) { buffer in
            // Content first, from offset 3 (room for the longest sequence header), then the header before it.
            var position = 3
            appendInteger(raw, from: 0, count: coordinateByteCount, to: buffer, at: &position)
            appendInteger(raw, from: coordinateByteCount, count: coordinateByteCount, to: buffer, at: &position)
            let contentLength = position - 3
            let start: Int
            if contentLength < 0x80 {
                start = 1
                buffer[1] = 0x30
                buffer[2] = UInt8(contentLength)
            } else {
                start = 0
                buffer[0] = 0x30
                buffer[1] = 0x81
                buffer[2] = UInt8(contentLength)
            }
            return try body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[start..<position]))
        }
    }

    /// Writes a DER INTEGER (tag, length, content) for the unsigned big-endian magnitude `raw[from..<from+count]`:
    /// leading zeros stripped, one zero byte prepended when the high bit is set (DER integers are signed), zero as
    /// the single byte 0x00. Magnitudes are at most 66 bytes, so the length is always in short form.
    private static func appendInteger(
        _ raw: UnsafeRawBufferPointer,
        from offset: Int,
        count: Int,
        to buffer: UnsafeMutableBufferPointer<UInt8>,
        at position: inout Int
    ) {
        var first = offset
        let end = offset + count
        while first < end, raw[first] == 0 { first += 1 }
        let magnitude = end - first
        buffer[position] = 0x02
        if magnitude == 0 {
            buffer[position + 1] = 1
            buffer[position + 2] = 0
            position += 3
            return
        }
        let padding = raw[first] & 0x80 != 0 ? 1 : 0
        buffer[position + 1] = UInt8(magnitude + padding)
        position += 2
        if padding == 1 {
            buffer[position] = 0
            position += 1
        }
        for index in first..<end {
            buffer[position] = raw[index]
            position += 1
        }
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
