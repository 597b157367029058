/// An HMAC key (RFC 7518 section 3.2), used only when the caller names HS256, HS384 or HS512 explicitly.
///
/// No length policy is applied here (RFC 7518 section 3.2 asks for a key at least as long as the hash output):
/// the JOSE layer decides. `description` never prints the key.
public struct SymmetricKey: Sendable, Hashable, CustomStringConvertible {
    /// The secret bytes.
    public let bytes: [UInt8]

    /// Creates a key.
    /// - Parameter bytes: the secret.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Computes the HMAC of a JWS signing input (RFC 7518 section 3.2).
    /// - Parameters:
    ///   - message: the signing input.
    ///   - algorithm: HS256, HS384 or HS512.
    /// - Returns: the MAC: 32, 48 or 64 bytes.
    /// - Throws: `JWTError.algorithmKeyMismatch` for an algorithm other than HS*; `JWTError.cryptoFailure` if
    ///   OpenSSL fails.
    public func authenticationCode(for message: [UInt8], algorithm: JWSAlgorithm) throws -> [UInt8] {
        guard algorithm.isSymmetric, let hash = algorithm.hash else {
            throw JWTError(
                .algorithmKeyMismatch,
                "\(algorithm.rawValue) is not an HMAC algorithm; a symmetric key only fits HS256, HS384 and HS512"
            )
        }
        return try HMAC.compute(key: bytes, message: message, hash: hash)
    }

    /// Checks an HMAC in constant time (RFC 7518 section 3.2; the comparison uses CRYPTO_memcmp).
    /// - Parameters:
    ///   - mac: the MAC to check.
    ///   - message: the signing input.
    ///   - algorithm: HS256, HS384 or HS512.
    /// - Returns: true only if `mac` is the full, correct MAC; false for any other algorithm or on OpenSSL failure.
    public func isValidAuthenticationCode(_ mac: [UInt8], for message: [UInt8], algorithm: JWSAlgorithm) -> Bool {
        guard let expected = try? authenticationCode(for: message, algorithm: algorithm) else { return false }
        return HMAC.constantTimeEquals(expected, mac)
    }

    /// Names the length only; never prints the secret.
    public var description: String { "SymmetricKey(\(bytes.count) bytes)" }
}
