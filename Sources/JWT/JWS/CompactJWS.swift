/// A JWS compact serialization split and decoded (RFC 7515 section 7.1), before any key or signature work.
///
/// Internal: verification and unverified inspection both start here, so both apply the same limits and checks.
/// The signature segment is only located here; `decodeSignature(of:_:)` decodes it, right after this init in both
/// uses, so a bad signature segment is still reported before any key is looked at.
///
/// Noncopyable: a verification borrows it from the split to the signature check, through the closure that holds the
/// decoded signature, where a copyable value was copied (a retain and a release of every field) on every token.
struct CompactJWS: ~Copyable {
    let header: JWSHeader
    let payload: [UInt8]
    /// Where the signature segment, `BASE64URL(JWS Signature)`, lies in the token.
    let signatureRange: Range<Int>
    /// The length in bytes of `BASE64URL(header) '.' BASE64URL(payload)`, the JWS signing input (RFC 7515 section 5.2).
    let signingInputCount: Int
    /// The length in bytes of the header segment, `BASE64URL(header)`.
    let headerSegmentCount: Int
    /// The accepted header given, when this token's header segment is byte-identical to it (its header is then
    /// that one's, not decoded again).
    let reused: AcceptedHeader?

    /// Splits and decodes a compact JWS.
    /// - Parameters:
    ///   - token: the token's bytes (ASCII).
    ///   - limits: size and nesting limits, checked first.
    ///   - known: a header a verifier accepted before; a byte-identical header segment is not decoded again.
    /// - Throws: `limitExceeded`, `malformedToken`, `invalidBase64URL`, `malformedJSON`, `invalidHeader`.
    init(_ token: UnsafeRawBufferPointer, limits: JWSLimits, known: AcceptedHeader? = nil) throws {
        let count = token.count
        if count > limits.maxTokenBytes {
            throw JWTError(
                .limitExceeded,
                "the token is \(count) bytes, over the limit of \(limits.maxTokenBytes) bytes; it was not parsed")
        }
        if count == 0 {
            throw JWTError(.malformedToken, "the token is empty; a JWS has three base64url segments separated by '.'")
        }
        var firstDot = -1
        var secondDot = -1
        var dots = 0
        // Find the dots eight bytes at a time (a word with no '.' byte is skipped whole): on the hot path.
        var index = 0
        while index + 8 <= count {
            let word = token.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x2E2E_2E2E_2E2E_2E2E
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 {
                for offset in index..<(index + 8) where token[offset] == UInt8(ascii: ".") {
                    dots += 1
                    if dots == 1 { firstDot = offset } else if dots == 2 { secondDot = offset }
                }
            }
            index += 8
        }
        while index < count {
            if token[index] == UInt8(ascii: ".") {
                dots += 1
                if dots == 1 { firstDot = index } else if dots == 2 { secondDot = index }
            }
            index += 1
        }
        guard dots == 2 else {
            let looksLikeJSON = token[0] == UInt8(ascii: "{")
            throw JWTError(
                .malformedToken,
                "the token has \(dots + 1) segment\(dots == 0 ? "" : "s") separated by '.'; a JWS compact "
                    + "serialization has exactly three (header.payload.signature, RFC 7515 section 7.1)"
                    + (dots == 4 ? "; five segments is a JWE (encrypted), which this library does not accept" : "")
                    + (looksLikeJSON ? "; this looks like the JWS JSON serialization, which is not accepted" : ""))
        }
        let headerPart = UnsafeRawBufferPointer(rebasing: token[0..<firstDot])
        let payloadPart = UnsafeRawBufferPointer(rebasing: token[(firstDot + 1)..<secondDot])
        if headerPart.isEmpty {
            throw JWTError(.malformedToken, "the header segment is empty (RFC 7515 section 7.1)")
        }
        // Every value is read (and may throw) before the first stored property is set: a throwing init that sets
        // some first assembles `self` aside and copies it out whole, on every token verified.
        let header: JWSHeader
        let reused: AcceptedHeader?
        if let known, known.matches(headerPart) {
            header = known.header
            reused = known
        } else {
            let headerBytes: [UInt8]
            do {
                headerBytes = try Base64URL.decode(headerPart, segment: "header")
            } catch let error as JWTError {
                throw Self.notCompact(error)
            }
            header = try headerBytes.withUnsafeBytes {
                try JWSHeader(
                    decoded: $0, maxNestingDepth: limits.maxNestingDepth, maxMembers: limits.maxObjectMembers)
            }
            reused = nil
        }
        let payload: [UInt8]
        do {
            payload = try Base64URL.decode(payloadPart, segment: "payload")
        } catch let error as JWTError {
            throw Self.notCompact(error)
        }
        self.header = header
        self.reused = reused
        self.payload = payload
        headerSegmentCount = firstDot
        signatureRange = (secondDot + 1)..<count
        signingInputCount = secondDot
    }

    /// Decodes the signature segment of `token` (the bytes this was made from) into a buffer on the stack, and passes
    /// the signature's bytes to `body`.
    /// - Throws: `invalidBase64URL`, or what `body` throws.
    func decodeSignature<R>(of token: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R
    {
        try Self.decodeSignature(signatureRange, of: token, body)
    }

    /// `decodeSignature(of:_:)` given the signature's range, for a caller whose `body` uses this value too.
    /// - Throws: `invalidBase64URL`, or what `body` throws.
    static func decodeSignature<R>(
        _ signatureRange: Range<Int>, of token: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        // Only the segment's own decoding failure says the token is not a JWS; what `body` throws passes as it is.
        try Base64URL.withDecoded(
            UnsafeRawBufferPointer(rebasing: token[signatureRange]), segment: "signature", invalid: notCompact, body)
    }

    /// A segment that is not base64url makes the token no compact JWS at all: that is said first, then why (the
    /// decoder's reason names the segment, the character and its position), so "not.a.jwt" does not read as a
    /// question of unused bits. The code stays `invalidBase64URL`.
    static func notCompact(_ error: JWTError) -> JWTError {
        guard error.code == .invalidBase64URL else { return error }
        return JWTError(
            .invalidBase64URL,
            "the token is not a compact JWS (three base64url segments, header.payload.signature; RFC 7515 section "
                + "7.1): " + error.reason)
    }
}
