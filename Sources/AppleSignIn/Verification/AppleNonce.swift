import GatehouseCore
import JWT

/// The nonce a verifier expects in the token's `nonce` claim.
///
/// Apps either send their raw nonce to Apple, or (the common convention, and what Apple's own sample does) the
/// lowercase hex SHA-256 of it, keeping the raw value for the server.
public enum AppleNonce: Sendable, Hashable {
    /// The `nonce` claim must equal this value exactly.
    case exact(String)
    /// The `nonce` claim must equal the lowercase hex SHA-256 of this raw nonce's UTF-8 bytes.
    case sha256(ofRaw: String)

    /// The value the `nonce` claim must have.
    public var expectedClaim: String {
        switch self {
        case .exact(let value): value
        case .sha256(let raw): Self.sha256Hex(raw)
        }
    }

    /// The lowercase hex SHA-256 of a string's UTF-8 bytes.
    /// - Parameter raw: the raw nonce.
    /// - Returns: 64 lowercase hex digits.
    public static func sha256Hex(_ raw: String) -> String {
        Hex.lowercase(Digest.sha256(Array(raw.utf8)))
    }
}
