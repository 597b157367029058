/// The parts of a compact JWS (RFC 7515 section 7.1) for a module of this package that chooses its key its own way:
/// AppStoreServer, whose key is the leaf of an `x5c` chain it verifies first. The same splitting, limits and errors as
/// every verification here (`CompactJWS`); nothing is verified by this.
package enum CompactJWSParts {
    /// Splits and decodes `token`, then passes its parts to `body`.
    /// - Parameters:
    ///   - token: the compact JWS.
    ///   - limits: size and nesting limits, checked first.
    ///   - body: receives the decoded header, the decoded payload, the JWS signing input
    ///     (`BASE64URL(header) '.' BASE64URL(payload)`, RFC 7515 section 5.2) and the decoded signature.
    /// - Returns: what `body` returns.
    /// - Throws: `JWTError` (`limitExceeded`, `malformedToken`, `invalidBase64URL`, `malformedJSON`, `invalidHeader`),
    ///   or what `body` throws.
    package static func with<R>(
        _ token: String, limits: JWSLimits,
        _ body: (
            _ header: JWSHeader, _ payload: [UInt8], _ signingInput: UnsafeRawBufferPointer,
            _ signature: UnsafeRawBufferPointer
        ) throws -> R
    ) throws -> R {
        var token = token
        return try token.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let parts = try CompactJWS(bytes, limits: limits)
            let signingInput = UnsafeRawBufferPointer(rebasing: bytes[0..<parts.signingInputCount])
            return try parts.decodeSignature(of: bytes) { signature in
                try body(parts.header, parts.payload, signingInput, signature)
            }
        }
    }
}
